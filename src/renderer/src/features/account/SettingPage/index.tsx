/**
 * /my/setting 账号设置: the hub — security level, login password, bound phone, e-mail, real name,
 * payment password, WeChat (its own card), login devices, the security log and cancellation.
 */
import { Alert, Button, Card, List, Progress, Skeleton, Space, Tag } from 'antd'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { securityLogQuery, securityQuery } from '@renderer/api/account'
import { ACCOUNT_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { parseTime } from '@renderer/utils/time'
// ── WeChat slot ── the WeChat official-account binding card: a placeholder (建设中) in this branch,
// replaced by the real card of the wechat feature at merge.
import WechatBindingCard from '@renderer/features/wechat/WechatBindingCard'
import { SessionsCard } from './SessionsCard'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const LEVEL_COLORS = ['var(--ant-color-error)', 'var(--ant-color-warning)', 'var(--ant-color-success)']

export default function SettingPage() {
  const security = useQuery(securityQuery())
  const log = useQuery(securityLogQuery(1))
  const s = security.data

  const rows = s
    ? [
        {
          key: 'password',
          label: '登录密码',
          state: '已设置',
          ok: true,
          to: '/user/loginPass.html',
          action: '修改',
        },
        {
          key: 'phone',
          label: '绑定手机',
          state: s.phone || '未绑定',
          ok: Boolean(s.phone),
          to: '/user/phoneBind.html',
          action: s.phone ? '换绑' : '绑定',
        },
        {
          key: 'email',
          label: '邮箱',
          state: s.email ? `${s.email}${s.emailVerified ? '（已验证）' : '（未验证）'}` : '未绑定',
          ok: s.emailVerified,
          to: '/user/userBase.html',
          action: s.email ? '修改' : '绑定',
        },
        {
          key: 'realName',
          label: '实名认证',
          state:
            s.realName.status === 'VERIFIED'
              ? `${s.realName.name} ${s.realName.idNumber}`
              : s.realName.pendingReview
                ? '人工审核中'
                : '未认证',
          ok: s.realName.status === 'VERIFIED',
          to: '/user/userCert.html',
          action: s.realName.status === 'VERIFIED' ? '查看' : '去认证',
        },
        {
          key: 'payPassword',
          label: '支付密码',
          state: s.hasPayPassword ? '已设置' : '未设置',
          ok: s.hasPayPassword,
          to: s.hasPayPassword ? '/user/payPass.html' : '/user/payPass.html',
          action: s.hasPayPassword ? '修改' : '设置',
          extra: s.hasPayPassword ? { to: '/user/warrant.html', label: '忘记支付密码' } : undefined,
        },
      ]
    : []

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title="账号设置">
      {security.isPending ? (
        <Skeleton active />
      ) : security.error || !s ? (
        <ErrorAlert error={security.error} fallback="加载失败" />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {s.writeoffDueAt ? (
            <Alert
              type="warning"
              showIcon
              title={`账号注销申请冷静期中，将于 ${parseTime(s.writeoffDueAt, 'YYYY-MM-DD HH:mm')} 注销`}
            />
          ) : null}
          <Card size="small">
            {/* wraps as a whole on a phone: squeezed, 安全等级 went one character a line */}
            <Space size="large" align="center" wrap>
              <span style={{ whiteSpace: 'nowrap' }}>安全等级</span>
              <Progress
                percent={[34, 67, 100][s.level - 1]}
                steps={3}
                showInfo={false}
                strokeColor={LEVEL_COLORS[s.level - 1]}
                aria-label={`安全等级 ${s.levelLabel}`}
              />
              <strong
                style={{ color: LEVEL_COLORS[s.level - 1], whiteSpace: 'nowrap' }}
                data-testid="security-level"
              >
                {s.levelLabel}
              </strong>
              <span style={{ color: 'var(--ant-color-text-secondary)' }}>
                绑定手机、邮箱，完成实名认证并设置支付密码可提高安全等级
              </span>
            </Space>
          </Card>
          <Card size="small" title="账号安全">
            <List
              dataSource={rows}
              renderItem={(row) => (
                <List.Item
                  aria-label={row.label}
                  actions={[
                    ...(row.extra
                      ? [
                          <Link key="extra" to={row.extra.to}>
                            {row.extra.label}
                          </Link>,
                        ]
                      : []),
                    <Link key="go" to={row.to}>
                      {row.action}
                    </Link>,
                  ]}
                >
                  <List.Item.Meta
                    // antd gives the title no width of its own (width 0, flex 1): on a phone the
                    // value took it all and 实名认证 went one character a line; five characters' room
                    style={{ flex: 'none', width: '5em' }}
                    title={<span style={{ whiteSpace: 'nowrap' }}>{row.label}</span>}
                  />
                  <Space wrap>
                    <span>{row.state}</span>
                    {row.ok ? <Tag color="green">已完成</Tag> : <Tag>未完成</Tag>}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
          <WechatBindingCard />
          <SessionsCard />
          <Card size="small" title="安全记录">
            <List
              loading={log.isPending}
              dataSource={log.data?.rows ?? []}
              locale={{ emptyText: '暂无记录' }}
              renderItem={(r) => (
                <List.Item>
                  <List.Item.Meta title={r.actionLabel} description={r.detail} />
                  <span style={{ color: 'var(--ant-color-text-secondary)' }}>
                    {parseTime(r.createdAt, 'YYYY-MM-DD HH:mm')} {r.ip}
                  </span>
                </List.Item>
              )}
            />
          </Card>
          <Card size="small" title="注销账号">
            <Space>
              <span>注销后账号将无法登录，个人资料将被清除，且无法恢复。</span>
              <Link to="/writeoff.html">
                <Button danger size="small">
                  申请注销
                </Button>
              </Link>
            </Space>
          </Card>
        </Space>
      )}
    </CentreLayout>
  )
}

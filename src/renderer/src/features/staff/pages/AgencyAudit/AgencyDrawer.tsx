/**
 * The drawer of one agency application: what the owner handed in (attributes, screenshots, prices,
 * credential fields), the timeline, and the staff actions of its state (StaffActions.tsx) — 验号,
 * publish, reject with a reason the owner reads, deliver a sold one.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Drawer, Image, Skeleton, Space, Table, Timeline } from 'antd'
import { AGENCY_LIMITS, AGENCY_STATUS_DICT } from '@shared/api/agency'
import { PERMS } from '@shared/permissions'
import { staffAgencyDetailQuery, useRejectAgency } from '@renderer/api/agency'
import { imageSrc } from '@renderer/api/goods'
import { HasPermi } from '@renderer/components/HasPermi'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ReasonModal } from '../../parts/ReasonModal'
import { DictTag } from '../../parts/dict'
import { yuanText } from '../../parts/table'
import { ChecklistForm, Credentials, DeliverForm, PublishForm } from './StaffActions'

export function AgencyDrawer({
  applicationId,
  onClose,
}: {
  applicationId: number | null
  onClose: () => void
}) {
  const detail = useQuery({ ...staffAgencyDetailQuery(applicationId ?? 0), enabled: applicationId !== null })
  const reject = useRejectAgency()
  const [rejecting, setRejecting] = useState(false)
  const app = detail.data
  const open = applicationId !== null
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={app ? `代售申请 ${app.applicationId}` : '代售申请'}
    >
      {!app ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="状态">
              <DictTag dictType={AGENCY_STATUS_DICT} value={app.status} />
            </Descriptions.Item>
            <Descriptions.Item label="用户">{app.userName}</Descriptions.Item>
            <Descriptions.Item label="游戏">{app.gameName}</Descriptions.Item>
            <Descriptions.Item label="标题">{app.title}</Descriptions.Item>
            <Descriptions.Item label="期望售价">{yuanText(app.askingPrice)}</Descriptions.Item>
            <Descriptions.Item label="最低价">
              {app.negotiable && app.floorPrice !== null ? yuanText(app.floorPrice) : '不议价'}
            </Descriptions.Item>
            <Descriptions.Item label="账号属性" span={2}>
              {Object.entries(app.attributes)
                .map(([k, v]) => `${k}：${Array.isArray(v) ? v.join('、') : String(v)}`)
                .join('；') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="描述" span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{app.description || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="账号信息" span={2}>
              {app.credentialFields.join('、')}
              {app.credentialsComplete ? '（完整，售出后自动交付）' : '（不完整，售出后需人工交付）'}
            </Descriptions.Item>
            {app.rejectReason ? (
              <Descriptions.Item label="驳回原因" span={2}>
                {app.rejectReason}
              </Descriptions.Item>
            ) : null}
            {app.order ? (
              <Descriptions.Item label="订单" span={2}>
                {app.order.orderNo}（{app.order.status}，{yuanText(app.order.amount)}）
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Image.PreviewGroup>
            <Space wrap>
              {app.images.map((img) => (
                <Image
                  key={img.imageId}
                  width={88}
                  src={imageSrc(img.thumbUrl)}
                  preview={{ src: imageSrc(img.url) }}
                  alt="账号截图"
                />
              ))}
            </Space>
          </Image.PreviewGroup>

          {app.status === 'VERIFYING' ? (
            <HasPermi permissions={[PERMS.agencyVerify]}>
              <section>
                <h3>验号</h3>
                <Credentials applicationId={app.applicationId} />
                <div style={{ marginTop: 12 }}>
                  <ChecklistForm key={app.updatedAt} app={app} />
                </div>
              </section>
            </HasPermi>
          ) : null}
          {app.checks.length > 0 && app.status !== 'VERIFYING' ? (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={app.checks}
              columns={[
                { title: '检查项', dataIndex: 'label' },
                { title: '结果', dataIndex: 'passed', render: (p: boolean) => (p ? '通过' : '未通过') },
                { title: '备注', dataIndex: 'note' },
              ]}
            />
          ) : null}
          {app.status === 'VERIFYING' ? (
            <HasPermi permissions={[PERMS.agencyPublish]}>
              <section>
                <h3>上架</h3>
                <PublishForm app={app} />
              </section>
            </HasPermi>
          ) : null}
          {app.status === 'LISTED' && app.order && ['PAID', 'DELIVERING'].includes(app.order.status) ? (
            <HasPermi permissions={[PERMS.agencyDeliver]}>
              <section>
                <h3>交付</h3>
                <DeliverForm app={app} />
              </section>
            </HasPermi>
          ) : null}
          {app.status === 'PENDING' || app.status === 'VERIFYING' ? (
            <HasPermi permissions={[PERMS.agencyVerify]}>
              <Button danger onClick={() => setRejecting(true)}>
                驳回申请
              </Button>
            </HasPermi>
          ) : null}
          <section>
            <h3>时间线</h3>
            <Timeline
              items={app.timeline.map((e) => ({
                content: `${parseTime(e.createdAt)} ${e.label}${e.detail ? `：${e.detail}` : ''}`,
              }))}
            />
          </section>
        </Space>
      )}
      <ReasonModal
        open={rejecting}
        title="驳回代售申请"
        label="驳回原因（用户会收到站内信）"
        maxLength={AGENCY_LIMITS.reasonMax}
        loading={reject.isPending}
        onCancel={() => setRejecting(false)}
        onOk={(reason) =>
          app &&
          reject.mutate(
            { applicationId: app.applicationId, reason },
            {
              onSuccess: () => {
                toast('success', '已驳回，已通知用户')
                setRejecting(false)
              },
            },
          )
        }
      />
    </Drawer>
  )
}

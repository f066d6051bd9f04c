/**
 * The drawer of one agency application: what the owner handed in (attributes, screenshots, prices,
 * credential fields), the timeline, and the staff actions of its state — 验号 checklist, credentials
 * (every view logged), publish at a price (never under the owner's floor), reject with a reason,
 * deliver a sold one (stored credentials, completed here when some are missing).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Skeleton,
  Space,
  Switch,
  Table,
  Timeline,
} from 'antd'
import { AGENCY_LIMITS, AGENCY_STATUS_DICT, type StaffAgencyApplication } from '@shared/api/agency'
import { PERMS } from '@shared/permissions'
import {
  staffAgencyDetailQuery,
  useCheckAgency,
  useDeliverAgency,
  usePublishAgency,
  useRejectAgency,
  useRevealAgencyCredentials,
} from '@renderer/api/console-agency'
import { transferConfigQuery } from '@renderer/api/game'
import { imageSrc } from '@renderer/api/goods'
import { HasPermi } from '@renderer/components/HasPermi'
import { TransferFieldInput } from '@renderer/components/TransferFieldInput'
import { apiErrorText } from '@renderer/utils/api-error'
import { fenToYuan, priceError, yuanToFen } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { GOODS_LIMITS } from '@shared/api/goods'
import { ReasonModal } from '../../parts/ReasonModal'
import { DictTag } from '../../parts/dict'
import { yuanText } from '../../parts/table'

function ChecklistForm({ app }: { app: StaffAgencyApplication }) {
  const check = useCheckAgency()
  const [error, setError] = useState('')
  const recorded = new Map(app.checks.map((c) => [c.key, c]))
  const [form] = Form.useForm<Record<string, { passed: boolean; note?: string }>>()
  return (
    <Form
      form={form}
      layout="inline"
      className="agency-checklist"
      initialValues={Object.fromEntries(
        app.checklist.map((i) => [
          i.key,
          { passed: recorded.get(i.key)?.passed ?? false, note: recorded.get(i.key)?.note ?? '' },
        ]),
      )}
      onFinish={(values) => {
        setError('')
        check.mutate(
          {
            applicationId: app.applicationId,
            checks: app.checklist.map((i) => ({
              key: i.key,
              passed: Boolean(values[i.key]?.passed),
              note: (values[i.key]?.note ?? '').trim(),
            })),
          },
          {
            onSuccess: () => toast('success', '验号结果已保存'),
            onError: (e) => setError(apiErrorText(e, '保存失败')),
          },
        )
      }}
    >
      {app.checklist.map((i) => (
        <Space key={i.key} style={{ width: '100%', marginBottom: 8 }}>
          <Form.Item name={[i.key, 'passed']} valuePropName="checked" noStyle>
            <Switch checkedChildren="通过" unCheckedChildren="未通过" aria-label={i.label} />
          </Form.Item>
          <span style={{ minWidth: 120, display: 'inline-block' }}>{i.label}</span>
          <Form.Item name={[i.key, 'note']} noStyle>
            <Input placeholder="备注" maxLength={AGENCY_LIMITS.noteMax} aria-label={`${i.label}备注`} />
          </Form.Item>
        </Space>
      ))}
      {error ? (
        <Alert type="error" showIcon title={error} style={{ width: '100%', marginBottom: 8 }} />
      ) : null}
      <Button type="primary" htmlType="submit" loading={check.isPending}>
        保存验号结果
      </Button>
    </Form>
  )
}

function Credentials({ applicationId }: { applicationId: number }) {
  const reveal = useRevealAgencyCredentials()
  if (!reveal.data)
    return (
      <Button onClick={() => reveal.mutate(applicationId)} loading={reveal.isPending}>
        查看账号信息（记录日志）
      </Button>
    )
  return (
    <Descriptions size="small" column={1} bordered>
      {reveal.data.map((f) => (
        <Descriptions.Item key={f.key} label={f.label}>
          <span style={{ fontFamily: 'monospace' }}>{f.value}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  )
}

function PublishForm({ app }: { app: StaffAgencyApplication }) {
  const publish = usePublishAgency()
  const [price, setPrice] = useState(fenToYuan(app.listedPrice ?? app.askingPrice))
  const [error, setError] = useState('')
  const floor = app.negotiable && app.floorPrice !== null ? app.floorPrice : app.askingPrice
  const submit = () => {
    const fen = yuanToFen(price)
    const problem =
      priceError(fen, GOODS_LIMITS) ||
      (fen !== null && fen < floor ? `上架价格不能低于 ${yuanText(floor)}` : '')
    if (problem) return setError(problem)
    setError('')
    publish.mutate(
      { applicationId: app.applicationId, price: fen as number },
      {
        onSuccess: () => toast('success', '已上架为官方代售'),
        onError: (e) => setError(apiErrorText(e, '上架失败')),
      },
    )
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Input
          prefix="¥"
          suffix="元"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-label="上架价格（元）"
          style={{ width: 200 }}
        />
        <Button type="primary" onClick={submit} loading={publish.isPending}>
          上架为官方代售
        </Button>
      </Space>
      <span style={{ color: '#6b7280' }}>
        {app.negotiable ? `用户允许议价，最低 ${yuanText(floor)}` : `用户不议价，不低于 ${yuanText(floor)}`}
      </span>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Space>
  )
}

function DeliverForm({ app }: { app: StaffAgencyApplication }) {
  const transfer = useQuery(transferConfigQuery(app.gameId))
  const deliver = useDeliverAgency()
  const [error, setError] = useState('')
  if (!transfer.data) return <Skeleton active />
  const missing = transfer.data.fields.filter((f) => !app.credentialFields.includes(f.label))
  return (
    <Form<Record<string, string | undefined>>
      layout="vertical"
      onFinish={(values) => {
        setError('')
        const fields = Object.fromEntries(
          Object.entries(values).filter((e): e is [string, string] => Boolean(e[1]?.trim())),
        )
        deliver.mutate(
          { applicationId: app.applicationId, fields },
          {
            onSuccess: () => toast('success', '已交付买家'),
            onError: (e) => setError(apiErrorText(e, '交付失败')),
          },
        )
      }}
    >
      <p>
        订单 {app.order?.orderNo} 待交付：将用户提交的账号信息交给买家
        {missing.length ? '，请补全以下信息' : ''}。
      </p>
      {missing.map((f) => (
        <Form.Item key={f.key} name={f.key} label={f.label}>
          <TransferFieldInput field={f} />
        </Form.Item>
      ))}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} /> : null}
      <Button type="primary" htmlType="submit" loading={deliver.isPending}>
        交付买家
      </Button>
    </Form>
  )
}

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

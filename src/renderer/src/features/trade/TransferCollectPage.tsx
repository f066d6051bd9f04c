/**
 * /order/transferCollect.html?orderNo= (standalone): the account hand-over of an order.
 * - The seller of a paid order fills what the game's getGameTransferCollectConfig asks for
 *   (deliveryForm), prefilled from the listing's delivery account where one is saved; each field is
 *   checked by its kind (src/shared/rules/transfer.ts, the server's own rule), then shown once more
 *   for a last look before it is submitted. Until the buyer confirms receipt the seller may correct
 *   it (the buyer is told, the correction is logged, the 72 hours to confirm start again).
 * - The buyer, after delivery, sees the credentials (each view is logged by the server) with copy
 *   buttons and the warning to change the password and bind their own phone at once. Nobody else
 *   gets them: the server answers them to the buyer only, and this page asks only as the buyer.
 */
import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Alert, Button, Descriptions, Form, Result, Skeleton, Tooltip } from 'antd'
import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import type { TransferField } from '@shared/api/goods'
import type { Order } from '@shared/api/trade'
import { normaliseTransferValue } from '@shared/rules/transfer'
import { correctDelivery, deliverOrder, getCredentials, getDeliveryForm } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { OrderLoadFailed } from './ConfirmOrderPage'
import { ConfirmReceiptModal } from './ConfirmReceiptModal'
import { OrderSummary, TimeLeft } from './OrderParts'
import { TransferFieldInput, transferFieldRule } from './TransferFieldInput'
import { useOrderFromQuery } from './use-order'
import './trade.css'

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="page-container trade-page">
      <section className="panel centre-narrow">
        <div className="panel__head">
          <h1 className="panel__title">账号转移信息</h1>
        </div>
        {children}
      </section>
    </div>
  )
}

async function copy(text: string, label: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast('success', `${label}已复制`)
  } catch {
    toast('warning', '复制失败，请手动选择复制')
  }
}

/** What the seller is about to hand over, for a last look (secrets shown as dots until asked). */
function ReviewHandOver({
  fields,
  values,
  onBack,
  onSubmit,
  saving,
  correcting,
}: {
  fields: TransferField[]
  values: Record<string, string>
  onBack: () => void
  onSubmit: () => void
  saving: boolean
  correcting: boolean
}) {
  const [reveal, setReveal] = useState(false)
  const shown = fields.filter((f) => values[f.key])
  return (
    <section aria-label="核对交付信息">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={correcting ? '请核对修改后的交付信息' : '请核对交付信息，提交后买家即可查看'}
        description={
          correcting
            ? '提交后买家会收到修改通知，确认收货的 72 小时重新计时。每次修改都会记录。'
            : '买家确认收货前，您仍可修改交付信息；每次修改都会记录并通知买家。'
        }
      />
      <Descriptions bordered size="small" column={1} className="handover-review">
        {shown.map((f) => (
          <Descriptions.Item key={f.key} label={f.label}>
            {f.secret || f.kind === 'password' ? (reveal ? values[f.key] : '••••••') : values[f.key]}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <div className="trade-footer">
        <Button onClick={onBack}>返回修改</Button>
        <Button onClick={() => setReveal((r) => !r)}>{reveal ? '隐藏密码' : '显示密码'}</Button>
        <Button type="primary" loading={saving} onClick={onSubmit}>
          {correcting ? '确认修改' : '确认提交'}
        </Button>
      </div>
    </section>
  )
}

function SellerDeliver({ order, onDone }: { order: Order; onDone: () => void }) {
  const canDeliver = order.actions.includes('deliver') || order.actions.includes('correctDelivery')
  const form = useQuery(['delivery-form', order.orderNo, order.status, canDeliver], () =>
    canDeliver ? getDeliveryForm(order.orderNo) : Promise.resolve(null),
  )
  const [antForm] = Form.useForm<Record<string, string>>()
  const [review, setReview] = useState<Record<string, string> | null>(null)
  const [editing, setEditing] = useState(false)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')

  if (!canDeliver) {
    return (
      <Alert
        type="info"
        showIcon
        title={order.status === 'PAID' ? '请先在订单中点击「开始发货」' : '该订单当前无需填写交付信息'}
        action={
          <Link to="/seller/sellOrder.html">
            <Button size="small">返回订单</Button>
          </Link>
        }
      />
    )
  }
  if (form.error) return <Alert type="error" showIcon title={apiErrorText(form.error, '交付表单加载失败')} />
  if (!form.data) return <Skeleton active />
  const { fields, correcting } = form.data

  if (correcting && !editing && !review) {
    return (
      <Alert
        type="success"
        showIcon
        title={
          order.autoDelivered ? '平台已按发货账号自动交付，等待买家确认收货' : '已交付，等待买家确认收货'
        }
        description={
          order.deliveryCorrections > 0 ? `交付信息已修改 ${order.deliveryCorrections} 次。` : undefined
        }
        action={
          <Button size="small" onClick={() => setEditing(true)}>
            修改交付信息
          </Button>
        }
      />
    )
  }

  const submit = async (values: Record<string, string>) => {
    setSaving(true)
    setError('')
    try {
      if (correcting) {
        await correctDelivery(order.orderNo, values)
        toast('success', '交付信息已修改，已通知买家')
      } else {
        await deliverOrder(order.orderNo, values)
        toast('success', '已提交交付信息，等待买家确认收货')
      }
      setReview(null)
      setEditing(false)
      onDone()
    } catch (err) {
      setError(apiErrorText(err, '提交失败'))
      setReview(null)
    } finally {
      setSaving(false)
    }
  }

  if (review) {
    return (
      <>
        <ReviewHandOver
          fields={fields}
          values={review}
          correcting={correcting}
          saving={saving}
          onBack={() => setReview(null)}
          onSubmit={() => void submit(review)}
        />
      </>
    )
  }

  const prefilled = Object.values(form.data.values).some((v) => v)
  const toReview = (raw: Record<string, string>) => {
    const values: Record<string, string> = {}
    for (const field of fields) {
      const value = normaliseTransferValue(field, raw[field.key] ?? '')
      if (value) values[field.key] = value
    }
    setError('')
    setReview(values)
  }
  return (
    <>
      {correcting ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改交付信息"
          description="只在交付信息有误或需要更新时修改；买家会收到通知并重新计时确认收货。"
        />
      ) : prefilled ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="已使用该商品的发货账号预填"
          description="请核对预填的信息，如有变动直接修改后提交。"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="请如实填写账号转移信息"
          description="信息只对本订单买家可见，平台记录每次查看；请勿在聊天中发送账号密码。"
        />
      )}
      <Form
        form={antForm}
        layout="vertical"
        initialValues={form.data.values}
        onFinish={(values: Record<string, string>) => toReview(values)}
        aria-label="账号转移信息"
      >
        {fields.map((field) => (
          <Form.Item key={field.key} name={field.key} label={field.label} rules={[transferFieldRule(field)]}>
            <TransferFieldInput field={field} />
          </Form.Item>
        ))}
        {error ? (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <div className="trade-footer">
          {correcting ? <Button onClick={() => setEditing(false)}>取消修改</Button> : null}
          <Button type="primary" htmlType="submit">
            下一步：核对信息
          </Button>
        </div>
      </Form>
    </>
  )
}

function BuyerCredentials({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const navigate = useNavigate()
  const allowed = order.actions.includes('viewCredentials')
  const credentials = useQuery(['credentials', order.orderNo, allowed], () =>
    allowed ? getCredentials(order.orderNo) : Promise.resolve(null),
  )
  const [confirming, setConfirming] = useState(false)
  if (!allowed) {
    return (
      <Alert
        type="info"
        showIcon
        title="卖家尚未交付账号信息"
        description="卖家提交交付信息后，您会收到订单消息，届时可在这里查看。"
      />
    )
  }
  if (credentials.error)
    return <Alert type="error" showIcon title={apiErrorText(credentials.error, '账号信息加载失败')} />
  if (!credentials.data) return <Skeleton active />
  return (
    <>
      <Alert
        type="warning"
        showIcon
        icon={<SafetyCertificateOutlined />}
        title="请立即登录游戏修改密码，并换绑您自己的手机号"
        description="不要把账号信息告诉任何人，平台工作人员不会向您索要。核对无误后再确认收货；有问题请在担保聊天室申请仲裁。"
      />
      <dl className="credential-list" aria-label="账号信息">
        {credentials.data.fields.map((field) => (
          <div className="credential-row" key={field.key}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
            <Tooltip title={`复制${field.label}`}>
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={`复制${field.label}`}
                onClick={() => void copy(field.value, field.label)}
              />
            </Tooltip>
          </div>
        ))}
      </dl>
      <p className="order-card__sub">
        交付时间 {formatTradeTime(credentials.data.deliveredAt)}
        {credentials.data.automatic ? '（平台按卖家的发货账号自动交付）' : ''}
      </p>
      {credentials.data.corrections.length > 0 ? (
        <Alert
          type="info"
          showIcon
          title="卖家修改过交付信息，以上为最新内容"
          description={
            <ul className="handover-corrections">
              {credentials.data.corrections.map((c) => (
                <li key={c.at}>
                  {formatTradeTime(c.at)} 修改了：{c.fields}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <div className="trade-footer">
        <Button
          href={`/warrantOrderHandler.html?orderNo=${encodeURIComponent(order.orderNo)}`}
          target="_blank"
        >
          担保聊天室
        </Button>
        {order.actions.includes('confirm') ? (
          <Button type="primary" onClick={() => setConfirming(true)}>
            确认收货
          </Button>
        ) : null}
      </div>
      <ConfirmReceiptModal
        order={order}
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirmed={() => {
          onChanged()
          void navigate('/buyer/buyOrder.html')
        }}
      />
    </>
  )
}

export default function TransferCollectPage() {
  const { orderNo, data: order, error, reload } = useOrderFromQuery()
  if (error || !orderNo || order === null) {
    return (
      <Frame>
        <OrderLoadFailed error={error} />
      </Frame>
    )
  }
  if (!order) {
    return (
      <Frame>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Frame>
    )
  }
  if (order.myRole === 'staff') {
    return (
      <Frame>
        <Result status="403" title="账号信息仅对买家可见" />
      </Frame>
    )
  }
  return (
    <Frame>
      <OrderSummary order={order} />
      {order.deadlineAt ? (
        <p>
          <TimeLeft order={order} />
        </p>
      ) : null}
      {order.myRole === 'seller' ? (
        <SellerDeliver order={order} onDone={reload} />
      ) : (
        <BuyerCredentials order={order} onChanged={reload} />
      )}
    </Frame>
  )
}

/**
 * /order/transferCollect.html?orderNo= (standalone): the account hand-over of an order.
 * - The seller of a paid order fills what the game's getGameTransferCollectConfig asks for
 *   (deliveryForm), prefilled from the listing's delivery account where one is saved.
 * - The buyer, after delivery, sees the credentials (each view is logged by the server) with copy
 *   buttons and the warning to change the password and bind their own phone at once. Nobody else
 *   gets them: the server answers them to the buyer only, and this page asks only as the buyer.
 */
import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Alert, Button, Form, Input, Result, Skeleton, Tooltip } from 'antd'
import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import type { TransferField } from '@shared/api/goods'
import type { Order } from '@shared/api/trade'
import { deliverOrder, getCredentials, getDeliveryForm } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { OrderLoadFailed } from './ConfirmOrderPage'
import { ConfirmReceiptModal } from './ConfirmReceiptModal'
import { OrderSummary, TimeLeft } from './OrderParts'
import { useOrderFromQuery } from './use-order'
import './trade.css'

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="page-container trade-page">
      <section className="panel trade-narrow">
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

function fieldInput(field: TransferField) {
  const common = { 'aria-label': field.label, placeholder: field.placeholder ?? `请输入${field.label}` }
  if (field.kind === 'textarea') return <Input.TextArea rows={3} maxLength={500} {...common} />
  if (field.kind === 'password')
    return <Input.Password autoComplete="new-password" maxLength={100} {...common} />
  if (field.kind === 'phone') return <Input inputMode="tel" maxLength={20} {...common} />
  return <Input maxLength={100} {...common} />
}

function SellerDeliver({ order, onDone }: { order: Order; onDone: () => void }) {
  const canDeliver = order.actions.includes('deliver')
  const form = useQuery(['delivery-form', order.orderNo, canDeliver], () =>
    canDeliver ? getDeliveryForm(order.orderNo) : Promise.resolve(null),
  )
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
  const prefilled = Object.values(form.data.values).some((v) => v)

  const submit = async (values: Record<string, string>) => {
    setSaving(true)
    setError('')
    try {
      const fields: Record<string, string> = {}
      for (const [key, value] of Object.entries(values)) if (value && value.trim()) fields[key] = value.trim()
      await deliverOrder(order.orderNo, fields)
      toast('success', '已提交交付信息，等待买家确认收货')
      onDone()
    } catch (err) {
      setError(apiErrorText(err, '提交失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      {prefilled ? (
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
        layout="vertical"
        initialValues={form.data.values}
        onFinish={(values: Record<string, string>) => void submit(values)}
        aria-label="账号转移信息"
      >
        {form.data.fields.map((field) => (
          <Form.Item
            key={field.key}
            name={field.key}
            label={field.label}
            rules={
              field.required ? [{ required: true, whitespace: true, message: `请填写${field.label}` }] : []
            }
          >
            {fieldInput(field)}
          </Form.Item>
        ))}
        {error ? (
          <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <Button type="primary" htmlType="submit" loading={saving}>
          提交交付信息
        </Button>
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
      <p className="order-card__sub">交付时间 {formatTradeTime(credentials.data.deliveredAt)}</p>
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

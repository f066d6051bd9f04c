/** Pieces shared by the order pages: the status tag, the time left, the summary and the action buttons. */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button, Descriptions, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd'
import { ClockCircleOutlined } from '@ant-design/icons'
import { GOODS_TYPE_LABELS } from '@shared/api/goods'
import { ORDER_STATUS_LABELS, type Order } from '@shared/api/trade'
import { goodsDetailPath } from '@renderer/api/goods'
import { cancelOrder, disputeOrder, startDelivery } from '@renderer/api/trade'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { formatTimeLeft, ORDER_STATUS_COLORS, orderButtons, type ActionButton } from './trade-utils'
import { ConfirmReceiptModal } from './ConfirmReceiptModal'
import { useNow } from './use-now'
import './trade.css'

export function OrderStatusTag({ order }: { order: Pick<Order, 'status'> }) {
  return <Tag color={ORDER_STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Tag>
}

/** 剩余 14 分 05 秒 · 超时未支付将自动取消 — ticking every second. */
export function TimeLeft({ order }: { order: Pick<Order, 'deadlineAt' | 'deadlineAction'> }) {
  const now = useNow()
  if (!order.deadlineAt) return null
  const left = formatTimeLeft(order.deadlineAt, now)
  return (
    <span className="time-left" role="timer">
      <ClockCircleOutlined /> {left === '已到期' ? '已到期，处理中' : `剩余 ${left}`}
      {order.deadlineAction ? <span className="time-left__action">（{order.deadlineAction}）</span> : null}
    </span>
  )
}

export function OrderSummary({ order }: { order: Order }) {
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} className="order-summary">
      <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <OrderStatusTag order={order} />
      </Descriptions.Item>
      <Descriptions.Item label="商品" span={2}>
        <Link to={goodsDetailPath(order.goodsId)}>{order.goodsTitle}</Link>
      </Descriptions.Item>
      <Descriptions.Item label="游戏">
        {order.gameName} · {GOODS_TYPE_LABELS[order.goodsType]}
      </Descriptions.Item>
      <Descriptions.Item label={order.myRole === 'seller' ? '买家' : '卖家'}>
        {order.myRole === 'seller' ? order.buyerName : order.sellerName}
      </Descriptions.Item>
      <Descriptions.Item label="单价">{formatYuan(order.unitPrice)}</Descriptions.Item>
      <Descriptions.Item label="数量">{order.quantity}</Descriptions.Item>
      {order.role ? (
        <Descriptions.Item label="收货角色" span={2}>
          {[order.role.gameName, order.role.serverName, order.role.roleName].filter(Boolean).join(' / ')}（ID{' '}
          {order.role.gameRoleId}）
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="下单时间">{formatTradeTime(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="实付金额">
        <strong className="order-amount">{formatYuan(order.amount)}</strong>
      </Descriptions.Item>
    </Descriptions>
  )
}

function DisputeModal({
  orderNo,
  onClose,
  onDone,
}: {
  orderNo: string
  onClose: () => void
  onDone: () => void
}) {
  const [form] = Form.useForm<{ reason: string }>()
  const [saving, setSaving] = useState(false)
  const submit = async () => {
    const { reason } = await form.validateFields()
    setSaving(true)
    try {
      await disputeOrder({ orderNo, reason: reason.trim() })
      toast('success', '已提交仲裁，平台客服会在担保聊天室处理')
      onDone()
    } catch (err) {
      toast('error', apiErrorText(err, '提交仲裁失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title="申请仲裁"
      okText="提交"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>仲裁期间订单资金冻结，平台客服会在担保聊天室介入处理。</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="仲裁原因"
          rules={[{ required: true, whitespace: true, message: '请填写仲裁原因' }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount aria-label="仲裁原因" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** The buttons of an order; calls run here, links go to their pages; `onChanged` reloads the caller. */
export function OrderActions({
  order,
  onChanged,
  size = 'small',
}: {
  order: Order
  onChanged: () => void
  size?: 'small' | 'middle' | 'large'
}) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState<string | null>(null)
  const [disputing, setDisputing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const run = async (button: ActionButton) => {
    setBusy(button.action)
    try {
      if (button.action === 'cancel') await cancelOrder(order.orderNo)
      else if (button.action === 'startDelivery') await startDelivery(order.orderNo)
      toast('success', `${button.label}成功`)
      onChanged()
    } catch (err) {
      toast('error', apiErrorText(err, `${button.label}失败`))
    } finally {
      setBusy(null)
    }
  }
  const buttons = orderButtons(order)
  if (buttons.length === 0) return null
  return (
    <Space wrap size={[8, 8]} className="order-actions">
      {buttons.map((button) => {
        const common = {
          size,
          type: button.primary ? ('primary' as const) : ('default' as const),
          danger: button.danger,
          loading: busy === button.action,
        }
        if (button.href) {
          const external = button.action === 'warrant'
          return (
            <Button
              key={button.action}
              {...common}
              href={external ? button.href : undefined}
              target={external ? '_blank' : undefined}
              onClick={external ? undefined : () => void navigate(button.href as string)}
            >
              {button.label}
            </Button>
          )
        }
        if (button.action === 'dispute' || button.action === 'confirm') {
          const open = button.action === 'dispute' ? setDisputing : setConfirming
          return (
            <Button key={button.action} {...common} onClick={() => open(true)}>
              {button.label}
            </Button>
          )
        }
        return (
          <Popconfirm
            key={button.action}
            title={button.confirm}
            okText="确定"
            cancelText="再想想"
            onConfirm={() => run(button)}
          >
            <Button {...common}>{button.label}</Button>
          </Popconfirm>
        )
      })}
      {disputing ? (
        <DisputeModal
          orderNo={order.orderNo}
          onClose={() => setDisputing(false)}
          onDone={() => {
            setDisputing(false)
            onChanged()
          }}
        />
      ) : null}
      <ConfirmReceiptModal
        order={order}
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirmed={onChanged}
      />
    </Space>
  )
}

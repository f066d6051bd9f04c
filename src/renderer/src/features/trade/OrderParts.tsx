/**
 * Pieces shared by the order pages: the time left, the summary, the action buttons (with the dispute
 * and confirm-receipt dialogs) and the "cannot load the order" result.
 */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button, Descriptions, Dropdown, Form, Input, Modal, Popconfirm, Result, Space } from 'antd'
import { ClockCircleOutlined, EllipsisOutlined } from '@ant-design/icons'
import { GOODS_TYPE_LABELS } from '@shared/api/goods'
import type { Order } from '@shared/api/trade'
import { goodsDetailPath } from '@renderer/api/goods'
import { useOrderStep, useRemindOrder } from '@renderer/api/trade'
import { useOpenDispute } from '@renderer/api/warrant'
import { OrderStatusTag } from '@renderer/components/OrderStatusTag'
import { formatTimeLeft } from '@renderer/components/time-left'
import { useNow } from '@renderer/components/use-now'
import { errorToShow } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { orderButtons, type ActionButton } from './trade-utils'
import { ConfirmReceiptModal } from './ConfirmReceiptModal'
import './trade.css'
import { validated } from '@renderer/utils/form'

/** The order could not be shown: why (or that the address names none), and the way to my orders. */
export function OrderLoadFailed({ error, title = '订单加载失败' }: { error: unknown; title?: string }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error ? errorToShow(error) : '地址中缺少订单号'}
      extra={
        <Link to="/buyer/buyOrder.html">
          <Button type="primary">查看我的订单</Button>
        </Link>
      }
    />
  )
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
        <OrderStatusTag status={order.status} />
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
      {order.protectionFee > 0 ? (
        <Descriptions.Item label="额外包赔">{formatYuan(order.protectionFee)}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label="实付金额">
        <strong className="order-amount">{formatYuan(order.amount)}</strong>
      </Descriptions.Item>
    </Descriptions>
  )
}

function DisputeModal({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>()
  const dispute = useOpenDispute()
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    const { reason } = values
    dispute.mutate(
      { orderNo, reason: reason.trim() },
      {
        onSuccess: () => {
          toast('success', '已提交仲裁，平台客服会在担保聊天室处理')
          onClose()
        },
      },
    )
  }
  return (
    <Modal
      open
      title="申请仲裁"
      okText="提交"
      cancelText="取消"
      confirmLoading={dispute.isPending}
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

/**
 * The buttons of an order; calls run here, links go to their pages. Orders on screen refresh after a
 * change (api/trade.ts); a refusal is a toast of the request layer. 申请仲裁 is not a button of its
 * own: it waits in the order's 更多 menu (docs/screens.md "Phones": a red button as the first thing
 * a buyer saw right after paying).
 */
function RemindButton({ orderNo, size }: { orderNo: string; size: 'small' | 'middle' | 'large' }) {
  const remind = useRemindOrder()
  return (
    <Button size={size} loading={remind.isPending} onClick={() => remind.mutate(orderNo)}>
      催发货
    </Button>
  )
}

export function OrderActions({
  order,
  size = 'small',
}: {
  order: Order
  size?: 'small' | 'middle' | 'large'
}) {
  const navigate = useNavigate()
  const step = useOrderStep()
  const busy = step.isPending ? step.variables.step : null
  const [disputing, setDisputing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const run = (button: ActionButton) =>
    button.action === 'cancel' || button.action === 'startDelivery'
      ? step
          .mutateAsync(
            { step: button.action, orderNo: order.orderNo },
            { onSuccess: () => toast('success', `${button.label}成功`) },
          )
          .catch(() => undefined)
      : undefined
  const all = orderButtons(order)
  const buttons = all.filter((b) => b.action !== 'dispute')
  const canDispute = buttons.length < all.length
  // 催发货: the buyer of a paid order not yet delivered (docs/trading-rules.md, "Before delivery")
  const canRemind = order.myRole === 'buyer' && (order.status === 'PAID' || order.status === 'DELIVERING')
  if (all.length === 0 && !canRemind) return null
  return (
    <Space wrap size={[8, 8]} className="order-actions">
      {canRemind ? <RemindButton orderNo={order.orderNo} size={size} /> : null}
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
        if (button.action === 'confirm') {
          return (
            <Button key={button.action} {...common} onClick={() => setConfirming(true)}>
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
      {canDispute ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'dispute', label: '申请仲裁', danger: true, onClick: () => setDisputing(true) }],
          }}
        >
          <Button size={size} icon={<EllipsisOutlined />} aria-label="更多操作">
            更多
          </Button>
        </Dropdown>
      ) : null}
      {disputing ? <DisputeModal orderNo={order.orderNo} onClose={() => setDisputing(false)} /> : null}
      <ConfirmReceiptModal order={order} open={confirming} onClose={() => setConfirming(false)} />
    </Space>
  )
}

/**
 * Pure helpers of the trading pages: time left until a deadline, the buttons an order offers from
 * its `actions`, status colours, the payment-password rule. No React here, so tests cover them.
 */
import type { OrderAction, OrderStatus, Order } from '@shared/api/trade'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long until `deadline` (epoch ms), in Chinese: under an hour to the second
 * (14 分 05 秒), under a day to the minute (5 小时 03 分), beyond that days and hours (2 天 4 小时).
 * '' without a deadline, '已到期' once it has passed.
 */
export function formatTimeLeft(deadline: number | null | undefined, now: number): string {
  if (deadline === null || deadline === undefined || !Number.isFinite(deadline)) return ''
  const left = deadline - now
  if (left <= 0) return '已到期'
  const pad = (n: number) => String(n).padStart(2, '0')
  if (left < HOUR) {
    const seconds = Math.floor(left / 1000)
    return `${Math.floor(seconds / 60)} 分 ${pad(seconds % 60)} 秒`
  }
  if (left < DAY) {
    const minutes = Math.floor(left / MINUTE)
    return `${Math.floor(minutes / 60)} 小时 ${pad(minutes % 60)} 分`
  }
  const hours = Math.floor(left / HOUR)
  return `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`
}

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  UNPAID: 'orange',
  PAID: 'blue',
  DELIVERING: 'cyan',
  TO_CONFIRM: 'geekblue',
  COMPLETED: 'green',
  SETTLED: 'success',
  CANCELLED: 'default',
  REFUNDING: 'gold',
  REFUNDED: 'default',
  ARBITRATING: 'red',
}

export interface ActionButton {
  action: OrderAction | 'warrant'
  label: string
  /** a page to go to instead of a call */
  href?: string
  primary?: boolean
  danger?: boolean
  /** ask before doing it */
  confirm?: string
}

const ACTION_ORDER: OrderAction[] = [
  'pay',
  'startDelivery',
  'deliver',
  'viewCredentials',
  'confirm',
  'cancel',
  'dispute',
]

/** Statuses in which the guaranteed-order room is open (after payment, until it is closed). */
const ROOM_STATUSES: readonly OrderStatus[] = [
  'PAID',
  'DELIVERING',
  'TO_CONFIRM',
  'COMPLETED',
  'ARBITRATING',
  'REFUNDING',
]

/** The buttons of an order, from what the server says the caller may do now (`actions`). */
export function orderButtons(
  order: Pick<Order, 'orderNo' | 'actions' | 'status' | 'myRole'>,
): ActionButton[] {
  const q = `orderNo=${encodeURIComponent(order.orderNo)}`
  const actions = new Set(order.actions ?? [])
  const buttons: ActionButton[] = []
  for (const action of ACTION_ORDER) {
    if (!actions.has(action)) continue
    switch (action) {
      case 'pay':
        buttons.push({ action, label: '去支付', href: `/buyer/pay.html?${q}`, primary: true })
        break
      case 'startDelivery':
        buttons.push({
          action,
          label: '开始发货',
          primary: true,
          confirm: '开始交付后买家将不能直接取消订单，确定开始吗？',
        })
        break
      case 'deliver':
        buttons.push({
          action,
          label: '填写交付信息',
          href: `/order/transferCollect.html?${q}`,
          primary: true,
        })
        break
      case 'viewCredentials':
        buttons.push({ action, label: '查看账号信息', href: `/order/transferCollect.html?${q}` })
        break
      case 'confirm':
        buttons.push({
          action,
          label: '确认收货',
          primary: true,
          confirm: '请确认已登录账号并修改密码、换绑手机。确认收货后货款将进入结算，确定吗？',
        })
        break
      case 'cancel':
        buttons.push({ action, label: '取消订单', danger: true, confirm: '确定取消该订单吗？' })
        break
      case 'dispute':
        buttons.push({ action, label: '申请仲裁', danger: true })
        break
    }
  }
  if (ROOM_STATUSES.includes(order.status)) {
    buttons.push({ action: 'warrant', label: '担保聊天室', href: `/warrantOrderHandler.html?${q}` })
  }
  return buttons
}

/** The payment password: exactly six digits. '' when fine, else the message. */
export function payPasswordError(value: string | undefined | null): string {
  if (!value) return '请输入 6 位数字支付密码'
  if (!/^\d{6}$/.test(value)) return '支付密码必须是 6 位数字'
  return ''
}

/** A positive integer from a query parameter, or null. */
export function positiveInt(text: string | null | undefined): number | null {
  if (!text) return null
  const n = Number(text)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** The steps of buying, shown on the order pages. */
export const ORDER_STEPS = [
  { title: '选择商品' },
  { title: '确认订单' },
  { title: '支付' },
  { title: '完成' },
]

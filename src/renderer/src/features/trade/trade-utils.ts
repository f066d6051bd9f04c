/**
 * Pure helpers of the order pages: the buttons an order offers from its `actions`, and the steps of
 * buying. No React here, so tests cover them.
 */
import type { Order, OrderAction, OrderStatus } from '@shared/api/trade'

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

/** The steps of buying, shown on the order pages. */
export const ORDER_STEPS = [{ title: '选择商品' }, { title: '确认并支付' }, { title: '完成' }]

/**
 * The pure rules of an order (docs/trading-rules.md): its next deadline and what happens then, the
 * time rule due now, and the actions each side may take. No database, no clock of their own: the
 * services pass the order row and the time, and the unit tests (rules.test.ts) call them directly.
 */
import { TRADE_RULES, type OrderAction, type OrderStatus } from '../../../shared/api'

export const HOUR = 60 * 60 * 1000
export const DAY = 24 * HOUR

/** The caller's side of an order. */
export type Side = 'buyer' | 'seller' | 'staff'

/** paid, not yet settled or refunded: the order holds escrow */
export const HOLDING: readonly OrderStatus[] = [
  'PAID',
  'DELIVERING',
  'TO_CONFIRM',
  'COMPLETED',
  'ARBITRATING',
]
/** a party may open a dispute: paid, not yet settled */
export const DISPUTABLE: readonly OrderStatus[] = ['PAID', 'DELIVERING', 'TO_CONFIRM', 'COMPLETED']

export const SOLD_OUT = '商品已售出或库存不足'

/** The times of an order the rules read (epoch ms; numbers may arrive as text from PostgreSQL bigint). */
export interface TimedOrder {
  status: OrderStatus
  created_at: number
  paid_at: number | null
  delivered_at: number | null
  completed_at: number | null
  protection_days: number
}

/** The next deadline of the order's state and what happens then (null: none in this state). */
export function deadlineOf(o: TimedOrder): { at: number | null; action: string | null } {
  switch (o.status) {
    case 'UNPAID':
      return { at: Number(o.created_at) + TRADE_RULES.payTimeoutMs, action: '超时未支付，订单将自动取消' }
    case 'PAID':
      return {
        at: Number(o.paid_at) + TRADE_RULES.sellerStartTimeoutMs,
        action: '卖家超时未发货，买家可取消订单并全额退款',
      }
    case 'TO_CONFIRM':
      return {
        at: Number(o.delivered_at) + TRADE_RULES.autoConfirmMs,
        action: '超时未确认，将自动确认收货',
      }
    case 'COMPLETED':
      return {
        at: Number(o.completed_at) + o.protection_days * DAY,
        action: '保护期结束后，货款将结算给卖家',
      }
    default:
      return { at: null, action: null }
  }
}

/**
 * The time rule due on the order at `now`: an unpaid order is cancelled after the payment window, a
 * delivered one completes by itself, a completed one is settled after its protection period. (A paid
 * order the seller has not started is not changed by time: the buyer may then cancel it.)
 */
export function dueRule(o: TimedOrder, now: number): 'cancel' | 'autoConfirm' | 'settle' | null {
  if (o.status === 'UNPAID' && now >= Number(o.created_at) + TRADE_RULES.payTimeoutMs) return 'cancel'
  if (o.status === 'TO_CONFIRM' && now >= Number(o.delivered_at) + TRADE_RULES.autoConfirmMs)
    return 'autoConfirm'
  if (o.status === 'COMPLETED' && now >= Number(o.completed_at) + o.protection_days * DAY) return 'settle'
  return null
}

/** Whether the buyer may cancel a paid order for a full refund: the seller has not started in time. */
export const sellerLate = (o: { paid_at: number | null }, now: number) =>
  now >= Number(o.paid_at) + TRADE_RULES.sellerStartTimeoutMs

/** What the caller may do with the order now, by side (the buttons of the order pages). */
export function actionsOf(
  o: { status: OrderStatus; paid_at: number | null; credentials_enc: string | null },
  side: Side,
  now: number,
): OrderAction[] {
  const a: OrderAction[] = []
  if (side === 'buyer') {
    if (o.status === 'UNPAID') a.push('pay', 'cancel')
    if (o.status === 'PAID' && sellerLate(o, now)) a.push('cancel')
    if (o.status === 'TO_CONFIRM') a.push('confirm')
    if (o.credentials_enc) a.push('viewCredentials')
  }
  if (side === 'seller') {
    if (o.status === 'UNPAID') a.push('cancel')
    if (o.status === 'PAID') a.push('startDelivery')
    if (o.status === 'DELIVERING') a.push('deliver')
    if (o.status === 'TO_CONFIRM') a.push('correctDelivery')
  }
  if (side !== 'staff' && DISPUTABLE.includes(o.status)) a.push('dispute')
  return a
}

/** Whether a bid can no longer be acted on: expired, also when it lapsed a moment ago (not yet swept). */
export const bidExpired = (b: { status: string; expires_at: number }, now: number) =>
  b.status === 'EXPIRED' || Number(b.expires_at) <= now

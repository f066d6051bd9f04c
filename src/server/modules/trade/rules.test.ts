/** The pure rules of an order, without an app: deadlines, the due time rule, each side's actions. */
import { describe, expect, it } from 'vitest'
import { TRADE_RULES, type OrderStatus } from '../../../shared/api'
import { actionsOf, bidExpired, DAY, deadlineOf, dueRule, type TimedOrder } from './rules'

const T0 = 1_700_000_000_000
const order = (status: OrderStatus, patch: Partial<TimedOrder> = {}): TimedOrder => ({
  status,
  created_at: T0,
  paid_at: T0 + 1_000,
  delivered_at: T0 + 2_000,
  completed_at: T0 + 3_000,
  protection_days: 7,
  ...patch,
})

describe('deadlineOf', () => {
  it('names the deadline of each waiting state and what happens then', () => {
    expect(deadlineOf(order('UNPAID'))).toEqual({
      at: T0 + TRADE_RULES.payTimeoutMs,
      action: '超时未支付，订单将自动取消',
    })
    expect(deadlineOf(order('PAID'))).toEqual({
      at: T0 + 1_000 + TRADE_RULES.sellerStartTimeoutMs,
      action: '卖家超时未发货，买家可取消订单并全额退款',
    })
    expect(deadlineOf(order('TO_CONFIRM'))).toEqual({
      at: T0 + 2_000 + TRADE_RULES.autoConfirmMs,
      action: '超时未确认，将自动确认收货',
    })
    expect(deadlineOf(order('COMPLETED', { protection_days: 14 }))).toEqual({
      at: T0 + 3_000 + 14 * DAY,
      action: '保护期结束后，货款将结算给卖家',
    })
  })

  it('has none in the other states', () => {
    for (const status of ['DELIVERING', 'SETTLED', 'CANCELLED', 'REFUNDED', 'ARBITRATING'] as const)
      expect(deadlineOf(order(status))).toEqual({ at: null, action: null })
  })

  it('reads times that arrive as text (PostgreSQL bigint)', () => {
    expect(deadlineOf(order('UNPAID', { created_at: String(T0) as never })).at).toBe(
      T0 + TRADE_RULES.payTimeoutMs,
    )
  })
})

describe('dueRule', () => {
  it('is due exactly at the deadline, not a millisecond before', () => {
    const unpaid = order('UNPAID')
    expect(dueRule(unpaid, T0 + TRADE_RULES.payTimeoutMs - 1)).toBeNull()
    expect(dueRule(unpaid, T0 + TRADE_RULES.payTimeoutMs)).toBe('cancel')
    const delivered = order('TO_CONFIRM')
    expect(dueRule(delivered, T0 + 2_000 + TRADE_RULES.autoConfirmMs - 1)).toBeNull()
    expect(dueRule(delivered, T0 + 2_000 + TRADE_RULES.autoConfirmMs)).toBe('autoConfirm')
    const completed = order('COMPLETED', { protection_days: 0 })
    expect(dueRule(completed, T0 + 3_000)).toBe('settle')
  })

  it('never changes a paid order by time (the buyer may cancel it instead) nor a frozen one', () => {
    expect(dueRule(order('PAID'), T0 + 365 * DAY)).toBeNull()
    expect(dueRule(order('ARBITRATING'), T0 + 365 * DAY)).toBeNull()
  })
})

describe('actionsOf', () => {
  const row = (status: OrderStatus, credentials_enc: string | null = null) => ({
    status,
    paid_at: T0,
    credentials_enc,
  })

  it('buyer: pay or cancel an unpaid order; confirm and view what was delivered', () => {
    expect(actionsOf(row('UNPAID'), 'buyer', T0)).toEqual(['pay', 'cancel'])
    expect(actionsOf(row('TO_CONFIRM', '{}'), 'buyer', T0)).toEqual(['confirm', 'viewCredentials', 'dispute'])
  })

  it('buyer: cancel a paid order only once the seller is 48 hours late', () => {
    expect(actionsOf(row('PAID'), 'buyer', T0 + TRADE_RULES.sellerStartTimeoutMs - 1)).toEqual(['dispute'])
    expect(actionsOf(row('PAID'), 'buyer', T0 + TRADE_RULES.sellerStartTimeoutMs)).toEqual([
      'cancel',
      'dispute',
    ])
  })

  it('seller: cancel unpaid, start, deliver, correct', () => {
    expect(actionsOf(row('UNPAID'), 'seller', T0)).toEqual(['cancel'])
    expect(actionsOf(row('PAID'), 'seller', T0)).toEqual(['startDelivery', 'dispute'])
    expect(actionsOf(row('DELIVERING'), 'seller', T0)).toEqual(['deliver', 'dispute'])
    expect(actionsOf(row('TO_CONFIRM', '{}'), 'seller', T0)).toEqual(['correctDelivery', 'dispute'])
  })

  it('staff only look; nobody acts on a settled, frozen or ended order', () => {
    expect(actionsOf(row('TO_CONFIRM', '{}'), 'staff', T0)).toEqual([])
    for (const status of ['SETTLED', 'ARBITRATING', 'CANCELLED', 'REFUNDED'] as const) {
      expect(actionsOf(row(status), 'buyer', T0)).toEqual([])
      expect(actionsOf(row(status), 'seller', T0)).toEqual([])
    }
  })
})

describe('bidExpired', () => {
  it('is expired when marked so or when its time has come (before the sweeper)', () => {
    expect(bidExpired({ status: 'EXPIRED', expires_at: T0 + 1 }, T0)).toBe(true)
    expect(bidExpired({ status: 'PENDING', expires_at: T0 }, T0)).toBe(true)
    expect(bidExpired({ status: 'PENDING', expires_at: T0 + 1 }, T0)).toBe(false)
  })
})

/** Row types of the tables the pay module owns (docs/payments.md). */
import type { Generated } from 'kysely'

/** One payment attempt: what the provider sees as out_trade_no. A top-up or an order may have several. */
export interface PayAttemptsTable {
  id: Generated<number>
  attempt_no: string
  /** ALIPAY | WECHAT */
  channel: string
  /** TOPUP | ORDER: whose money this is (the business the paid event goes to) */
  biz_type: string
  /** the top-up or order number */
  biz_no: string
  user_id: number
  /** fen */
  amount: number
  /** PC | WAP | QR */
  scene: string
  /** WAITING → PAID | CLOSED, by compare-and-set only */
  status: string
  provider_trade_no: string | null
  paid_at: number | null
  expires_at: number
  created_at: number
  updated_at: number
}

/**
 * Every notification that reached us, with what we made of it: applied once, a duplicate, or one
 * staff must look at (unknown attempt, wrong amount or app, an attempt already closed, a forged one).
 */
export interface PayNotificationsTable {
  id: Generated<number>
  channel: string
  /** the provider's notification id ('' when it could not be read) */
  notify_id: string
  attempt_no: string
  /**
   * APPLIED | DUPLICATE | UNKNOWN_ATTEMPT | AMOUNT_MISMATCH | APP_MISMATCH | CLOSED_ATTEMPT |
   * BAD_SIGNATURE | NOT_PAID; refunds (migration 0294): REFUNDED | UNKNOWN_REFUND | REFUND_FAILED
   */
  verdict: string
  /** fen, as the notification said */
  amount: number
  /** 0: nothing to do; 1: staff should look (pay_notifications of a verdict that is not applied or a duplicate) */
  needs_staff: number
  /** the first 2,000 characters of the raw body, for staff (never secrets: notifications carry none) */
  raw: string
  created_at: number
}

/**
 * A refund to the channel an attempt was paid through (migration 0294): refund_no is the provider's
 * out_request_no / out_refund_no, so asking again never refunds twice.
 */
export interface PayRefundsTable {
  id: Generated<number>
  refund_no: string
  attempt_no: string
  /** ALIPAY | WECHAT */
  channel: string
  user_id: number
  /** the order refunded (null: a late payment of a closed attempt or of a top-up) */
  order_no: string | null
  /**
   * BALANCE: the money left the buyer's balance first (a CHANNEL_REFUND ledger row, the money
   * invariant counts it out); PROVIDER: it never reached our balance (a late payment of a closed attempt)
   */
  source: string
  /** fen */
  amount: number
  /** PENDING → SUCCESS | FAILED, by compare-and-set only */
  status: string
  reason: string
  /** the provider's words when it failed */
  fail_reason: string | null
  created_at: number
  updated_at: number
}

export interface PayTables {
  pay_attempts: PayAttemptsTable
  pay_notifications: PayNotificationsTable
  pay_refunds: PayRefundsTable
}

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
  /** APPLIED | DUPLICATE | UNKNOWN_ATTEMPT | AMOUNT_MISMATCH | APP_MISMATCH | CLOSED_ATTEMPT | BAD_SIGNATURE | NOT_PAID */
  verdict: string
  /** fen, as the notification said */
  amount: number
  /** 0: nothing to do; 1: staff should look (pay_notifications of a verdict that is not applied or a duplicate) */
  needs_staff: number
  /** the first 2,000 characters of the raw body, for staff (never secrets: notifications carry none) */
  raw: string
  created_at: number
}

/** A provider's daily bill reconciled (reconcile-job.ts): one row per channel and day, so a day runs once. */
export interface PayBillRunsTable {
  id: Generated<number>
  channel: string
  /** the China day of the bill, yyyy-mm-dd */
  day: string
  /** how many lines the bill had */
  bill_lines: number
  /** how many of our lines were matched against it */
  our_lines: number
  /** how many mismatches were found */
  mismatches: number
  created_at: number
}

/** 对账差错: a line of a provider's daily bill that disagrees with our books, until staff resolve it. */
export interface PayMismatchesTable {
  id: Generated<number>
  channel: string
  day: string
  /** matchBill's key: unique per channel and day, so storing a day twice stores each mismatch once */
  mismatch_key: string
  /** MISSING_OURS | MISSING_THEIRS | AMOUNT_DIFFERS | STATE_DIFFERS */
  kind: string
  /** PAYMENT | REFUND | PAYOUT */
  line_kind: string
  our_no: string
  /** fen; null when we have no line */
  our_amount: number | null
  /** fen; null when the bill has no line */
  their_amount: number | null
  our_state: string | null
  provider_no: string | null
  /** OPEN → RESOLVED (by staff, with a note, logged in the operation log) */
  status: string
  note: string | null
  resolved_by: number | null
  resolved_at: number | null
  created_at: number
}

/**
 * One payout to a person's account (a withdrawal paid by an Alipay transfer): written PAYING before
 * the provider is called, then PAID or FAILED by compare-and-set only.
 */
export interface PayPayoutsTable {
  id: Generated<number>
  /** our number: the provider's out_biz_no (its idempotency key) */
  payout_no: string
  /** the business paid out: the withdrawal number (unique: one payout per withdrawal) */
  biz: string
  /** ALIPAY */
  channel: string
  /** fen */
  amount: number
  /** the payee's account at the provider (an Alipay login) */
  account: string
  /** the payee's real name (the provider checks it against the account) */
  name: string
  /** PAYING → PAID | FAILED */
  status: string
  /** the provider's order id */
  provider_no: string | null
  /** the provider's reason of a failure, in its words */
  fail_reason: string | null
  created_at: number
  updated_at: number
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
  pay_bill_runs: PayBillRunsTable
  pay_mismatches: PayMismatchesTable
  pay_payouts: PayPayoutsTable
  pay_refunds: PayRefundsTable
}

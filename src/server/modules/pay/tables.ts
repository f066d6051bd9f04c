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

export interface PayTables {
  pay_attempts: PayAttemptsTable
  pay_notifications: PayNotificationsTable
  pay_payouts: PayPayoutsTable
}

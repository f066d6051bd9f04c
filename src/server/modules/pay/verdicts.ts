/**
 * What became of a provider's notification (pay_notifications.verdict, docs/payments.md), shared by
 * the pay centre (pay/service.ts) and its refunds (pay/refunds.ts).
 */

/** How much of a notification's raw body its row keeps. */
export const RAW_KEPT = 2_000

export type BizType = 'TOPUP' | 'ORDER'

export type Verdict =
  | 'APPLIED'
  | 'DUPLICATE'
  | 'UNKNOWN_ATTEMPT'
  | 'AMOUNT_MISMATCH'
  | 'APP_MISMATCH'
  | 'CLOSED_ATTEMPT'
  | 'BAD_SIGNATURE'
  | 'NOT_PAID'
  /** a refund's notification finished our refund */
  | 'REFUNDED'
  /** a refund's notification of no refund of ours (or of another attempt) */
  | 'UNKNOWN_REFUND'
  /** the provider refused a refund: its money is back in the balance, staff look (no notification) */
  | 'REFUND_FAILED'

/** Verdicts staff must look at (the others are the normal course). */
export const FOR_STAFF: ReadonlySet<Verdict> = new Set([
  'UNKNOWN_ATTEMPT',
  'AMOUNT_MISMATCH',
  'APP_MISMATCH',
  'CLOSED_ATTEMPT',
  'BAD_SIGNATURE',
  'UNKNOWN_REFUND',
  'REFUND_FAILED',
])

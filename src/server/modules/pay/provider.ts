/**
 * What a payment provider does for us (docs/payments.md): the whole lifecycle of a payment attempt,
 * refunds, payouts to a person and the daily bill. Each provider has a real adapter built on its own
 * library (alipay.ts on `alipay-sdk`, wechat.ts on `wechatpay-axios-plugin`) and a simulator that
 * speaks the provider's real protocol (sim/alipay.ts, sim/wechatpay.ts), written apart from the
 * adapters, so the adapters themselves run in tests and in the demo.
 *
 * Amounts are integer fen everywhere here; the adapters convert to the provider's units (Alipay:
 * yuan strings with two decimals, WeChat: fen). Our numbers are what the provider sees:
 * `attemptNo` is out_trade_no, `refundNo` out_request_no / out_refund_no, `payoutNo` out_biz_no.
 */

import type { PayProviderChannel } from '../../../shared/api/pay'

export type { PayProviderChannel }

/** Where the person pays: a PC page, a phone browser page, or a QR code the desktop client shows. */
export type PayScene = 'PC' | 'WAP' | 'QR'

export interface CreatePayment {
  attemptNo: string
  /** fen */
  amount: number
  /** what the person sees on the cashier (goods title or 余额充值), at most 128 characters */
  subject: string
  scene: PayScene
  /** the absolute address of our notify endpoint for this provider */
  notifyUrl: string
  /** where the person's browser returns after paying (PC and WAP) */
  returnUrl: string
  /** the attempt closes by itself at this time (epoch ms) */
  expiresAt: number
  /** the payer's IP address as our server saw it (WeChat Pay's H5 payment requires it) */
  clientIp?: string
}

/**
 * How the person pays: a URL to open (PC/WAP: a GET URL of the cashier, or an auto-submitting HTML
 * form when the provider needs a POST), or a QR code's content (QR scene).
 */
export interface PaymentStart {
  payUrl?: string
  /** an HTML form that posts itself to the cashier (Alipay's page pay may answer this) */
  form?: string
  qrCode?: string
}

/** The provider's view of an attempt. */
export interface ProviderTrade {
  attemptNo: string
  status: 'WAITING' | 'PAID' | 'CLOSED' | 'NOT_FOUND'
  /** fen; 0 when not found */
  amount: number
  /** the provider's own trade number (trade_no / transaction_id) */
  tradeNo: string | null
  /** epoch ms of the payment, when paid */
  paidAt: number | null
}

/** A notification whose signature checked out, as the provider said it. */
export interface VerifiedNotification {
  kind: 'PAYMENT' | 'REFUND'
  /** the provider's app id (Alipay app_id, WeChat appid) the notification names */
  appId: string
  attemptNo: string
  /** for refunds */
  refundNo?: string
  status: 'WAITING' | 'PAID' | 'CLOSED' | 'REFUNDED' | 'REFUND_FAILED'
  /** fen: the paid amount (payment) or the refunded amount (refund) */
  amount: number
  tradeNo: string | null
  /** the provider's id of this notification (Alipay notify_id, WeChat id): repeated on retries */
  notifyId: string
  at: number
}

export interface RefundRequest {
  attemptNo: string
  refundNo: string
  /** fen to refund now */
  amount: number
  /** fen the attempt was paid (WeChat needs it) */
  total: number
  reason: string
  notifyUrl: string
}

export interface RefundResult {
  refundNo: string
  status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'NOT_FOUND'
  amount: number
}

export interface PayoutRequest {
  payoutNo: string
  /** fen */
  amount: number
  /** the payee's account (an Alipay login: phone or email) */
  account: string
  /** the payee's real name: the provider checks it against the account */
  name: string
  remark: string
}

export interface PayoutResult {
  payoutNo: string
  status: 'PAYING' | 'PAID' | 'FAILED' | 'NOT_FOUND'
  /** the provider's reason of a failure, in its words */
  failReason: string | null
  /** the provider's order id */
  providerNo: string | null
}

/** One line of the provider's daily bill. */
export interface BillLine {
  kind: 'PAYMENT' | 'REFUND' | 'PAYOUT'
  /** attemptNo, refundNo or payoutNo */
  ourNo: string
  providerNo: string
  /** fen */
  amount: number
  at: number
}

/** How the provider wants its notification answered (the body decides whether it retries). */
export interface NotifyAnswer {
  status: number
  contentType: string
  body: string
}

/** A provider whose answers could not be trusted or reached: the caller keeps the state and retries later. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message)
  }
}

export interface PayProvider {
  channel: PayProviderChannel
  /** our app id at the provider (notifications must name it) */
  appId: string
  /** whether payouts to a person's account are possible (WeChat: no — docs/payments.md) */
  canPayOut: boolean
  create(payment: CreatePayment): Promise<PaymentStart>
  query(attemptNo: string): Promise<ProviderTrade>
  close(attemptNo: string): Promise<void>
  /** idempotent by refundNo: asking twice refunds once */
  refund(request: RefundRequest): Promise<RefundResult>
  queryRefund(attemptNo: string, refundNo: string): Promise<RefundResult>
  /** idempotent by payoutNo */
  payout(request: PayoutRequest): Promise<PayoutResult>
  queryPayout(payoutNo: string): Promise<PayoutResult>
  /** the bill of one China day ('2026-11-27') */
  bill(day: string): Promise<BillLine[]>
  /** checks the signature (and decrypts where the provider encrypts); throws when it does not check */
  verifyNotification(request: {
    headers: Record<string, string | string[] | undefined>
    /** the raw body as received (WeChat signs the raw JSON text) */
    rawBody: string
  }): Promise<VerifiedNotification>
  /** what to answer: `ok` false makes the provider retry */
  answer(ok: boolean): NotifyAnswer
}

/**
 * The pay centre (docs/payments.md): payments through Alipay and WeChat Pay. A top-up (and, next,
 * an order) is paid by an attempt at a provider; the provider's notification arrives at
 * `/api/pay/notify/alipay` or `/api/pay/notify/wechat` — those answer the provider's own protocol,
 * not our envelope, so they are not declared here (server/modules/pay/routes.ts).
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type QueryOf } from './contract'
import { bool, id, nonBlank, oneOf, optional, paging, pattern, strict } from './fields'

export const PAY_PROVIDER_CHANNELS = ['ALIPAY', 'WECHAT'] as const
export type PayProviderChannel = (typeof PAY_PROVIDER_CHANNELS)[number]
export const PAY_SCENES = ['PC', 'WAP', 'QR'] as const
/** How a channel is named to people. */
export const PAY_CHANNEL_LABELS: Record<PayProviderChannel, string> = { ALIPAY: '支付宝', WECHAT: '微信支付' }

export interface PayAttemptView {
  attemptNo: string
  status: 'WAITING' | 'PAID' | 'CLOSED'
  amount: number
  bizType: 'TOPUP' | 'ORDER'
  bizNo: string
}

export const PAY = {
  /** one of the caller's attempts (the pay page and the desktop client's QR dialog poll it) */
  attempt: endpoint({
    method: 'GET',
    path: '/pay/attempt/:attemptNo',
    access: 'user',
    params: strict({ attemptNo: pattern('支付单号', '^P[0-9]+$', 40) }),
    answer: data<PayAttemptView>(),
  }),
}

/** A provider's notification as we received it, with our verdict (docs/payments.md, "Notifications"). */
export interface PayNotificationView {
  id: number
  channel: PayProviderChannel
  notifyId: string
  attemptNo: string
  verdict: string
  /** fen, as the notification said */
  amount: number
  /** staff should look at it (not applied, not a mere repeat) */
  needsStaff: boolean
  /** the body as received (cut at 2,000 characters) */
  raw: string
  createdAt: number
}

/** Reconciliation (docs/payments.md, "Reconciliation"): what a line of the daily bill disagrees with. */
export const PAY_MISMATCH_KINDS = [
  'MISSING_OURS',
  'MISSING_THEIRS',
  'AMOUNT_DIFFERS',
  'STATE_DIFFERS',
] as const
export type PayMismatchKind = (typeof PAY_MISMATCH_KINDS)[number]
export const PAY_MISMATCH_STATES = ['OPEN', 'RESOLVED'] as const
export type PayMismatchState = (typeof PAY_MISMATCH_STATES)[number]
/** A bill's line kinds: a payment, a refund, a payout to a person. */
export type PayLineKind = 'PAYMENT' | 'REFUND' | 'PAYOUT'

/** 对账差错: one line of a provider's daily bill that does not agree with our books. */
export interface PayMismatchView {
  id: number
  channel: PayProviderChannel
  /** the China day of the bill, yyyy-mm-dd */
  day: string
  kind: PayMismatchKind
  lineKind: PayLineKind
  /** our attempt, refund or payout number */
  ourNo: string
  /** fen; null when we have no line */
  ourAmount: number | null
  /** fen; null when the bill has no line */
  theirAmount: number | null
  ourState: string | null
  providerNo: string | null
  state: PayMismatchState
  /** what staff did about it */
  note: string | null
  resolvedBy: number | null
  resolvedAt: number | null
  createdAt: number
}

/** What re-running one channel's bill of a day did (docs/payments.md, "Reconciliation"). */
export interface PayReconcileRunView {
  channel: PayProviderChannel
  day: string
  /** DONE: reconciled now; ALREADY: reconciled before; UNAVAILABLE: the bill could not be had, asked again later */
  outcome: 'DONE' | 'ALREADY' | 'UNAVAILABLE'
  billLines: number
  ourLines: number
  mismatches: number
}

const billDay = () => pattern('账单日期', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', 10)

export const PAY_STAFF = {
  /** 支付通知: every notification received, those that need a look first (onlyStaff) */
  notifications: endpoint({
    method: 'GET',
    path: '/pay/staff/notifications',
    access: 'user',
    permission: PERMS.payNotifyList,
    query: strict({ ...paging(), onlyStaff: optional(bool('只看待处理')) }),
    answer: page<PayNotificationView>(),
  }),
  /** 对账差错: the daily reconciliation's mismatches; the dashboard counts the open ones (total) */
  mismatches: endpoint({
    method: 'GET',
    path: '/pay/staff/mismatches',
    access: 'user',
    permission: PERMS.payMismatchList,
    query: strict({
      ...paging(),
      channel: optional(oneOf('渠道', PAY_PROVIDER_CHANNELS)),
      day: optional(billDay()),
      state: optional(oneOf('处理状态', PAY_MISMATCH_STATES)),
    }),
    answer: page<PayMismatchView>(),
  }),
  /** marks a mismatch handled, with what was done (written in the operation log) */
  resolveMismatch: endpoint({
    method: 'POST',
    path: '/pay/staff/mismatches/resolve',
    access: 'user',
    permission: PERMS.payMismatchResolve,
    body: strict({ id: id('差错编号'), note: nonBlank('处理说明', 500) }),
    answer: data<PayMismatchView>(),
  }),
  /**
   * 重新对账: a day's bills matched again now, whether or not the job did it (a provider that fixed
   * its bill, a day the job missed); mismatches already stored stay as they are; logged
   */
  reconcileDay: endpoint({
    method: 'POST',
    path: '/pay/staff/mismatches/reconcile',
    access: 'user',
    permission: PERMS.payMismatchResolve,
    body: strict({ day: billDay() }),
    answer: data<PayReconcileRunView[]>(),
  }),
}

export type PayNotificationQuery = QueryOf<typeof PAY_STAFF.notifications>
export type PayMismatchQuery = QueryOf<typeof PAY_STAFF.mismatches>

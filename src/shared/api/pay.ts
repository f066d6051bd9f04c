/**
 * The pay centre (docs/payments.md): payments through Alipay and WeChat Pay. A top-up (and, next,
 * an order) is paid by an attempt at a provider; the provider's notification arrives at
 * `/api/pay/notify/alipay` or `/api/pay/notify/wechat` — those answer the provider's own protocol,
 * not our envelope, so they are not declared here (server/modules/pay/routes.ts).
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type QueryOf } from './contract'
import { bool, optional, paging, pattern, strict } from './fields'

export const PAY_PROVIDER_CHANNELS = ['ALIPAY', 'WECHAT'] as const
export type PayProviderChannel = (typeof PAY_PROVIDER_CHANNELS)[number]
export const PAY_SCENES = ['PC', 'WAP', 'QR'] as const

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
}

export type PayNotificationQuery = QueryOf<typeof PAY_STAFF.notifications>

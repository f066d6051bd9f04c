/**
 * The pay centre (docs/payments.md): payments through Alipay and WeChat Pay. A top-up (and, next,
 * an order) is paid by an attempt at a provider; the provider's notification arrives at
 * `/api/pay/notify/alipay` or `/api/pay/notify/wechat` — those answer the provider's own protocol,
 * not our envelope, so they are not declared here (server/modules/pay/routes.ts).
 */
import { data, endpoint } from './contract'
import { pattern, strict } from './fields'

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

/** The WeChat Pay simulator's refunds: apply (PROCESSING, settled later or at once) and query. */
import type { FastifyInstance } from 'fastify'
import { ApiError, digits, PAID, type Json, type WechatpaySim, type apiRoutes } from './wechatpay-common'
import type { WechatpayNotifier } from './wechatpay-notify'
import { rfc3339 } from './wechatpay-protocol'
import type { SimRefund, SimTrade } from './wechatpay-store'

export function wechatpayRefunds(
  app: FastifyInstance,
  sim: WechatpaySim,
  { api }: ReturnType<typeof apiRoutes>,
  { settleRefund }: WechatpayNotifier,
) {
  const { options, now, store } = sim
  const refundDelayMs = options.refundDelayMs ?? 1000
  const refundView = (r: SimRefund, t: SimTrade): Json => ({
    refund_id: r.refund_id,
    out_refund_no: r.out_refund_no,
    transaction_id: t.transaction_id,
    out_trade_no: r.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(r.success_time ? { success_time: rfc3339(r.success_time) } : {}),
    create_time: rfc3339(r.created_at),
    status: r.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: r.total,
      refund: r.refund,
      from: [],
      payer_total: r.total,
      payer_refund: r.refund,
      settlement_refund: r.refund,
      settlement_total: r.total,
      discount_refund: 0,
      currency: 'CNY',
      refund_fee: 0,
    },
    promotion_detail: [],
  })

  app.post(
    '/v3/refund/domestic/refunds',
    api((_req, body) => {
      const amount = (body.amount ?? {}) as Json
      const refundNo = body.out_refund_no
      if (typeof refundNo !== 'string' || !/^[A-Za-z0-9_\-|*@]{1,64}$/.test(refundNo))
        throw new ApiError(
          400,
          'PARAM_ERROR',
          '输入源“/body/out_refund_no”映射到字段“商户退款单号”格式不正确',
        )
      if (
        !Number.isInteger(amount.refund) ||
        (amount.refund as number) <= 0 ||
        !Number.isInteger(amount.total)
      )
        throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/amount”映射到字段“金额信息”不正确')
      const t = typeof body.out_trade_no === 'string' ? store.trade(body.out_trade_no) : undefined
      if (!t) throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
      return store.db.transaction(() => {
        const found = store.refund(refundNo)
        if (found) {
          if (found.out_trade_no !== t.out_trade_no || found.refund !== amount.refund)
            throw new ApiError(400, 'INVALID_REQUEST', '商户退款单号已存在，且与原退款请求参数不一致')
          return { data: refundView(found, t) }
        }
        if (!PAID.includes(t.trade_state))
          throw new ApiError(400, 'INVALID_REQUEST', '订单未支付，不能发起退款')
        if (amount.total !== t.total) throw new ApiError(400, 'INVALID_REQUEST', '订单金额与原订单金额不一致')
        const refunded = store
          .refundsOf(t.out_trade_no)
          .filter((r) => r.status !== 'CLOSED' && r.status !== 'ABNORMAL')
          .reduce((s, r) => s + r.refund, 0)
        if (refunded + (amount.refund as number) > t.total)
          throw new ApiError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额')
        const at = now()
        const r: SimRefund = {
          out_refund_no: refundNo,
          out_trade_no: t.out_trade_no,
          refund_id: `50${digits(30)}`,
          refund: amount.refund as number,
          total: t.total,
          reason: typeof body.reason === 'string' ? body.reason : '',
          notify_url: typeof body.notify_url === 'string' ? body.notify_url : '',
          status: 'PROCESSING',
          created_at: at,
          settle_at: at + refundDelayMs,
          success_time: null,
        }
        store.insertRefund(r)
        store.setTradeState(t.out_trade_no, ['SUCCESS'], { trade_state: 'REFUND' })
        if (refundDelayMs === 0) settleRefund(r, 'SUCCESS')
        return { data: refundView(store.refund(refundNo)!, t) }
      })()
    }),
  )
  app.get(
    '/v3/refund/domestic/refunds/:no',
    api((req) => {
      const r = store.refund((req.params as { no: string }).no)
      if (!r) throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在')
      return { data: refundView(r, store.trade(r.out_trade_no)!) }
    }),
  )
}

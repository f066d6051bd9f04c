/** The Alipay simulator's refunds: alipay.trade.refund and alipay.trade.fastpay.refund.query. */
import { chinaTime } from './alipay-bill'
import {
  BUYER_LOGON,
  fenOf,
  ok,
  Refusal,
  refused,
  text,
  yuan,
  type AlipaySim,
  type Method,
} from './alipay-common'
import type { AlipayNotifier } from './alipay-notify'
import type { AlipayTrades } from './alipay-trades'

export function refundMethods(
  sim: AlipaySim,
  { findTrade }: AlipayTrades,
  { notify }: AlipayNotifier,
): Record<string, Method> {
  const { store, now } = sim
  return {
    'alipay.trade.refund': (biz) =>
      store.transaction(() => {
        const t = findTrade(biz)
        const requestNo = text(biz.out_request_no) || t.out_trade_no
        const amount = fenOf(biz.refund_amount, 'refund_amount')
        const answer = (fundChange: 'Y' | 'N') =>
          ok({
            trade_no: t.trade_no,
            out_trade_no: t.out_trade_no,
            buyer_logon_id: BUYER_LOGON,
            fund_change: fundChange,
            refund_fee: yuan(store.trade(t.out_trade_no)!.refunded),
          })
        const earlier = store.refund(t.out_trade_no, requestNo)
        if (earlier) {
          if (earlier.amount !== amount)
            throw new Refusal(refused('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致'))
          return answer('N')
        }
        if (t.paid_at === null) throw new Refusal(refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'))
        if (amount < 1 || t.refunded + amount > t.total)
          throw new Refusal(refused('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'))
        const at = now()
        store.insertRefund({
          out_trade_no: t.out_trade_no,
          out_request_no: requestNo,
          amount,
          reason: text(biz.refund_reason),
          at,
        })
        store.addRefunded(t.out_trade_no, amount, t.refunded + amount === t.total ? at : null)
        notify(store.trade(t.out_trade_no)!, {
          out_biz_no: requestNo,
          refund_fee: yuan(t.refunded + amount),
          gmt_refund: `${chinaTime(at)}.${String(at % 1000).padStart(3, '0')}`,
        })
        return answer('Y')
      }),
    'alipay.trade.fastpay.refund.query': (biz) => {
      const t = findTrade(biz)
      const r = store.refund(t.out_trade_no, text(biz.out_request_no) || t.out_trade_no)
      if (!r) return ok({ trade_no: t.trade_no, out_trade_no: t.out_trade_no })
      return ok({
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        out_request_no: r.out_request_no,
        total_amount: yuan(t.total),
        refund_amount: yuan(r.amount),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: chinaTime(r.at),
      })
    },
  }
}

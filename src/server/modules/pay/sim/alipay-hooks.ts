/** The Alipay simulator's test hooks under `<prefix>/_sim/…` (JSON); never part of the real provider. */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { Refusal, refused, type AlipaySim } from './alipay-common'
import type { AlipayNotifier } from './alipay-notify'
import type { FaultKind, SimTrade } from './alipay-store'
import type { AlipayTrades } from './alipay-trades'

export function alipayTestHooks(
  app: FastifyInstance,
  sim: AlipaySim,
  { tradeOf, payTrade, findTrade }: AlipayTrades,
  openPageTrade: (params: Record<string, string>) => SimTrade,
  { scheduleAt }: AlipayNotifier,
) {
  const { store, now } = sim
  // ---- test hooks
  const hook = async <T>(reply: FastifyReply, fn: () => T) => {
    try {
      return fn()
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      return reply.code(400).send({ error: err.answer.sub_code, message: err.message })
    }
  }
  /** pays a trade as the buyer would: by out_trade_no, or by the pay URL (opening the cashier first) */
  app.post<{ Body: { outTradeNo?: string; url?: string } }>('/_sim/pay', async (req, reply) =>
    hook(reply, () => {
      let outTradeNo = req.body?.outTradeNo
      if (req.body?.url) {
        const url = new URL(req.body.url)
        outTradeNo = url.pathname.includes('/qr/')
          ? store.tradeByNo(url.pathname.split('/').pop()!)?.out_trade_no
          : openPageTrade(Object.fromEntries(url.searchParams)).out_trade_no
      }
      return payTrade(outTradeNo ?? '')
    }),
  )
  app.post<{ Body: { outTradeNo: string } }>('/_sim/close', async (req, reply) =>
    hook(reply, () => {
      const t = findTrade({ out_trade_no: req.body?.outTradeNo })
      store.setTradeStatus(t.out_trade_no, 'WAIT_BUYER_PAY', 'TRADE_CLOSED', now())
      return store.trade(t.out_trade_no)
    }),
  )
  app.post<{ Body: { outBizNo: string; status: 'SUCCESS' | 'FAIL'; failReason?: string } }>(
    '/_sim/payout',
    async (req, reply) =>
      hook(reply, () => {
        const { outBizNo, status, failReason } = req.body
        if (
          !store.settleTransfer(
            outBizNo,
            status,
            status === 'FAIL' ? (failReason ?? '收款账户状态异常') : null,
            now(),
          )
        )
          throw new Refusal(refused('ORDER_NOT_DEALING', '转账订单不在处理中'))
        return store.transfer(outBizNo)
      }),
  )
  /**
   * plants a bill mismatch: amount (fen) for `amount` and `extra`; `drop` leaves the line out; an
   * `extra` line is a payment unless `lineKind` says REFUND (trade bill) or PAYOUT (account bill)
   */
  app.post<{
    Body: {
      day: string
      kind: 'amount' | 'drop' | 'extra'
      ourNo: string
      amount?: number
      lineKind?: 'PAYMENT' | 'REFUND' | 'PAYOUT'
    }
  }>('/_sim/bill', async (req) => {
    const { day, kind, ourNo, amount, lineKind } = req.body
    store.addTweak({ day, kind, our_no: ourNo, amount: amount ?? null, line_kind: lineKind ?? null })
    return { ok: true }
  })
  /**
   * the next `times` calls of a method ('*': any) fail: http500, garbage, timeout, badsign or system;
   * or `refuse`: a business refusal with `subCode` (default ACQ.TRADE_STATUS_ERROR), nothing done
   */
  app.post<{ Body: { method: string; kind: FaultKind; times?: number; subCode?: string } }>(
    '/_sim/fault',
    async (req) => {
      store.setFault(req.body.method, req.body.kind, req.body.times ?? 1, req.body.subCode ?? null)
      return { ok: true }
    },
  )
  /** sends the latest notification of a trade again, same notify_id (Alipay's retries repeat it) */
  app.post<{ Body: { outTradeNo: string } }>('/_sim/renotify', async (req, reply) => {
    const last = store.notificationsOf(req.body?.outTradeNo ?? '').pop()
    if (!last) return reply.code(404).send({ error: 'no notification' })
    const id = store.insertNotification({
      notify_id: last.notify_id,
      out_trade_no: last.out_trade_no,
      url: last.url,
      body: last.body,
      created_at: now(),
      next_at: Date.now(),
    })
    scheduleAt(id, Date.now())
    return { ok: true }
  })
  app.get<{ Querystring: { outTradeNo: string } }>('/_sim/notifications', async (req) =>
    store.notificationsOf(req.query.outTradeNo ?? '').map((n) => ({
      ...n,
      params: Object.fromEntries(new URLSearchParams(n.body)),
      attemptList: store.attemptsOf(n.id),
    })),
  )
  app.get<{ Querystring: { outTradeNo: string } }>('/_sim/trade', async (req, reply) => {
    const t = tradeOf(req.query.outTradeNo ?? '')
    return t ?? reply.code(404).send({ error: 'ACQ.TRADE_NOT_EXIST' })
  })
}

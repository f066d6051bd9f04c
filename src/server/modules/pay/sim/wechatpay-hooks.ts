/** The WeChat Pay simulator's test hooks under `/_sim/` (a simulator only: never part of the real provider). */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UNPAID, type Json, type WechatpaySim } from './wechatpay-common'
import type { WechatpayNotifier } from './wechatpay-notify'
import type { BillPlant, SimFault } from './wechatpay-store'
import type { WechatpayTrades } from './wechatpay-trades'

export function wechatpayTestHooks(
  app: FastifyInstance,
  sim: WechatpaySim,
  { pay, tradeView }: WechatpayTrades,
  { settleRefund, kick }: WechatpayNotifier,
) {
  const { store } = sim
  const hookBody = (req: FastifyRequest): Json => {
    try {
      return typeof req.body === 'string' && req.body ? (JSON.parse(req.body) as Json) : {}
    } catch {
      return {}
    }
  }
  /** pay, fail or close a trade without the page: { out_trade_no, action: 'pay' | 'fail' | 'close' } */
  app.post('/_sim/pay', async (req, reply) => {
    const b = hookBody(req)
    const no = String(b.out_trade_no ?? '')
    if (!store.trade(no)) return reply.code(404).send({ ok: false, message: '订单不存在' })
    const action = b.action ?? 'pay'
    if (action === 'pay') {
      const refusal = pay(no)
      if (refusal) return reply.code(409).send({ ok: false, message: refusal })
    } else if (action === 'fail') store.setTradeState(no, ['NOTPAY'], { trade_state: 'PAYERROR' })
    else if (!store.setTradeState(no, UNPAID, { trade_state: 'CLOSED' }))
      return reply.code(409).send({ ok: false, message: '订单不可关闭' })
    await kick()
    return { ok: true, trade: tradeView(store.trade(no)!) }
  })
  /** settle a PROCESSING refund now: { out_refund_no, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' } */
  app.post('/_sim/refund', async (req, reply) => {
    const b = hookBody(req)
    const r = store.refund(String(b.out_refund_no ?? ''))
    const status = (b.status ?? 'SUCCESS') as 'SUCCESS' | 'ABNORMAL' | 'CLOSED'
    if (!r || !['SUCCESS', 'ABNORMAL', 'CLOSED'].includes(status) || !settleRefund(r, status))
      return reply.code(409).send({ ok: false, message: '退款单不存在或已完结' })
    await kick()
    return { ok: true }
  })
  /** plant a mismatch in a day's bill: { day, kind: 'AMOUNT' | 'EXTRA' | 'MISSING', no, refund?, amount? } */
  app.post('/_sim/bill', async (req, reply) => {
    const b = hookBody(req)
    const plant: BillPlant = {
      day: String(b.day ?? ''),
      kind: b.kind as BillPlant['kind'],
      no: String(b.no ?? ''),
      refund: Boolean(b.refund),
      amount: Number(b.amount ?? 0),
    }
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(plant.day) ||
      !['AMOUNT', 'EXTRA', 'MISSING'].includes(plant.kind) ||
      !plant.no
    )
      return reply.code(400).send({ ok: false, message: 'day, kind and no are required' })
    store.plant(plant)
    return { ok: true }
  })
  /** answer the next `times` API requests with a fault: { fault: 'ERROR_500' | 'GARBAGE' | 'BAD_SIGNATURE' | 'SLOW', times } */
  app.post('/_sim/fault', async (req, reply) => {
    const b = hookBody(req)
    const fault = b.fault as SimFault
    if (!['ERROR_500', 'GARBAGE', 'BAD_SIGNATURE', 'SLOW'].includes(fault))
      return reply.code(400).send({ ok: false, message: 'unknown fault' })
    store.addFault(fault, Number(b.times ?? 1))
    return { ok: true }
  })
  /** the notifications sent about a trade or refund, with every delivery attempt: ?no=… */
  app.get('/_sim/notifications', async (req) => ({
    notifications: store.notificationsOf(String((req.query as Json).no ?? '')),
  }))
  /** deliver what is due now (tests that set pollMs 0) */
  app.post('/_sim/tick', async () => {
    await kick()
    return { ok: true }
  })
}

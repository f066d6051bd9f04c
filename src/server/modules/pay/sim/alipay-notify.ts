/** The Alipay simulator's asynchronous notifications (trade_status_sync): stored first, then delivered. */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { chinaTime } from './alipay-bill'
import { BUYER_ID, BUYER_LOGON, yuan, type AlipaySim } from './alipay-common'
import { NOTIFY_LEAVE_OUT, rsa2Sign, signContent, type Params } from './alipay-sign'
import type { SimTrade } from './alipay-store'

export function alipayNotifications(app: FastifyInstance, sim: AlipaySim) {
  const { store, schedule, now, options, keys, sellerId } = sim
  // ---- notifications: stored first, then delivered with retries until the answer is `success`
  const timers = new Set<NodeJS.Timeout>()
  const inFlight = new Set<Promise<void>>()
  let closed = false
  const scheduleAt = (id: number, at: number) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        const delivery = deliver(id).finally(() => inFlight.delete(delivery))
        inFlight.add(delivery)
      },
      Math.max(0, at - Date.now()),
    )
    timers.add(timer)
  }
  async function deliver(id: number) {
    if (closed || !store.claimNotification(id, Date.now(), 30_000)) return
    const n = store.notification(id)!
    let status = 0
    let answer: string
    try {
      const res = await fetch(n.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: n.body,
        signal: AbortSignal.timeout(10_000),
      })
      status = res.status
      answer = (await res.text()).slice(0, 500)
    } catch (err) {
      answer = `(${(err as Error).message})`.slice(0, 500)
    }
    const delivered = status === 200 && answer.trim() === 'success'
    const delay = schedule[n.attempts + 1]
    const nextAt = delivered || delay === undefined ? null : Date.now() + delay
    store.recordAttempt(id, Date.now(), status, answer, nextAt, delivered)
    if (nextAt !== null && !closed) scheduleAt(id, nextAt)
  }
  function notify(trade: SimTrade, extra: Params = {}) {
    if (!trade.notify_url) return
    const params: Params = {
      notify_time: chinaTime(now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.trade_no,
      out_trade_no: trade.out_trade_no,
      buyer_id: BUYER_ID,
      buyer_logon_id: BUYER_LOGON,
      seller_id: sellerId,
      trade_status: trade.status,
      total_amount: yuan(trade.total),
      receipt_amount: yuan(trade.total),
      invoice_amount: yuan(trade.total),
      buyer_pay_amount: yuan(trade.total),
      point_amount: '0.00',
      subject: trade.subject,
      gmt_create: chinaTime(trade.created_at),
      ...(trade.paid_at ? { gmt_payment: chinaTime(trade.paid_at) } : {}),
      ...(trade.closed_at ? { gmt_close: chinaTime(trade.closed_at) } : {}),
      fund_bill_list: JSON.stringify([{ amount: yuan(trade.total), fundChannel: 'ALIPAYACCOUNT' }]),
      ...extra,
    }
    params.sign = rsa2Sign(signContent(params, NOTIFY_LEAVE_OUT), keys.privateKey)
    const id = store.insertNotification({
      notify_id: params.notify_id,
      out_trade_no: trade.out_trade_no,
      url: trade.notify_url,
      body: new URLSearchParams(params).toString(),
      created_at: now(),
      next_at: Date.now() + (schedule[0] ?? 0),
    })
    scheduleAt(id, Date.now() + (schedule[0] ?? 0))
  }
  app.addHook('onReady', async () => {
    for (const n of store.pendingNotifications()) scheduleAt(n.id, n.next_at!)
  })
  app.addHook('onClose', async () => {
    closed = true
    for (const t of timers) clearTimeout(t)
    // an attempt under way is recorded before the file closes (else its claim would hold it back)
    await Promise.allSettled([...inFlight])
    store.close()
  })
  return { notify, scheduleAt }
}

export type AlipayNotifier = ReturnType<typeof alipayNotifications>

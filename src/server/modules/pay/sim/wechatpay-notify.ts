/** The WeChat Pay simulator's notifications: queued, then delivered with retries (and refunds settled when due). */
import type { FastifyInstance } from 'fastify'
import { digits, type Json, type WechatpaySim } from './wechatpay-common'
import { encryptResource, platformHeaders, rfc3339 } from './wechatpay-protocol'
import type { SimRefund } from './wechatpay-store'

export function wechatpayNotifications(app: FastifyInstance, sim: WechatpaySim) {
  const { options, now, keys, store, schedule } = sim
  /** Queues a notification (the first attempt after schedule[0]); nothing when there is no URL. */
  const queueNotification = (
    kind: 'TRANSACTION' | 'REFUND',
    eventType: string,
    summary: string,
    targetNo: string,
    url: string,
    resource: Json,
  ) => {
    if (!url) return
    const at = now()
    const id = `EV-${at}${digits(7)}`
    const body = JSON.stringify({
      id,
      create_time: rfc3339(at),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: encryptResource(
        JSON.stringify(resource),
        options.apiV3Key,
        kind === 'TRANSACTION' ? 'transaction' : 'refund',
      ),
    })
    store.insertNotification({
      id,
      kind,
      event_type: eventType,
      target_no: targetNo,
      url,
      body,
      created_at: at,
      next_at: at + (schedule[0] ?? 0),
    })
    kick()
  }

  const settleRefund = (r: SimRefund, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') => {
    const at = now()
    if (!store.setRefund(r.out_refund_no, 'PROCESSING', status, status === 'SUCCESS' ? at : null))
      return false
    const t = store.trade(r.out_trade_no)!
    const fresh = store.refund(r.out_refund_no)!
    queueNotification(
      'REFUND',
      `REFUND.${status}`,
      status === 'SUCCESS' ? '退款成功' : '退款异常',
      r.out_refund_no,
      r.notify_url,
      {
        mchid: t.mchid,
        out_trade_no: t.out_trade_no,
        transaction_id: t.transaction_id,
        out_refund_no: fresh.out_refund_no,
        refund_id: fresh.refund_id,
        refund_status: status,
        ...(fresh.success_time ? { success_time: rfc3339(fresh.success_time) } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: fresh.total,
          refund: fresh.refund,
          payer_total: fresh.total,
          payer_refund: fresh.refund,
        },
      },
    )
    return true
  }

  // ---- delivery of notifications (and the refunds that settle by themselves) ----

  let running: Promise<void> | null = null
  let again = false
  let closed = false
  const deliverOne = async (n: { id: string; url: string; body: string; attempts: number }) => {
    if (!store.lease(n.id, now(), 30_000)) return
    let status = 0
    let error: string | null = null
    try {
      const res = await fetch(n.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Mozilla/4.0 (WeChatPay simulator)',
          ...platformHeaders(n.body, keys, now()),
        },
        body: n.body,
        signal: AbortSignal.timeout(5000),
      })
      status = res.status
      await res.arrayBuffer()
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
    }
    const ok = status === 200 || status === 204
    const next = schedule[n.attempts + 1]
    store.recordAttempt(n.id, now(), status, ok, error, ok || next === undefined ? null : now() + next)
  }
  const tick = async () => {
    for (const r of store.dueRefunds(now())) settleRefund(r, 'SUCCESS')
    await Promise.all(store.dueNotifications(now()).map(deliverOne))
  }
  /** runs the delivery now (after the current synchronous code, so never inside a transaction) */
  function kick(): Promise<void> {
    if (closed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await Promise.resolve()
        await tick()
      } while (again && !closed)
    })().finally(() => (running = null))
    return running
  }
  const timer = options.pollMs === 0 ? null : setInterval(() => void kick(), options.pollMs ?? 1000)
  timer?.unref()
  app.addHook('onClose', async () => {
    closed = true
    if (timer) clearInterval(timer)
    await running
    store.close()
  })
  return { queueNotification, settleRefund, kick }
}

export type WechatpayNotifier = ReturnType<typeof wechatpayNotifications>

/**
 * A simulator of WeChat Pay API v3 (docs/payments.md, "WeChat Pay"), written apart from the adapter
 * (pay/wechat.ts) and without its library: it checks the merchant's request signatures with the
 * merchant's public key, signs its answers and notifications with its own "platform" key (the
 * 微信支付公钥 mode), encrypts notification resources with the merchant's APIv3 key, and serves the
 * trade bill in WeChat's text format. State lives in SQLite in `dir` (wechatpay-store.ts), so two
 * server processes pointing at one directory see one WeChat Pay.
 *
 * Mounted under a prefix (`app.register(wechatpaySimulator(options), { prefix: '/sim/wechatpay' })`)
 * or alone; the adapter's gateway is then the prefix's absolute address. Besides the API it serves
 * the pages a person pays on (the QR landing page a phone opens — which a PC shows as a QR code —
 * and the H5 page) and test hooks under `/_sim/`.
 */
import { createHash, randomInt } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { tradeBill } from './wechatpay-bill'
import {
  checkAuthorization,
  encryptResource,
  nonce,
  parseTime,
  platformHeaders,
  rfc3339,
  yuan,
} from './wechatpay-protocol'
import {
  openSimStore,
  wechatpaySimulatorKeys,
  type BillPlant,
  type SimFault,
  type SimRefund,
  type SimStore,
  type SimTrade,
} from './wechatpay-store'

export { wechatpaySimulatorKeys } from './wechatpay-store'

/** WeChat Pay's own retry schedule of a notification not answered 200/204: 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h. */
export const WECHAT_NOTIFY_SCHEDULE_MS = [
  0, 15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
].map((s) => s * 1000)

export interface WechatpaySimulatorOptions {
  /** where the SQLite file and the platform key pair live (shared by every process using this simulator) */
  dir: string
  /** the merchant it serves (WECHATPAY_MCH_ID, WECHATPAY_APP_ID): requests naming others are refused */
  mchId: string
  appId: string
  /** the merchant's API public key (PEM), to check request signatures */
  merchantPublicKey: string
  /** the merchant certificate's serial (WECHATPAY_SERIAL); unchecked when absent */
  merchantSerial?: string
  /** the merchant's APIv3 key (32 characters): notifications' resources are encrypted with it */
  apiV3Key: string
  /** the simulator's absolute address as browsers and the adapter reach it (with the prefix); default: from each request */
  publicUrl?: string
  /** delays before each notification attempt, the first from the event (default WECHAT_NOTIFY_SCHEDULE_MS) */
  notifyRetryMs?: number[]
  /** how often due notifications and refunds are looked for (default 1000 ms; 0: only through `/_sim/tick`) */
  pollMs?: number
  /** how long a refund stays PROCESSING (default 1000 ms; 0: SUCCESS at once) */
  refundDelayMs?: number
  /** how long the SLOW fault makes an answer wait (default 15 s) */
  slowMs?: number
  now?: () => number
}

type Json = Record<string, unknown>

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const STATE_DESC: Record<string, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '订单未支付',
  CLOSED: '订单已关闭',
  PAYERROR: '支付失败，请重新下单支付',
}
const UNPAID = ['NOTPAY', 'PAYERROR']
const PAID = ['SUCCESS', 'REFUND']
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('')

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
.amount{font-size:32px;margin:12px 0}.ok{background:#07c160;color:#fff}button{font-size:18px;padding:10px;width:100%;margin:6px 0;border:0;border-radius:6px}
.note{color:#888;font-size:13px}</style></head><body><h1>${escapeHtml(title)}</h1>${body}
<p class="note">这是微信支付模拟器，不会产生真实扣款。</p></body></html>`
}

export function wechatpaySimulator(options: WechatpaySimulatorOptions): FastifyPluginAsync {
  return async (app) => {
    const now = options.now ?? Date.now
    const keys = wechatpaySimulatorKeys(options.dir)
    const store: SimStore = openSimStore(options.dir)
    const schedule = options.notifyRetryMs ?? WECHAT_NOTIFY_SCHEDULE_MS
    const refundDelayMs = options.refundDelayMs ?? 1000
    const prefix = app.prefix
    const baseOf = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}${prefix}`

    // WeChat signs and checks the raw body text: keep every body as the string that came
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

    const send = (reply: FastifyReply, status: number, data: Json | null, raw?: string) => {
      const body = raw ?? (data ? JSON.stringify(data) : '')
      void reply
        .code(status)
        .headers({ ...platformHeaders(body, keys, now()), 'Request-ID': nonce(24) })
        .type('application/json; charset=utf-8')
        .send(body)
      return reply
    }

    const answerOf = (
      run: () => { status?: number; data: Json | null },
    ): { status: number; data: Json | null } => {
      try {
        const { status = 200, data } = run()
        return { status, data }
      } catch (e) {
        if (!(e instanceof ApiError)) throw e
        return { status: e.status, data: { code: e.code, message: e.message } }
      }
    }

    /** An API route: planted faults first, then the merchant's signature, then the handler. */
    const api =
      (handler: (req: FastifyRequest, body: Json) => { status?: number; data: Json | null }) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        const fault: SimFault | null = store.takeFault()
        if (fault === 'SLOW') await new Promise((r) => setTimeout(r, options.slowMs ?? 15_000))
        if (fault === 'ERROR_500') return send(reply, 500, { code: 'SYSTEM_ERROR', message: '系统错误' })
        const raw = typeof req.body === 'string' ? req.body : ''
        const why = checkAuthorization(
          req.headers.authorization,
          { method: req.method, url: req.url, body: raw },
          {
            mchid: options.mchId,
            serial: options.merchantSerial ?? '',
            publicKey: options.merchantPublicKey,
          },
          now(),
        )
        if (why) return send(reply, 401, { code: 'SIGN_ERROR', message: why })
        let body: Json = {}
        if (raw) {
          try {
            body = JSON.parse(raw) as Json
          } catch {
            return send(reply, 400, { code: 'PARAM_ERROR', message: '请求体不是合法的JSON' })
          }
        }
        const { status, data } = answerOf(() => handler(req, body))
        // the real work is done; only the answer goes wrong (as when a proxy or the network mangles it)
        if (fault === 'GARBAGE') return send(reply, 200, null, '<html>502 Bad Gateway</html>')
        if (fault === 'BAD_SIGNATURE') {
          const text = data ? JSON.stringify(data) : ''
          void reply
            .code(status)
            .headers(platformHeaders(`${text} `, keys, now()))
            .type('application/json')
            .send(text)
          return reply
        }
        return send(reply, status, data)
      }

    const tradeView = (t: SimTrade): Json => ({
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
      trade_type: t.trade_type,
      trade_state: t.trade_state,
      trade_state_desc: STATE_DESC[t.trade_state] ?? t.trade_state,
      ...(t.success_time
        ? {
            bank_type: 'OTHERS',
            success_time: rfc3339(t.success_time),
            payer: { openid: t.payer_openid },
          }
        : {}),
      attach: '',
      amount: {
        total: t.total,
        ...(t.success_time ? { payer_total: t.total } : {}),
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    })

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

    /** Pays an unpaid trade (the page's 确认付款 or the test hook); the refusal's words otherwise. */
    const pay = (no: string): string | null => {
      const t = store.trade(no)
      if (!t) return '订单不存在'
      if (PAID.includes(t.trade_state)) return '订单已支付'
      if (t.trade_state === 'CLOSED') return '订单已关闭'
      if (t.time_expire !== null && now() > t.time_expire) return '订单已过期'
      const at = now()
      const paid = store.setTradeState(no, UNPAID, {
        trade_state: 'SUCCESS',
        transaction_id: `42000${digits(23)}`,
        payer_openid: `oSim${digits(24)}`,
        success_time: at,
      })
      if (!paid) return '订单状态已变化'
      const fresh = store.trade(no)!
      queueNotification(
        'TRANSACTION',
        'TRANSACTION.SUCCESS',
        '支付成功',
        no,
        fresh.notify_url,
        tradeView(fresh),
      )
      return null
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

    // ---- the API ----

    const createTrade = (body: Json, tradeType: 'NATIVE' | 'MWEB') => {
      if (body.appid !== options.appId || body.mchid !== options.mchId)
        throw new ApiError(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配')
      const no = body.out_trade_no
      const amount = body.amount as Json | undefined
      const total = amount?.total
      const description = body.description
      if (typeof no !== 'string' || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(no))
        throw new ApiError(
          400,
          'PARAM_ERROR',
          '输入源“/body/out_trade_no”映射到字段“商户订单号”长度或格式不正确',
        )
      if (!Number.isInteger(total) || (total as number) <= 0)
        throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/amount/total”映射到字段“总金额”必须大于0')
      if (typeof description !== 'string' || !description || Buffer.byteLength(description) > 127)
        throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/description”映射到字段“商品描述”长度不正确')
      if (typeof body.notify_url !== 'string' || !/^https?:\/\//.test(body.notify_url))
        throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/notify_url”映射到字段“通知地址”格式不正确')
      if (tradeType === 'MWEB') {
        const scene = body.scene_info as Json | undefined
        if (typeof scene?.payer_client_ip !== 'string' || !(scene.h5_info as Json | undefined)?.type)
          throw new ApiError(
            400,
            'PARAM_ERROR',
            '输入源“/body/scene_info”映射到字段“场景信息”缺少payer_client_ip或h5_info',
          )
      }
      const found = store.trade(no)
      if (found) {
        if (PAID.includes(found.trade_state)) throw new ApiError(400, 'ORDERPAID', '该订单已支付')
        if (found.trade_state === 'CLOSED') throw new ApiError(400, 'ORDER_CLOSED', '该订单已关闭')
        if (found.total !== total || found.description !== description || found.trade_type !== tradeType)
          throw new ApiError(400, 'INVALID_REQUEST', '201 商户订单号重复')
        return found
      }
      store.insertTrade({
        out_trade_no: no,
        appid: options.appId,
        mchid: options.mchId,
        description,
        notify_url: body.notify_url,
        total: total as number,
        trade_type: tradeType,
        pay_code: `wx${digits(30)}`,
        created_at: now(),
        time_expire: parseTime(body.time_expire),
      })
      return store.trade(no)!
    }

    app.post(
      '/v3/pay/transactions/native',
      api((req, body) => {
        const t = createTrade(body, 'NATIVE')
        return { data: { code_url: `${baseOf(req)}/pay/native?pr=${t.pay_code}` } }
      }),
    )
    app.post(
      '/v3/pay/transactions/h5',
      api((req, body) => {
        const t = createTrade(body, 'MWEB')
        return { data: { h5_url: `${baseOf(req)}/pay/h5?prepay_id=${t.pay_code}&package=${digits(10)}` } }
      }),
    )
    app.get<{ Params: { no: string } }>(
      '/v3/pay/transactions/out-trade-no/:no',
      api((req) => {
        const q = req.query as Json
        if (q.mchid !== options.mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid有误')
        const t = store.trade((req.params as { no: string }).no)
        if (!t) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在')
        return { data: tradeView(t) }
      }),
    )
    app.post(
      '/v3/pay/transactions/out-trade-no/:no/close',
      api((req, body) => {
        if (body.mchid !== options.mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid有误')
        const no = (req.params as { no: string }).no
        const t = store.trade(no)
        if (!t) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在')
        if (PAID.includes(t.trade_state)) throw new ApiError(400, 'ORDERPAID', '该订单已支付')
        if (t.trade_state !== 'CLOSED' && !store.setTradeState(no, UNPAID, { trade_state: 'CLOSED' }))
          throw new ApiError(400, 'ORDERPAID', '该订单已支付')
        return { status: 204, data: null }
      }),
    )
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
          if (amount.total !== t.total)
            throw new ApiError(400, 'INVALID_REQUEST', '订单金额与原订单金额不一致')
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
    app.get(
      '/v3/bill/tradebill',
      api((req) => {
        const q = req.query as Json
        const day = q.bill_date
        if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day))
          throw new ApiError(400, 'PARAM_ERROR', '输入源“/query/bill_date”映射到字段“账单日期”格式不正确')
        const text = tradeBill(store, day, { appid: options.appId, mchid: options.mchId })
        if (text === null) throw new ApiError(400, 'NO_STATEMENT_EXIST', '账单文件不存在')
        const token = nonce(40)
        store.insertToken(token, day, typeof q.bill_type === 'string' ? q.bill_type : 'ALL')
        return {
          data: {
            hash_type: 'SHA1',
            hash_value: createHash('sha1').update(text, 'utf8').digest('hex'),
            download_url: `${baseOf(req)}/v3/billdownload/file?token=${token}`,
          },
        }
      }),
    )
    // the file itself is not signed (WeChat does not sign downloads); the request still is
    app.get('/v3/billdownload/file', async (req, reply) => {
      const why = checkAuthorization(
        req.headers.authorization,
        { method: 'GET', url: req.url, body: '' },
        { mchid: options.mchId, serial: options.merchantSerial ?? '', publicKey: options.merchantPublicKey },
        now(),
      )
      if (why) return send(reply, 401, { code: 'SIGN_ERROR', message: why })
      const found = store.token(String((req.query as Json).token ?? ''))
      if (!found) return send(reply, 400, { code: 'PARAM_ERROR', message: 'token无效' })
      const text = tradeBill(store, found.day, { appid: options.appId, mchid: options.mchId }) ?? ''
      return reply.type('text/plain; charset=utf-8').send(Buffer.from(text, 'utf8'))
    })

    // ---- the pages a person pays on ----

    const payPage = (t: SimTrade, hidden: Record<string, string>) =>
      page(
        '微信支付',
        `<p>商户：${escapeHtml(t.mchid)}</p><p>商品：${escapeHtml(t.description)}</p>
<p class="amount">￥${yuan(t.total)}</p><p class="note">订单号 ${escapeHtml(t.out_trade_no)}</p>
<form method="post" action="confirm">${Object.entries(hidden)
          .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
          .join('')}
<button class="ok" name="action" value="pay">确认付款</button><button name="action" value="fail">支付失败</button></form>`,
      )
    const stateNote = (t: SimTrade) =>
      PAID.includes(t.trade_state) ? '该订单已支付。' : t.trade_state === 'CLOSED' ? '该订单已关闭。' : null

    /** the landing page of a Native code_url: what the phone opens after scanning (a PC opens it too) */
    app.get('/pay/native', async (req, reply) => {
      const t = store.tradeByCode(String((req.query as Json).pr ?? ''))
      reply.type('text/html; charset=utf-8')
      if (!t) return reply.code(404).send(page('微信支付', '<p>二维码已失效。</p>'))
      const note = stateNote(t)
      return note ? page('微信支付', `<p>${note}</p>`) : payPage(t, { code: t.pay_code })
    })
    /** the H5 page (h5_url, with the merchant's redirect_url appended) */
    app.get('/pay/h5', async (req, reply) => {
      const q = req.query as Json
      const t = store.tradeByCode(String(q.prepay_id ?? ''))
      reply.type('text/html; charset=utf-8')
      if (!t) return reply.code(404).send(page('微信支付', '<p>支付链接已失效。</p>'))
      const note = stateNote(t)
      const redirect = typeof q.redirect_url === 'string' ? q.redirect_url : ''
      return note
        ? page('微信支付', `<p>${note}</p>`)
        : payPage(t, { code: t.pay_code, redirect_url: redirect })
    })
    app.post('/pay/confirm', async (req, reply) => {
      const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '')
      const t = store.tradeByCode(form.get('code') ?? '')
      reply.type('text/html; charset=utf-8')
      if (!t) return reply.code(404).send(page('微信支付', '<p>订单不存在。</p>'))
      let refusal: string | null = null
      if (form.get('action') === 'pay') refusal = pay(t.out_trade_no)
      // a failed payment leaves the order payable again (PAYERROR), as WeChat does
      else store.setTradeState(t.out_trade_no, ['NOTPAY'], { trade_state: 'PAYERROR' })
      const redirect = form.get('redirect_url')
      // H5 goes back to the merchant whatever happened: the merchant queries the result
      if (redirect && /^https?:\/\//.test(redirect)) return reply.redirect(redirect, 303)
      if (refusal) return page('支付未完成', `<p>${escapeHtml(refusal)}</p>`)
      return form.get('action') === 'pay'
        ? page('支付成功', `<p>已向 ${escapeHtml(t.mchid)} 支付 ￥${yuan(t.total)}。</p>`)
        : page('支付失败', '<p>本次支付未成功，可重新扫码支付。</p>')
    })

    // ---- test hooks (a simulator only: never part of the real provider) ----

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
}

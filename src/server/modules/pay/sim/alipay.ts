/**
 * A simulator of Alipay's OpenAPI gateway (docs/payments.md, "Alipay"), written from Alipay's
 * documentation and apart from our adapter (it imports neither pay/alipay.ts nor alipay-sdk), so
 * the real adapter runs end to end against it in tests and in the demo.
 *
 * It speaks the gateway's protocol: requests to `<prefix>/gateway.do` with the common parameters in
 * the query and `biz_content` in the form body, signed RSA2 with the merchant's key (checked against
 * `merchantPublicKey`); signed JSON answers `{"<method>_response":{…},"sign":"…"}`; page and WAP pay
 * as a signed GET (or auto-submitted POST form) that opens the cashier; asynchronous notifications
 * `trade_status_sync` (form POST, signed without sign and sign_type) retried on Alipay's schedule
 * until the answer is `success`; bills as a zip of GBK CSV files (sim/alipay-bill.ts).
 *
 * State lives in `dir` (sim/alipay-store.ts) with the simulator's own "Alipay platform" key pair
 * (sim/alipay-sign.ts): give the adapter `alipaySimulatorPublicKey(dir)` as ALIPAY_PUBLIC_KEY.
 *
 * Test hooks under `<prefix>/_sim/…` (JSON): pay (by out_trade_no or by the pay URL itself), close,
 * settle a pending payout, plant a bill mismatch, inject a gateway fault, resend a notification,
 * and read notifications with their delivery attempts.
 */
import { randomBytes, randomInt } from 'node:crypto'
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { billHasLines, billZip, chinaDayRange, chinaTime, type BillInput, type BillType } from './alipay-bill'
import { cashierPage, messagePage } from './alipay-pages'
import {
  loadOrCreatePlatformKeys,
  NOTIFY_LEAVE_OUT,
  publicKeyPem,
  rsa2Sign,
  rsa2Verify,
  signContent,
  signedResponse,
  type Params,
} from './alipay-sign'
import { openAlipaySimStore, type FaultKind, type SimTrade, type TransferStatus } from './alipay-store'

export interface AlipaySimulatorOptions {
  /** where the state (SQLite) and the platform key pair live; shared by processes pointing at it */
  dir: string
  /** the merchant's app id: requests naming another are refused (isv.invalid-app-id) */
  appId: string
  /** the merchant's application public key (PEM or bare base64), to check our requests' signatures */
  merchantPublicKey: string
  /** the merchant's Alipay account id (seller_id, 2088…), default 2088621987654321 */
  sellerId?: string
  /** ms before each notification attempt; default Alipay's: 0, 4 m, 10 m, 10 m, 1 h, 2 h, 6 h, 15 h */
  notifySchedule?: readonly number[]
  /** the absolute URL the simulator is reached at (for QR codes and bill links); default from the request */
  publicUrl?: string
  /** the simulator's clock (trade and bill times); notification timers use the real clock */
  now?: () => number
  /** known payees (Alipay login → real name); when given, payouts to others fail like Alipay's */
  payees?: Readonly<Record<string, string>>
  /** what a transfer does at once: SUCCESS (Alipay's usual) or DEALING, settled later by `/_sim/payout` */
  payoutOutcome?: 'SUCCESS' | 'DEALING'
  /** how long a `timeout` fault holds the answer, default 10 s */
  hangMs?: number
}

export const ALIPAY_NOTIFY_SCHEDULE = [0, 4, 10, 10, 60, 120, 360, 900].map((m) => m * 60_000)

/** The public key of the simulator in `dir` (made on first use): the adapter's ALIPAY_PUBLIC_KEY. */
export const alipaySimulatorPublicKey = (dir: string): string => loadOrCreatePlatformKeys(dir).publicKey

const PAGE_METHODS: Record<string, { productCode: string; phone: boolean }> = {
  'alipay.trade.page.pay': { productCode: 'FAST_INSTANT_TRADE_PAY', phone: false },
  'alipay.trade.wap.pay': { productCode: 'QUICK_WAP_WAY', phone: true },
}
const BUYER_ID = '2088102177846880'
const BUYER_LOGON = '138****8000'

type Answer = Record<string, unknown>
const ok = (fields: Answer = {}): Answer => ({ code: '10000', msg: 'Success', ...fields })
const refused = (subCode: string, subMsg: string): Answer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
})
const invalid = (subCode: string, subMsg: string): Answer => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
})
/** A refusal carried out of a handler. */
class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super(String(answer.sub_msg))
  }
}

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
function fenOf(value: unknown, field: string): number {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(String(value ?? ''))
  if (!m) throw new Refusal(invalid('isv.invalid-parameter', `参数 ${field} 不合法`))
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value))
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('')
const stamp = (ms: number) => chinaTime(ms).slice(0, 10).replaceAll('-', '')
const parseChinaTime = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`)

export function alipaySimulator(options: AlipaySimulatorOptions): FastifyPluginAsync {
  return async (app) => {
    const keys = loadOrCreatePlatformKeys(options.dir)
    const store = openAlipaySimStore(options.dir)
    const merchantKey = publicKeyPem(options.merchantPublicKey)
    const sellerId = options.sellerId ?? '2088621987654321'
    const schedule = options.notifySchedule ?? ALIPAY_NOTIFY_SCHEDULE
    const now = options.now ?? Date.now
    const prefix = app.prefix
    const baseOf = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}${prefix}`

    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, body),
      )
    }
    const formOf = (body: unknown): Params => {
      if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body))
      if (body && typeof body === 'object')
        return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, text(v)]))
      return {}
    }

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

    // ---- trades
    /** the trade as it stands now: a waiting trade past its time_expire closes */
    function tradeOf(outTradeNo: string): SimTrade | undefined {
      const t = store.trade(outTradeNo)
      if (t?.status === 'WAIT_BUYER_PAY' && t.expires_at !== null && now() >= t.expires_at) {
        store.setTradeStatus(outTradeNo, 'WAIT_BUYER_PAY', 'TRADE_CLOSED', now())
        return store.trade(outTradeNo)
      }
      return t
    }
    /** a trade from a pay request (page, WAP or precreate); the same request again finds the same trade */
    function openTrade(method: string, params: Params, biz: Answer): SimTrade {
      const outTradeNo = text(biz.out_trade_no)
      const subject = text(biz.subject)
      if (!outTradeNo || outTradeNo.length > 64)
        throw new Refusal(invalid('isv.missing-parameter', '缺少参数 out_trade_no'))
      if (!subject) throw new Refusal(invalid('isv.missing-parameter', '缺少参数 subject'))
      const total = fenOf(biz.total_amount, 'total_amount')
      if (total < 1 || total > 100_000_000_00)
        throw new Refusal(invalid('isv.invalid-parameter', '参数 total_amount 不合法'))
      const page = PAGE_METHODS[method]
      if (page && biz.product_code !== page.productCode)
        throw new Refusal(invalid('isv.invalid-parameter', `product_code 应为 ${page.productCode}`))
      const existing = tradeOf(outTradeNo)
      if (existing) {
        if (existing.total !== total || existing.subject !== subject)
          throw new Refusal(refused('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'))
        if (existing.status === 'TRADE_SUCCESS')
          throw new Refusal(refused('ACQ.TRADE_HAS_SUCCESS', '交易已被支付'))
        if (existing.status === 'TRADE_CLOSED')
          throw new Refusal(refused('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'))
        return existing
      }
      const expire = text(biz.time_expire)
      const trade: SimTrade = {
        out_trade_no: outTradeNo,
        trade_no: `${stamp(now())}22001${digits(15)}`,
        method,
        subject,
        total,
        status: 'WAIT_BUYER_PAY',
        notify_url: params.notify_url || null,
        return_url: params.return_url || null,
        expires_at: expire ? parseChinaTime(expire) : now() + 15 * 86_400_000,
        created_at: now(),
        paid_at: null,
        closed_at: null,
        refunded: 0,
      }
      store.insertTrade(trade)
      return trade
    }
    function payTrade(outTradeNo: string): SimTrade {
      const trade = tradeOf(outTradeNo)
      if (!trade) throw new Refusal(refused('ACQ.TRADE_NOT_EXIST', '交易不存在'))
      if (trade.status === 'TRADE_CLOSED') throw new Refusal(refused('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'))
      if (store.setTradeStatus(outTradeNo, 'WAIT_BUYER_PAY', 'TRADE_SUCCESS', now()))
        notify(store.trade(outTradeNo)!)
      return store.trade(outTradeNo)!
    }

    /** the request's signature, app id and biz_content; an answer when they do not check */
    function checkRequest(params: Params): { biz: Answer } | { error: Answer } {
      if (!params.method) return { error: invalid('isv.missing-method', '缺少方法名参数') }
      if (!params.app_id) return { error: invalid('isv.missing-app-id', '缺少AppID参数') }
      if (params.app_id !== options.appId) return { error: invalid('isv.invalid-app-id', '无效的AppID参数') }
      if (!params.sign) return { error: invalid('isv.missing-signature', '缺少签名参数') }
      if (params.sign_type !== 'RSA2')
        return { error: invalid('isv.invalid-signature-type', '无效的签名类型') }
      if (!rsa2Verify(signContent(params), params.sign, merchantKey))
        return {
          error: invalid('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配'),
        }
      try {
        const biz = params.biz_content ? (JSON.parse(params.biz_content) as unknown) : {}
        if (!biz || typeof biz !== 'object') throw new Error('not an object')
        return { biz: biz as Answer }
      } catch {
        return { error: invalid('isv.invalid-parameter', '参数 biz_content 不是合法的 JSON') }
      }
    }

    // ---- the API methods
    const methods: Record<string, (biz: Answer, params: Params, req: FastifyRequest) => Answer> = {
      'alipay.trade.precreate': (biz, params, req) => {
        const trade = openTrade('alipay.trade.precreate', params, biz)
        return ok({ out_trade_no: trade.out_trade_no, qr_code: `${baseOf(req)}/qr/${trade.trade_no}` })
      },
      'alipay.trade.query': (biz) => {
        const t = findTrade(biz)
        return ok({
          trade_no: t.trade_no,
          out_trade_no: t.out_trade_no,
          buyer_logon_id: BUYER_LOGON,
          trade_status: t.status,
          total_amount: yuan(t.total),
          ...(t.paid_at
            ? {
                buyer_pay_amount: yuan(t.total),
                receipt_amount: yuan(t.total),
                send_pay_date: chinaTime(t.paid_at),
                buyer_user_id: BUYER_ID,
              }
            : {}),
        })
      },
      'alipay.trade.close': (biz) => {
        const t = findTrade(biz)
        if (t.status === 'TRADE_SUCCESS')
          throw new Refusal(refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'))
        store.setTradeStatus(t.out_trade_no, 'WAIT_BUYER_PAY', 'TRADE_CLOSED', now())
        return ok({ trade_no: t.trade_no, out_trade_no: t.out_trade_no })
      },
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
      'alipay.fund.trans.uni.transfer': (biz) =>
        store.transaction(() => {
          const outBizNo = text(biz.out_biz_no)
          if (!outBizNo) throw new Refusal(invalid('isv.missing-parameter', '缺少参数 out_biz_no'))
          const earlier = store.transfer(outBizNo)
          if (earlier) return transferAnswer(earlier)
          if (biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' || biz.biz_scene !== 'DIRECT_TRANSFER')
            throw new Refusal(invalid('isv.invalid-parameter', 'product_code 或 biz_scene 不合法'))
          const payee = (biz.payee_info ?? {}) as Answer
          if (payee.identity_type !== 'ALIPAY_LOGON_ID' || !payee.identity)
            throw new Refusal(invalid('isv.invalid-parameter', 'payee_info 不合法'))
          const amount = fenOf(biz.trans_amount, 'trans_amount')
          if (amount < 10) throw new Refusal(refused('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元'))
          const identity = text(payee.identity)
          const name = text(payee.name)
          if (!name)
            throw new Refusal(refused('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确'))
          if (options.payees) {
            const known = options.payees[identity]
            if (known === undefined) throw new Refusal(refused('PAYEE_NOT_EXIST', '收款账号不存在'))
            if (known !== name)
              throw new Refusal(
                refused('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确'),
              )
          }
          const at = now()
          const transfer = {
            out_biz_no: outBizNo,
            order_id: `${stamp(at)}1100700${digits(13)}`,
            pay_fund_order_id: `${stamp(at)}1100300${digits(13)}`,
            amount,
            identity,
            name,
            title: text(biz.order_title),
            status: (options.payoutOutcome ?? 'SUCCESS') as TransferStatus,
            fail_reason: null,
            at,
          }
          store.insertTransfer(transfer)
          return transferAnswer(transfer)
        }),
      'alipay.fund.trans.common.query': (biz) => {
        const t = biz.order_id
          ? store.transferByOrder(text(biz.order_id))
          : store.transfer(text(biz.out_biz_no))
        if (!t) throw new Refusal(refused('ORDER_NOT_EXIST', '转账订单不存在'))
        return ok({
          order_id: t.order_id,
          pay_fund_order_id: t.pay_fund_order_id,
          out_biz_no: t.out_biz_no,
          trans_amount: yuan(t.amount),
          status: t.status,
          ...(t.status === 'SUCCESS' ? { pay_date: chinaTime(t.at) } : {}),
          ...(t.fail_reason ? { fail_reason: t.fail_reason, error_code: 'PAYEE_ACCOUNT_STATUS_ERROR' } : {}),
        })
      },
      'alipay.data.dataservice.bill.downloadurl.query': (biz, _params, req) => {
        const type = text(biz.bill_type) as BillType
        const day = text(biz.bill_date)
        if (type !== 'trade' && type !== 'signcustomer')
          throw new Refusal(invalid('isv.invalid-parameter', '参数 bill_type 不合法'))
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
          throw new Refusal(invalid('isv.invalid-parameter', '参数 bill_date 不合法'))
        if (!billHasLines(billInput(day), type))
          throw new Refusal(refused('isp.bill_not_exist', '账单不存在'))
        const q = new URLSearchParams({
          bizType: type,
          bizDates: day.replaceAll('-', ''),
          fileType: 'csv.zip',
        })
        return ok({ bill_download_url: `${baseOf(req)}/downloadBillFile.resource?${q}` })
      },
    }
    function findTrade(biz: Answer): SimTrade {
      const t = biz.out_trade_no
        ? tradeOf(text(biz.out_trade_no))
        : biz.trade_no
          ? store.tradeByNo(text(biz.trade_no))
          : undefined
      if (!t) throw new Refusal(refused('ACQ.TRADE_NOT_EXIST', '交易不存在'))
      return t
    }
    const transferAnswer = (t: {
      out_biz_no: string
      order_id: string
      pay_fund_order_id: string
      status: string
      at: number
    }) =>
      ok({
        out_biz_no: t.out_biz_no,
        order_id: t.order_id,
        pay_fund_order_id: t.pay_fund_order_id,
        status: t.status,
        trans_date: chinaTime(t.at),
      })
    function billInput(day: string): BillInput {
      const [from, to] = chinaDayRange(day)
      return {
        pid: sellerId,
        day,
        trades: store.tradesPaidBetween(from, to),
        refunds: store.refundsBetween(from, to),
        transfers: store.transfersBetween(from, to),
        tweaks: store.tweaksOf(day),
        now: now(),
      }
    }

    // ---- the gateway
    async function gateway(req: FastifyRequest, reply: FastifyReply) {
      const params: Params = { ...(req.query as Params), ...formOf(req.body) }
      if (PAGE_METHODS[params.method]) return cashier(reply, params)
      const method = params.method ?? ''
      const key = `${method ? method.replaceAll('.', '_') : 'error'}_response`
      const fault: FaultKind | null = method ? store.takeFault(method) : null
      if (fault === 'http500')
        return reply.code(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>')
      if (fault === 'garbage')
        return reply.type('text/html').send('<html><body>系统繁忙，请稍后再试</body></html>')
      if (fault === 'timeout') await new Promise((resolve) => setTimeout(resolve, options.hangMs ?? 10_000))
      let answer: Answer
      if (fault === 'system') {
        answer = {
          code: '20000',
          msg: 'Service Currently Unavailable',
          sub_code: 'isp.unknow-error',
          sub_msg: '系统繁忙',
        }
      } else {
        const checked = checkRequest(params)
        const handler = methods[method]
        if ('error' in checked) answer = checked.error
        else if (!handler) answer = invalid('isv.invalid-method', '不存在的方法名')
        else {
          try {
            answer = handler(checked.biz, params, req)
          } catch (err) {
            if (!(err instanceof Refusal)) throw err
            answer = err.answer
          }
        }
      }
      let body = signedResponse(key, answer, keys.privateKey)
      if (fault === 'badsign')
        body = body.replace(/"sign":"[^"]+"/, `"sign":"${rsa2Sign('forged', keys.privateKey)}"`)
      return reply.type('application/json;charset=utf-8').send(body)
    }
    app.get('/gateway.do', gateway)
    app.post('/gateway.do', gateway)

    // ---- the cashier (PC and phone) and the QR code's landing page
    function openPageTrade(params: Params): SimTrade {
      const checked = checkRequest(params)
      if ('error' in checked) throw new Refusal(checked.error)
      return openTrade(params.method, params, checked.biz)
    }
    function cashier(reply: FastifyReply, params: Params) {
      const phone = PAGE_METHODS[params.method].phone
      let trade: SimTrade
      try {
        trade = openPageTrade(params)
      } catch (err) {
        if (!(err instanceof Refusal)) throw err
        return reply
          .code(400)
          .type('text/html')
          .send(messagePage('支付宝 - 错误', err.message, phone))
      }
      return reply.type('text/html').send(cashierView(trade, phone))
    }
    const cashierView = (t: SimTrade, phone: boolean) =>
      cashierPage({
        tradeNo: t.trade_no,
        outTradeNo: t.out_trade_no,
        subject: t.subject,
        amount: yuan(t.total),
        base: prefix,
        phone,
      })

    app.get<{ Params: { tradeNo: string } }>('/qr/:tradeNo', async (req, reply) => {
      const t = store.tradeByNo(req.params.tradeNo)
      const current = t && tradeOf(t.out_trade_no)
      if (!current)
        return reply
          .code(404)
          .type('text/html')
          .send(messagePage('支付宝', '二维码无效', true))
      if (current.status !== 'WAIT_BUYER_PAY')
        return reply
          .type('text/html')
          .send(
            messagePage('支付宝', current.status === 'TRADE_SUCCESS' ? '该订单已支付' : '交易已关闭', true),
          )
      return reply.type('text/html').send(cashierView(current, true))
    })

    app.post('/cashier/pay', async (req, reply) => {
      const t = store.tradeByNo(formOf(req.body).trade_no ?? '')
      if (!t) return reply.code(404).type('text/html').send(messagePage('支付宝', '交易不存在'))
      const phone = t.method !== 'alipay.trade.page.pay'
      let paid: SimTrade
      try {
        paid = payTrade(t.out_trade_no)
      } catch (err) {
        if (!(err instanceof Refusal)) throw err
        return reply.type('text/html').send(messagePage('支付宝', err.message, phone))
      }
      if (!paid.return_url) return reply.type('text/html').send(messagePage('支付宝', '支付成功', phone))
      // the synchronous return: the browser comes back with signed parameters (informative only)
      const back: Params = {
        charset: 'utf-8',
        out_trade_no: paid.out_trade_no,
        method: `${paid.method}.return`,
        total_amount: yuan(paid.total),
        trade_no: paid.trade_no,
        auth_app_id: options.appId,
        version: '1.0',
        app_id: options.appId,
        sign_type: 'RSA2',
        seller_id: sellerId,
        timestamp: chinaTime(now()),
      }
      back.sign = rsa2Sign(signContent(back, NOTIFY_LEAVE_OUT), keys.privateKey)
      const url = new URL(paid.return_url)
      for (const [k, v] of Object.entries(back)) url.searchParams.set(k, v)
      return reply.redirect(url.toString())
    })
    app.post('/cashier/fail', async (req, reply) => {
      // a failed attempt leaves the trade waiting, as Alipay does: the buyer may try again until it expires
      const t = store.tradeByNo(formOf(req.body).trade_no ?? '')
      return reply
        .type('text/html')
        .send(
          messagePage(
            '支付宝',
            '支付失败，请稍后重试',
            t?.method !== 'alipay.trade.page.pay',
            t?.return_url ?? undefined,
          ),
        )
    })

    app.get<{ Querystring: { bizType?: string; bizDates?: string } }>(
      '/downloadBillFile.resource',
      async (req, reply) => {
        const type = req.query.bizType as BillType
        const dates = req.query.bizDates ?? ''
        if ((type !== 'trade' && type !== 'signcustomer') || !/^\d{8}$/.test(dates))
          return reply.code(404).send('bill not found')
        const day = `${dates.slice(0, 4)}-${dates.slice(4, 6)}-${dates.slice(6)}`
        const { fileName, zip } = billZip(billInput(day), type)
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(zip)
      },
    )

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
    /** plants a bill mismatch: amount (fen) for `amount` and `extra`; `drop` leaves the line out */
    app.post<{ Body: { day: string; kind: 'amount' | 'drop' | 'extra'; ourNo: string; amount?: number } }>(
      '/_sim/bill',
      async (req) => {
        const { day, kind, ourNo, amount } = req.body
        store.addTweak({ day, kind, our_no: ourNo, amount: amount ?? null })
        return { ok: true }
      },
    )
    /** the next `times` calls of a method ('*': any) fail: http500, garbage, timeout, badsign or system */
    app.post<{ Body: { method: string; kind: FaultKind; times?: number } }>('/_sim/fault', async (req) => {
      store.setFault(req.body.method, req.body.kind, req.body.times ?? 1)
      return { ok: true }
    })
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
}

/** The simulator alone in its own Fastify instance on 127.0.0.1 (port 0: any free port); `url` is its base. */
export async function startAlipaySimulator(
  options: AlipaySimulatorOptions & { port?: number; host?: string },
): Promise<{ url: string; gateway: string; close: () => Promise<void> }> {
  const app = Fastify()
  await app.register(alipaySimulator(options))
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  return { url: address, gateway: `${address}/gateway.do`, close: () => app.close() }
}

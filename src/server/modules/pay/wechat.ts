/**
 * A little over 400 lines: the adapter and the notification check it needs (configuration in
 * wechat-config.ts, the bill's parser in wechat-bill.ts).
 *
 * The WeChat Pay adapter (docs/payments.md, "WeChat Pay"): API v3 through WeChat Pay's own npm
 * library `wechatpay-axios-plugin`, in the WeChat Pay public-key mode new merchants get (no platform
 * certificate: `certs: { PUB_KEY_ID_…: publicKey }`). The library signs every request with the
 * merchant key and checks every answer's signature with WeChat Pay's public key; this file adds the
 * notification check (signature over `timestamp\nnonce\nrawBody\n`, clock skew at most 300 s,
 * AEAD_AES_256_GCM decryption with the APIv3 key) and maps WeChat's states to provider.ts's.
 *
 * Scenes: QR and PC pay by Native (a code_url the page or the desktop client shows as a QR code),
 * WAP by H5 (h5_url + redirect_url). WeChat cannot pay a person out from a website since 2025 (the
 * recipient confirms inside WeChat): `canPayOut` is false and payout refuses.
 */
import { createHash } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { isAxiosError, type AxiosResponse } from 'axios'
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin'
import {
  ProviderUnavailable,
  type CreatePayment,
  type NotifyAnswer,
  type PayProvider,
  type ProviderTrade,
  type RefundResult,
  type VerifiedNotification,
} from './provider'
import { WECHATPAY_GATEWAY, type WechatPayConfig } from './wechat-config'
import { parseTradeBill } from './wechat-bill'

// kept where callers import them (src/server/config.ts, the tests)
export {
  WECHATPAY_ENV,
  WECHATPAY_GATEWAY,
  wechatPayConfigFromEnv,
  type WechatPayConfig,
} from './wechat-config'
export { parseTradeBill } from './wechat-bill'

/** WeChat Pay said no, in its own words (code and message): retrying the same request will not help. */
export class WechatPayRefused extends Error {
  constructor(
    /** the HTTP status of WeChat's answer (0: refused here, no request made) */
    readonly status: number,
    /** WeChat's error code, e.g. INVALID_REQUEST, ORDERPAID */
    readonly code: string,
    /** WeChat's message, e.g. 申请退款金额超过订单可退金额 */
    readonly providerMessage: string,
  ) {
    super(`WeChat Pay refused: ${code} ${providerMessage}`)
  }
}

/** A notification that is not WeChat Pay's (signature, serial, clock, encryption or shape wrong). */
export class WechatNotifyRejected extends Error {}

/** H5 needs the payer's IP (WeChat compares it with the phone's); provider.ts's CreatePayment may carry it. */
/** kept for callers that named it: the client IP is part of CreatePayment now */
export type WechatCreatePayment = CreatePayment

const PAYOUT_REFUSAL =
  '微信支付不能付款到个人：自 2025 年起收款人须在微信内确认收款，网站与桌面客户端无法完成，提现请走支付宝或银行卡'

type Json = Record<string, unknown>
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x)

/** `2026-11-27T10:00:00+08:00`: API v3 wants China time with its offset */
function rfc3339(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`
}

/**
 * At most `bytes` bytes of UTF-8, whole characters only: WeChat's string(127) description and
 * string(80) refund reason are counted in bytes, a Chinese character being three.
 */
function clip(s: string, bytes: number): string {
  let out = ''
  for (const ch of s) {
    if (Buffer.byteLength(out + ch, 'utf8') > bytes) break
    out += ch
  }
  return out
}

const parseTime = (s: unknown): number | null => {
  const ms = typeof s === 'string' ? Date.parse(s) : NaN
  return Number.isNaN(ms) ? null : ms
}

const TRADE_STATES: Record<string, ProviderTrade['status']> = {
  SUCCESS: 'PAID',
  // refunded (partly or wholly) after being paid: the payment itself stands
  REFUND: 'PAID',
  NOTPAY: 'WAITING',
  USERPAYING: 'WAITING',
  // a failed try leaves the order payable again; it closes at its expiry
  PAYERROR: 'WAITING',
  CLOSED: 'CLOSED',
  REVOKED: 'CLOSED',
}

const REFUND_STATES: Record<string, RefundResult['status']> = {
  SUCCESS: 'SUCCESS',
  PROCESSING: 'PENDING',
  CLOSED: 'FAILED',
  // the money could not reach the payer's card; staff re-send it on the merchant platform
  ABNORMAL: 'FAILED',
}

export function createWechatPayProvider(config: WechatPayConfig): PayProvider {
  if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32)
    throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes')
  const now = config.now ?? Date.now
  const gateway = (config.gateway || WECHATPAY_GATEWAY).replace(/\/+$/, '')
  const publicKey: KeyObject = Rsa.from(config.publicKey, Rsa.KEY_TYPE_PUBLIC)
  const wxpay = new Wechatpay({
    mchid: config.mchId,
    serial: config.serial,
    privateKey: config.privateKey,
    certs: { [config.publicKeyId]: publicKey },
    baseURL: `${gateway}/`,
    timeout: config.timeoutMs ?? 10_000,
  })

  /**
   * One API call. Unreachable, slow, 5xx, 429, unsigned or wrongly signed answers are
   * ProviderUnavailable (the caller keeps its state and asks again later); a 4xx with WeChat's
   * {code, message} is WechatPayRefused. Causes carry no request configuration (it holds the keys).
   */
  async function call(what: string, request: () => Promise<AxiosResponse>): Promise<AxiosResponse> {
    try {
      return await request()
    } catch (e) {
      if (!isAxiosError(e)) throw new ProviderUnavailable(`WeChat Pay ${what}: ${String(e)}`)
      if (e.code?.startsWith('EV3_RES_'))
        throw new ProviderUnavailable(`WeChat Pay ${what}: answer not signed by WeChat Pay (${e.code})`)
      const res = e.response
      if (!res) throw new ProviderUnavailable(`WeChat Pay ${what}: no answer (${e.code ?? e.message})`)
      const data: unknown = res.data
      if (res.status >= 500 || res.status === 429 || !isObject(data) || typeof data.code !== 'string')
        throw new ProviderUnavailable(`WeChat Pay ${what}: HTTP ${res.status}`, {
          status: res.status,
          code: isObject(data) ? data.code : undefined,
        })
      throw new WechatPayRefused(res.status, data.code, typeof data.message === 'string' ? data.message : '')
    }
  }

  /** the answer's JSON object, or ProviderUnavailable when it is not one (garbage with a good signature) */
  const body = (what: string, res: AxiosResponse): Json => {
    if (!isObject(res.data)) throw new ProviderUnavailable(`WeChat Pay ${what}: answer is not JSON`)
    return res.data
  }
  const text = (what: string, data: Json, key: string): string => {
    const v = data[key]
    if (typeof v !== 'string' || !v) throw new ProviderUnavailable(`WeChat Pay ${what}: answer lacks ${key}`)
    return v
  }
  const path = (...parts: string[]) => parts.map((p, i) => (i === 0 ? p : encodeURIComponent(p))).join('/')

  function refundResult(what: string, data: Json, refundNo: string): RefundResult {
    const status = REFUND_STATES[text(what, data, 'status')]
    const amount = isObject(data.amount) ? data.amount.refund : undefined
    if (!status || data.out_refund_no !== refundNo || !Number.isInteger(amount))
      throw new ProviderUnavailable(`WeChat Pay ${what}: unexpected answer`)
    return { refundNo, status, amount: amount as number }
  }

  const header = (headers: Record<string, string | string[] | undefined>, name: string): string => {
    const v = headers[name.toLowerCase()] ?? headers[name]
    return (Array.isArray(v) ? v[0] : v) ?? ''
  }

  return {
    channel: 'WECHAT',
    appId: config.appId,
    canPayOut: false,

    async create(payment: WechatCreatePayment) {
      const order = {
        appid: config.appId,
        mchid: config.mchId,
        description: clip(payment.subject, 127),
        out_trade_no: payment.attemptNo,
        time_expire: rfc3339(payment.expiresAt),
        notify_url: payment.notifyUrl,
        amount: { total: payment.amount, currency: 'CNY' },
      }
      if (payment.scene === 'WAP') {
        const res = await call('H5 order', () =>
          wxpay.chain('v3/pay/transactions/h5').post({
            ...order,
            scene_info: { payer_client_ip: payment.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } },
          }),
        )
        const h5Url = text('H5 order', body('H5 order', res), 'h5_url')
        // WeChat sends the phone back to redirect_url after paying (or not): the page then queries
        return {
          payUrl: `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(payment.returnUrl)}`,
        }
      }
      // PC and QR: Native; the page (PC) or the desktop client (QR) shows code_url as a QR code
      const res = await call('Native order', () => wxpay.chain('v3/pay/transactions/native').post(order))
      return { qrCode: text('Native order', body('Native order', res), 'code_url') }
    },

    async query(attemptNo) {
      let res: AxiosResponse
      try {
        res = await call('query', () =>
          wxpay
            .chain(path('v3/pay/transactions/out-trade-no', attemptNo))
            .get({ params: { mchid: config.mchId } }),
        )
      } catch (e) {
        if (e instanceof WechatPayRefused && e.code === 'ORDER_NOT_EXIST')
          return { attemptNo, status: 'NOT_FOUND', amount: 0, tradeNo: null, paidAt: null }
        throw e
      }
      const data = body('query', res)
      const status = TRADE_STATES[text('query', data, 'trade_state')]
      if (!status || data.out_trade_no !== attemptNo)
        throw new ProviderUnavailable('WeChat Pay query: unexpected answer')
      const total = isObject(data.amount) ? data.amount.total : undefined
      return {
        attemptNo,
        status,
        amount: Number.isInteger(total) ? (total as number) : 0,
        tradeNo: typeof data.transaction_id === 'string' ? data.transaction_id : null,
        paidAt: status === 'PAID' ? parseTime(data.success_time) : null,
      }
    },

    async close(attemptNo) {
      try {
        await call('close', () =>
          wxpay
            .chain(path('v3/pay/transactions/out-trade-no', attemptNo, 'close'))
            .post({ mchid: config.mchId }),
        )
      } catch (e) {
        // never created at WeChat (the create call was lost): nothing can be paid, as if closed
        if (e instanceof WechatPayRefused && e.code === 'ORDER_NOT_EXIST') return
        throw e
      }
    },

    async refund(request) {
      const res = await call('refund', () =>
        wxpay.chain('v3/refund/domestic/refunds').post({
          out_trade_no: request.attemptNo,
          out_refund_no: request.refundNo,
          reason: clip(request.reason, 80),
          notify_url: request.notifyUrl,
          amount: { refund: request.amount, total: request.total, currency: 'CNY' },
        }),
      )
      return refundResult('refund', body('refund', res), request.refundNo)
    },

    async queryRefund(attemptNo, refundNo) {
      let res: AxiosResponse
      try {
        res = await call('refund query', () =>
          wxpay.chain(path('v3/refund/domestic/refunds', refundNo)).get(),
        )
      } catch (e) {
        if (e instanceof WechatPayRefused && e.code === 'RESOURCE_NOT_EXISTS')
          return { refundNo, status: 'NOT_FOUND', amount: 0 }
        throw e
      }
      const data = body('refund query', res)
      if (data.out_trade_no !== attemptNo) return { refundNo, status: 'NOT_FOUND', amount: 0 }
      return refundResult('refund query', data, refundNo)
    },

    async payout() {
      throw new WechatPayRefused(0, 'PAYOUT_UNSUPPORTED', PAYOUT_REFUSAL)
    },
    async queryPayout() {
      throw new WechatPayRefused(0, 'PAYOUT_UNSUPPORTED', PAYOUT_REFUSAL)
    },

    async bill(day) {
      let res: AxiosResponse
      try {
        res = await call('bill', () =>
          wxpay.chain('v3/bill/tradebill').get({ params: { bill_date: day, bill_type: 'ALL' } }),
        )
      } catch (e) {
        // no trade that day: WeChat has no bill for it
        if (e instanceof WechatPayRefused && e.code === 'NO_STATEMENT_EXIST') return []
        // the bill of yesterday is ready after about 10:00
        if (e instanceof WechatPayRefused && e.code === 'STATEMENT_CREATING')
          throw new ProviderUnavailable(`WeChat Pay bill ${day}: not ready yet`)
        throw e
      }
      const info = body('bill', res)
      const url = new URL(text('bill', info, 'download_url'))
      // the file is fetched on the configured gateway, signed like any request (never sent elsewhere)
      const file = await call('bill download', () =>
        wxpay.chain('v3/billdownload/file').get({
          params: Object.fromEntries(url.searchParams),
          responseType: 'arraybuffer',
        }),
      )
      const bytes = Buffer.from(file.data as ArrayBuffer)
      if (String(info.hash_type).toUpperCase() === 'SHA1') {
        const hash = createHash('sha1').update(bytes).digest('hex')
        if (hash !== String(info.hash_value).toLowerCase())
          throw new ProviderUnavailable(`WeChat Pay bill ${day}: file does not match its hash`)
      }
      return parseTradeBill(bytes)
    },

    async verifyNotification({ headers, rawBody }) {
      const timestamp = header(headers, 'Wechatpay-Timestamp')
      const nonce = header(headers, 'Wechatpay-Nonce')
      const signature = header(headers, 'Wechatpay-Signature')
      const serial = header(headers, 'Wechatpay-Serial')
      if (!timestamp || !nonce || !signature || !serial)
        throw new WechatNotifyRejected('WeChat Pay notification: signature headers missing')
      if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > 300)
        throw new WechatNotifyRejected('WeChat Pay notification: timestamp more than 300 s away')
      // WeChat probes merchants with deliberately bad signatures (WECHATPAY/SIGNTEST/…): they fail here
      if (serial !== config.publicKeyId)
        throw new WechatNotifyRejected('WeChat Pay notification: unknown Wechatpay-Serial')
      if (!Rsa.verify(Formatter.response(timestamp, nonce, rawBody), signature, publicKey))
        throw new WechatNotifyRejected('WeChat Pay notification: signature does not check')
      return parseNotification(rawBody, config)
    },

    answer(ok): NotifyAnswer {
      return ok
        ? { status: 204, contentType: 'application/json; charset=utf-8', body: '' }
        : {
            status: 500,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({ code: 'FAIL', message: '处理失败，请稍后重试' }),
          }
    },
  }
}

/** A signed notification's body: decrypt its resource and say what it tells. */
function parseNotification(rawBody: string, config: WechatPayConfig): VerifiedNotification {
  const reject = (why: string) => new WechatNotifyRejected(`WeChat Pay notification: ${why}`)
  let event: unknown
  try {
    event = JSON.parse(rawBody)
  } catch {
    throw reject('body is not JSON')
  }
  if (!isObject(event) || !isObject(event.resource) || typeof event.id !== 'string')
    throw reject('no resource')
  const r = event.resource
  if (r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string')
    throw reject('resource not AEAD_AES_256_GCM')
  let resource: unknown
  try {
    resource = JSON.parse(
      Aes.AesGcm.decrypt(
        r.ciphertext,
        Buffer.from(config.apiV3Key, 'utf8'),
        r.nonce,
        typeof r.associated_data === 'string' ? r.associated_data : '',
      ),
    )
  } catch {
    throw reject('resource does not decrypt with the APIv3 key')
  }
  if (!isObject(resource) || !isObject(resource.amount)) throw reject('resource without amount')
  if (resource.mchid !== config.mchId) throw reject('another merchant')
  const eventType = String(event.event_type)
  const at = parseTime(resource.success_time) ?? parseTime(event.create_time) ?? Date.now()
  const tradeNo = typeof resource.transaction_id === 'string' ? resource.transaction_id : null
  if (typeof resource.out_trade_no !== 'string') throw reject('no out_trade_no')
  if (eventType === 'TRANSACTION.SUCCESS') {
    const status = TRADE_STATES[String(resource.trade_state)]
    const amount = resource.amount.total
    if (!status || status === 'NOT_FOUND' || !Number.isInteger(amount)) throw reject('unexpected transaction')
    return {
      kind: 'PAYMENT',
      appId: String(resource.appid ?? ''),
      attemptNo: resource.out_trade_no,
      status,
      amount: amount as number,
      tradeNo,
      notifyId: event.id,
      at,
    }
  }
  if (eventType.startsWith('REFUND.')) {
    const amount = resource.amount.refund
    if (typeof resource.out_refund_no !== 'string' || !Number.isInteger(amount))
      throw reject('unexpected refund')
    return {
      kind: 'REFUND',
      // a refund's resource names the merchant (checked above), not the app: it is ours
      appId: config.appId,
      attemptNo: resource.out_trade_no,
      refundNo: resource.out_refund_no,
      status: resource.refund_status === 'SUCCESS' ? 'REFUNDED' : 'REFUND_FAILED',
      amount: amount as number,
      tradeNo,
      notifyId: event.id,
      at,
    }
  }
  throw reject(`unknown event ${eventType.slice(0, 40)}`)
}

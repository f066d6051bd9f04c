/** What the parts of the WeChat Pay simulator (sim/wechatpay.ts) share: options, errors, pages, the signed API route. */
import { randomInt } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { checkAuthorization, nonce, platformHeaders } from './wechatpay-protocol'
import type { SimFault, SimStore, WechatpaySimKeys } from './wechatpay-store'

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

export type Json = Record<string, unknown>

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export const STATE_DESC: Record<string, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '订单未支付',
  CLOSED: '订单已关闭',
  PAYERROR: '支付失败，请重新下单支付',
}
export const UNPAID = ['NOTPAY', 'PAYERROR']
export const PAID = ['SUCCESS', 'REFUND']
export const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('')

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
.amount{font-size:32px;margin:12px 0}.ok{background:#07c160;color:#fff}button{font-size:18px;padding:10px;width:100%;margin:6px 0;border:0;border-radius:6px}
.note{color:#888;font-size:13px}</style></head><body><h1>${escapeHtml(title)}</h1>${body}
<p class="note">这是微信支付模拟器，不会产生真实扣款。</p></body></html>`
}

/** The simulator's state and settings, made once per mount by wechatpaySimulator and handed to each part. */
export interface WechatpaySim {
  options: WechatpaySimulatorOptions
  now: () => number
  keys: WechatpaySimKeys
  store: SimStore
  schedule: readonly number[]
  prefix: string
  baseOf: (req: FastifyRequest) => string
}

/** `send` (a signed answer) and `api` (a route that checks the merchant's signature first). */
export function apiRoutes(sim: WechatpaySim) {
  const { options, now, keys, store } = sim
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
  return { send, api }
}

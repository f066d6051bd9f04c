/** What the parts of the Alipay simulator (sim/alipay.ts) share: its options, its answers and its state. */
import { randomInt } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { chinaTime } from './alipay-bill'
import type { Params } from './alipay-sign'
import type { AlipaySimStore } from './alipay-store'

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

/** The simulator's state and settings, made once per mount by alipaySimulator and handed to each part. */
export interface AlipaySim {
  options: AlipaySimulatorOptions
  store: AlipaySimStore
  keys: { privateKey: string; publicKey: string }
  merchantKey: string
  sellerId: string
  schedule: readonly number[]
  now: () => number
  prefix: string
  baseOf: (req: FastifyRequest) => string
  formOf: (body: unknown) => Params
}

export const PAGE_METHODS: Record<string, { productCode: string; phone: boolean }> = {
  'alipay.trade.page.pay': { productCode: 'FAST_INSTANT_TRADE_PAY', phone: false },
  'alipay.trade.wap.pay': { productCode: 'QUICK_WAP_WAY', phone: true },
}
export const BUYER_ID = '2088102177846880'
export const BUYER_LOGON = '138****8000'

export type Answer = Record<string, unknown>
export const ok = (fields: Answer = {}): Answer => ({ code: '10000', msg: 'Success', ...fields })
export const refused = (subCode: string, subMsg: string): Answer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
})
export const invalid = (subCode: string, subMsg: string): Answer => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
})
/** A refusal carried out of a handler. */
export class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super(String(answer.sub_msg))
  }
}

export const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
export function fenOf(value: unknown, field: string): number {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(String(value ?? ''))
  if (!m) throw new Refusal(invalid('isv.invalid-parameter', `参数 ${field} 不合法`))
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
export const text = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value)
export const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('')
export const stamp = (ms: number) => chinaTime(ms).slice(0, 10).replaceAll('-', '')
export const parseChinaTime = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`)
/** An API method of the gateway: biz_content, the request's parameters and the request → the answer. */
export type Method = (biz: Answer, params: Params, req: FastifyRequest) => Answer

/**
 * The WeChat official-account provider (docs/wechat.md): what the real adapter (WeChat's server API)
 * and the built-in sandbox both do — make a temporary QR code for a scene, check the signature of
 * an event callback, name a WeChat user, and send a template message. The sandbox plays WeChat: its
 * phone page "scans" and posts signed events to the same callback; its sends land in an inbox table.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { WechatTemplateKey } from '../../../shared/api/wechat'
import { WECHAT_TEMPLATE_KEYS } from '../../../shared/api/wechat'
import type { Db } from '../../db'

/** A template message as the platform words it; each provider maps it onto its template. */
export interface TemplateMessage {
  key: WechatTemplateKey
  title: string
  /** label → value lines (商品, 订单号, 金额 …) */
  lines: Array<[string, string]>
  /** an in-site path the message opens (made absolute with the site's address) */
  path: string
}

export interface SignatureParams {
  signature?: string
  timestamp?: string
  nonce?: string
}

export interface WechatProvider {
  /** none: no provider configured (production without WECHAT_APP_ID) */
  kind: 'sandbox' | 'official' | 'none'
  /** the content a temporary QR code for this scene encodes */
  createQr(sceneStr: string, ttlSeconds: number): Promise<{ qrContent: string }>
  /** WeChat's callback signature: sha1 of the sorted token, timestamp and nonce (and a fresh timestamp) */
  verifySignature(params: SignatureParams): boolean
  /** a display name for a WeChat user (the API no longer gives nicknames: a masked openid) */
  nicknameOf(openid: string): string
  /** the templates this account can send */
  templateKeys(): readonly WechatTemplateKey[]
  /** sends, or throws (an Error with `retry: false` when trying again cannot help) */
  sendTemplate(openid: string, message: TemplateMessage): Promise<void>
}

/** How far a callback's timestamp may be from our clock (replays of old signed events are refused). */
export const CALLBACK_SKEW_MS = 5 * 60_000

export const callbackSignature = (token: string, timestamp: string, nonce: string) =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')

export function checkSignature(token: string, p: SignatureParams, now: number): boolean {
  if (!p.signature || !p.timestamp || !p.nonce || !/^\d{1,12}$/.test(p.timestamp)) return false
  if (Math.abs(Number(p.timestamp) * 1000 - now) > CALLBACK_SKEW_MS) return false
  const expected = Buffer.from(callbackSignature(token, p.timestamp, p.nonce), 'hex')
  const given = Buffer.from(p.signature, 'hex')
  return given.length === expected.length && p.signature.length === 40 && timingSafeEqual(given, expected)
}

/** The flat XML WeChat posts (`<xml><Tag><![CDATA[v]]></Tag>…</xml>`) as a map; nested tags are ignored. */
export function parseWechatXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {}
  const re = /<([A-Za-z][A-Za-z0-9_]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g
  for (const m of xml.matchAll(re)) out[m[1]!] = m[2] ?? m[3] ?? ''
  return out
}

const cdata = (v: string) => `<![CDATA[${v.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`
export function wechatXml(fields: Record<string, string | number>): string {
  return `<xml>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${typeof v === 'number' ? v : cdata(v)}</${k}>`)
    .join('')}</xml>`
}

// ---------------------------------------------------------------- sandbox

/** The WeChat users of the sandbox phone (openids of our official account). */
export const SANDBOX_WECHAT_USERS = [
  { openid: 'sbx_o_qing', nickname: '沙箱微信·阿青' },
  { openid: 'sbx_o_lan', nickname: '沙箱微信·阿蓝' },
  { openid: 'sbx_o_zi', nickname: '沙箱微信·阿紫' },
  { openid: 'sbx_o_bai', nickname: '沙箱微信·阿白' },
] as const

export const maskedNickname = (openid: string) => `微信用户${openid.slice(-4)}`

export function sandboxProvider(opts: {
  db: Db
  /** the callback token (random per data directory) */
  token: string
  now: () => number
  phonePath: string
}): WechatProvider & { token: string } {
  return {
    kind: 'sandbox',
    token: opts.token,
    async createQr(sceneStr) {
      return { qrContent: `${opts.phonePath}?scene=${encodeURIComponent(sceneStr)}` }
    },
    verifySignature: (p) => checkSignature(opts.token, p, opts.now()),
    nicknameOf: (openid) =>
      SANDBOX_WECHAT_USERS.find((u) => u.openid === openid)?.nickname ?? maskedNickname(openid),
    templateKeys: () => WECHAT_TEMPLATE_KEYS,
    async sendTemplate(openid, message) {
      await opts.db
        .insertInto('wechat_sandbox_inbox')
        .values({
          openid,
          template_key: message.key,
          title: message.title,
          content: JSON.stringify(message.lines),
          url: message.path,
          created_at: opts.now(),
        })
        .execute()
    },
  }
}

// ---------------------------------------------------------------- the real adapter

export interface OfficialConfig {
  appId: string
  appSecret: string
  /** the callback token configured in the official account's server settings */
  token: string
  /** template id per template key (only configured ones are sent) */
  templateIds: Partial<Record<WechatTemplateKey, string>>
  /** the site's public address (template messages link to it) */
  siteUrl: string
  /** https://api.weixin.qq.com */
  apiBase?: string
}

type Fetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  ok: boolean
  status: number
  json(): Promise<unknown>
}>

/** errcodes after which a new access token may help */
const TOKEN_ERRORS = new Set([40001, 40014, 42001])
/** errcodes after which sending again cannot help (user unfollowed, template gone, …) */
const FINAL_ERRORS = new Set([40003, 40037, 43004, 43101, 47003])

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message)
  }
}

/**
 * WeChat's server API: the access token (cached until five minutes before it expires, renewed
 * when WeChat calls it invalid), temporary string-scene QR codes, template sends.
 */
export function officialProvider(
  config: OfficialConfig,
  deps: { now: () => number; fetch?: Fetch },
): WechatProvider & { accessToken(): Promise<string> } {
  const doFetch: Fetch = deps.fetch ?? (globalThis.fetch as unknown as Fetch)
  const base = config.apiBase ?? 'https://api.weixin.qq.com'
  let cached: { token: string; until: number } | null = null
  let pending: Promise<string> | null = null

  async function accessToken(): Promise<string> {
    if (cached && cached.until > deps.now()) return cached.token
    pending ??= (async () => {
      try {
        const url = `${base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(config.appId)}&secret=${encodeURIComponent(config.appSecret)}`
        const res = (await (await doFetch(url)).json()) as {
          access_token?: string
          expires_in?: number
          errcode?: number
          errmsg?: string
        }
        if (!res.access_token) throw new ProviderError(`access token: ${res.errcode} ${res.errmsg}`, true)
        const ttl = Math.max(60, (res.expires_in ?? 7200) - 300) * 1000
        cached = { token: res.access_token, until: deps.now() + ttl }
        return res.access_token
      } finally {
        pending = null
      }
    })()
    return pending
  }

  async function post(path: string, body: unknown, again = true): Promise<Record<string, unknown>> {
    const token = await accessToken()
    const res = await doFetch(`${base}${path}?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new ProviderError(`HTTP ${res.status}`, true)
    const json = (await res.json()) as Record<string, unknown>
    const errcode = typeof json.errcode === 'number' ? json.errcode : 0
    if (errcode !== 0 && TOKEN_ERRORS.has(errcode) && again) {
      cached = null
      return post(path, body, false)
    }
    if (errcode !== 0)
      throw new ProviderError(`errcode ${errcode} ${String(json.errmsg ?? '')}`, !FINAL_ERRORS.has(errcode))
    return json
  }

  return {
    kind: 'official',
    accessToken,
    async createQr(sceneStr, ttlSeconds) {
      const res = await post('/cgi-bin/qrcode/create', {
        expire_seconds: ttlSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: sceneStr } },
      })
      if (typeof res.url !== 'string') throw new ProviderError('qrcode: no url', true)
      return { qrContent: res.url }
    },
    verifySignature: (p) => checkSignature(config.token, p, deps.now()),
    nicknameOf: maskedNickname,
    templateKeys: () => WECHAT_TEMPLATE_KEYS.filter((k) => Boolean(config.templateIds[k])),
    async sendTemplate(openid, message) {
      const templateId = config.templateIds[message.key]
      if (!templateId) throw new ProviderError(`template ${message.key} not configured`, false)
      // the account's templates use first / keyword1… / remark (docs/wechat.md)
      const data: Record<string, { value: string }> = { first: { value: message.title } }
      message.lines.forEach(
        ([label, value], i) => (data[`keyword${i + 1}`] = { value: `${label}：${value}` }),
      )
      data.remark = { value: '点击查看详情' }
      await post('/cgi-bin/message/template/send', {
        touser: openid,
        template_id: templateId,
        url: `${config.siteUrl.replace(/\/+$/, '')}${message.path}`,
        data,
      })
    },
  }
}

/** No provider configured (production without WECHAT_APP_ID): QR codes are refused, nothing is sent. */
export function disabledProvider(): WechatProvider {
  return {
    kind: 'none',
    async createQr() {
      throw new ProviderError('微信公众号未配置，暂不支持微信扫码', false)
    },
    verifySignature: () => false,
    nicknameOf: maskedNickname,
    templateKeys: () => [],
    async sendTemplate() {
      throw new ProviderError('微信公众号未配置', false)
    },
  }
}

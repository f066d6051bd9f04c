/**
 * WeChat Pay API v3's wire protocol as the simulator speaks it, written from WeChat Pay's documents
 * (not from the adapter or its library): the merchant's `Authorization` header, the platform's
 * response and notification signature over `timestamp\nnonce\nbody\n`, the AEAD_AES_256_GCM
 * resource of a notification, times in RFC 3339 at +08:00, and the trade bill's text format.
 */
import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto'

const CHINA_OFFSET_MS = 8 * 3_600_000
const NONCE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

export const nonce = (size = 32) => Array.from(randomBytes(size), (b) => NONCE_CHARS[b % 62]).join('')

/** `2026-11-27T10:00:00+08:00`, how API v3 writes times */
export function rfc3339(ms: number): string {
  return `${new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`
}

/** `2026-11-27 10:00:00` (China time), how the bill writes times */
export function billTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** The epoch-ms range [from, to) of one China day ('2026-11-27'). */
export function chinaDay(day: string): [number, number] {
  const from = Date.parse(`${day}T00:00:00+08:00`)
  return [from, from + 86_400_000]
}

/** RFC 3339 → epoch ms (time_expire) */
export const parseTime = (s: unknown): number | null =>
  typeof s === 'string' && !Number.isNaN(Date.parse(s)) ? Date.parse(s) : null

/** fen → the bill's yuan with two decimals */
export const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`

/** Joined by LF with a trailing LF: both the request's and the response's signed message. */
export const lines = (...pieces: (string | number)[]) => `${pieces.join('\n')}\n`

export function rsaSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64')
}

export function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKeyPem, signature, 'base64')
  } catch {
    return false
  }
}

/** The headers that sign a response or a notification body as WeChat Pay. */
export function platformHeaders(
  body: string,
  keys: { publicKeyId: string; privateKey: string },
  nowMs: number,
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000))
  const n = nonce()
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': n,
    'Wechatpay-Serial': keys.publicKeyId,
    'Wechatpay-Signature': rsaSign(lines(timestamp, n, body), keys.privateKey),
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  }
}

export interface MerchantAuth {
  mchid: string
  serial: string
  publicKey: string
}

/**
 * Checks a merchant request's `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",serial_no="…",
 * timestamp="…",nonce_str="…",signature="…"` over `METHOD\nURL\ntimestamp\nnonce\nbody\n`, where
 * URL is the path with the query as sent. Returns why it does not check, or null.
 */
export function checkAuthorization(
  header: string | undefined,
  request: { method: string; url: string; body: string },
  merchant: MerchantAuth,
  nowMs: number,
): string | null {
  const m = /^WECHATPAY2-SHA256-RSA2048\s+(.*)$/.exec(header ?? '')
  if (!m) return '缺少Authorization或认证类型错误'
  const fields: Record<string, string> = {}
  for (const part of m[1].matchAll(/(\w+)="([^"]*)"/g)) fields[part[1]] = part[2]
  if (fields.mchid !== merchant.mchid) return '商户号与认证信息不匹配'
  if (merchant.serial && fields.serial_no !== merchant.serial) return '商户证书序列号有误'
  const ts = Number(fields.timestamp)
  if (!Number.isFinite(ts) || Math.abs(nowMs / 1000 - ts) > 300) return '请求时间戳已过期'
  const message = lines(
    request.method.toUpperCase(),
    request.url,
    fields.timestamp,
    fields.nonce_str ?? '',
    request.body,
  )
  return rsaVerify(message, fields.signature ?? '', merchant.publicKey) ? null : '签名错误'
}

/** A notification's `resource`: the JSON encrypted with AEAD_AES_256_GCM under the APIv3 key. */
export function encryptResource(plaintext: string, apiV3Key: string, originalType: string) {
  const iv = nonce(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'))
  cipher.setAAD(Buffer.from(originalType, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return {
    original_type: originalType,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    associated_data: originalType,
    nonce: iv,
  }
}

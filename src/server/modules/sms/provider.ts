/**
 * SMS providers (docs/account-security.md): what a real provider adapter implements, the Aliyun SMS
 * adapter (HTTPS, RPC signature version 1.0 — no SDK), and the built-in sandbox that "sends" into
 * an inbox of our own (GET /api/sandbox/sms) and the server log. The sandbox is on in demo and test
 * installs and off in production (SMS_SANDBOX, default the same as SEED_DEMO).
 */
import { createHmac, randomUUID } from 'node:crypto'

export interface SmsMessage {
  phone: string
  code: string
  /** what the code is for, in Chinese (the text names it) */
  purposeLabel: string
  /** minutes the code works */
  ttlMinutes: number
}

export interface SmsProvider {
  name: string
  /** resolves once the provider accepted the text; throws when it refused */
  send(message: SmsMessage): Promise<void>
}

/** The text a code arrives in (the sandbox shows it; a real provider's template says the same). */
export const smsText = (m: SmsMessage) =>
  `【游侠易市】您的验证码为 ${m.code}，${m.ttlMinutes} 分钟内有效，用于${m.purposeLabel}。请勿告诉他人，如非本人操作请忽略。`

export interface AliyunSmsConfig {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  templateCode: string
  /** default https://dysmsapi.aliyuncs.com/ */
  endpoint?: string
}

/** RFC 3986 encoding as Aliyun's signature wants it (space %20, * %2A, ~ kept). */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** The signed query of an Aliyun RPC call (signature version 1.0, HMAC-SHA1). */
export function aliyunSignedQuery(params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&')
  const stringToSign = `GET&${aliyunEncode('/')}&${aliyunEncode(canonical)}`
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64')
  return `Signature=${aliyunEncode(signature)}&${canonical}`
}

export function aliyunSmsProvider(
  config: AliyunSmsConfig,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): SmsProvider {
  return {
    name: 'aliyun',
    async send(m) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: m.phone,
        RegionId: 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code: m.code }),
        Timestamp: new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      }
      const url = `${config.endpoint ?? 'https://dysmsapi.aliyuncs.com/'}?${aliyunSignedQuery(params, config.accessKeySecret)}`
      const res = await fetchImpl(url, { method: 'GET', signal: AbortSignal.timeout(8000) })
      const body = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null
      if (!res.ok || body?.Code !== 'OK')
        throw new Error(`aliyun sms refused: ${body?.Code ?? res.status} ${body?.Message ?? ''}`)
    },
  }
}

/** The sandbox: stores the text for the inbox page and logs it (the log never holds real codes). */
export function sandboxSmsProvider(
  store: (phone: string, content: string) => Promise<void>,
  log: (line: string) => void = (line) => console.info(line),
): SmsProvider {
  return {
    name: 'sandbox',
    async send(m) {
      const content = smsText(m)
      await store(m.phone, content)
      log(`[sms sandbox] ${m.phone}: ${content}`)
    },
  }
}

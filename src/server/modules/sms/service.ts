/**
 * One-time codes (docs/account-security.md): 6 digits, good for 5 minutes and once, for one purpose;
 * a new code at most every 60 seconds per number and purpose; daily caps per number and per client IP (China
 * calendar day); 5 wrong answers void the code. Stored only as an HMAC with the server's SMS key.
 * E-mail codes (purpose EMAIL) use the same rules, the address in place of the number.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { SMS_PURPOSE_LABELS, type SmsPurpose } from '../../../shared/api/account'
import type { Db } from '../../db'
import { badRequest, tooMany } from '../../http/errors'
import type { SmsProvider } from './provider'
import { smsRepo } from './repo'

export const SMS_RULES = {
  ttlMs: 5 * 60_000,
  resendMs: 60_000,
  maxAttempts: 5,
  perPhoneDaily: 10,
  perIpDaily: 30,
} as const

const DAY = 24 * 60 * 60_000
const CHINA_OFFSET = 8 * 60 * 60_000

/** The start of the China calendar day of `at` (epoch ms). */
export const chinaDayStart = (at: number) => Math.floor((at + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET

/** 138****8001; an e-mail as a***@example.com. */
export function maskPhone(value: string): string {
  if (value.includes('@')) {
    const [name, domain] = value.split('@')
    return `${name.slice(0, 1)}***@${domain}`
  }
  return value.length === 11 ? `${value.slice(0, 3)}****${value.slice(7)}` : value ? '****' : ''
}

export interface SmsServiceDeps {
  db: Db
  /** null: no provider configured (production without keys) — sending answers a plain refusal */
  provider: SmsProvider | null
  secret: Buffer
  now: () => number
}

export function smsService(deps: SmsServiceDeps) {
  const repo = smsRepo(deps.db)
  const hash = (to: string, purpose: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${purpose}\n${to}\n${code}`).digest('hex')

  return {
    sandbox: deps.provider?.name === 'sandbox',

    /** Sends a new code to `to` for `purpose` (after the resend wait and the daily caps). */
    async send(to: string, purpose: SmsPurpose, ip: string): Promise<{ sentTo: string; resendIn: number }> {
      if (!deps.provider) throw badRequest('短信服务暂不可用，请联系客服')
      const at = deps.now()
      const latest = await repo.latestAt(to, purpose)
      if (latest !== null && at - latest < SMS_RULES.resendMs) {
        const wait = Math.ceil((SMS_RULES.resendMs - (at - latest)) / 1000)
        throw tooMany(`验证码发送过于频繁，请 ${wait} 秒后再试`)
      }
      const dayStart = chinaDayStart(at)
      if ((await repo.countSince('phone', to, dayStart)) >= SMS_RULES.perPhoneDaily)
        throw tooMany('该号码今日获取验证码次数已达上限，请明天再试')
      if ((await repo.countSince('ip', ip, dayStart)) >= SMS_RULES.perIpDaily)
        throw tooMany('今日获取验证码次数已达上限，请明天再试')
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      await repo.insert({
        phone: to,
        purpose,
        codeHash: hash(to, purpose, code),
        ip,
        at,
        expiresAt: at + SMS_RULES.ttlMs,
      })
      try {
        await deps.provider.send({
          phone: to,
          code,
          purposeLabel: SMS_PURPOSE_LABELS[purpose],
          ttlMinutes: SMS_RULES.ttlMs / 60_000,
        })
      } catch (err) {
        console.error('[sms] the provider refused a text', err)
        throw badRequest('验证码发送失败，请稍后再试')
      }
      return { sentTo: maskPhone(to), resendIn: SMS_RULES.resendMs / 1000 }
    },

    /**
     * Checks and uses up a code. Wrong: counted (the fifth voids it); expired, used, replaced or
     * voided: refused with 请重新获取. `to` null (an account without a phone) always fails.
     */
    async verify(to: string | null, purpose: SmsPurpose, code: string): Promise<void> {
      const row = to ? await repo.latest(to, purpose) : undefined
      const at = deps.now()
      if (!row || row.used_at !== null || row.voided === 1 || Number(row.expires_at) <= at)
        throw badRequest('验证码已失效，请重新获取')
      const expected = Buffer.from(row.code_hash, 'hex')
      const given = Buffer.from(hash(to!, purpose, code.trim()), 'hex')
      if (!timingSafeEqual(expected, given)) {
        const attempts = await repo.addAttempt(row.id, SMS_RULES.maxAttempts)
        if (attempts >= SMS_RULES.maxAttempts) throw badRequest('验证码错误次数过多，请重新获取')
        throw badRequest(`验证码错误，还可尝试 ${SMS_RULES.maxAttempts - attempts} 次`)
      }
      if (!(await repo.use(row.id, at))) throw badRequest('验证码已失效，请重新获取')
    },

    /** The sandbox inbox (newest first). */
    inbox: (phone: string | undefined, limit = 50) => repo.inbox(phone, limit),

    /** Where the sandbox provider stores its texts. */
    storeSandboxText: (phone: string, content: string) => repo.addInbox(phone, content, deps.now()),
  }
}

export type SmsService = ReturnType<typeof smsService>

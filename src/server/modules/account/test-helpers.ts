/** Helpers of the account module's server tests: the sandbox inbox's latest code. */
import type { FastifyInstance } from 'fastify'

/** The code of the newest sandbox text to `to` (phone or e-mail), or throws. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const row = await app.db
    .selectFrom('sms_sandbox_inbox')
    .select('content')
    .where('phone', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const code = /验证码为 (\d{6})/.exec(row?.content ?? '')?.[1]
  if (!code) throw new Error(`no code sent to ${to}`)
  return code
}

/** A phone number nobody has: 17 + 9 digits. */
let phones = 0
export const freshPhone = () =>
  `170${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++phones).padStart(2, '0')}`

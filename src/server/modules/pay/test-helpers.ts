/**
 * The pay centre's test setup (pay.test.ts, order-pay.test.ts): an app whose Alipay is the real
 * adapter talking to the Alipay simulator over HTTP, listening so the simulator's notifications reach it.
 */
import { generateKeyPairSync } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { createAlipayProvider } from './alipay'
import { alipaySimulatorPublicKey, startAlipaySimulator } from './sim/alipay'
import { loadOrCreatePlatformKeys } from './sim/alipay-sign'

export const APP_ID = '2021000000000001'
export const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
export const merchant = rsa()
export const MINUTE = 60_000

/** the apps' clock: tests move it with `advance` */
let clock = Date.now()
export const now = () => clock
export const advance = (ms: number) => void (clock += ms)
export const dirs: string[] = []
export const closers: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of closers.reverse()) await close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

/** the simulator's platform key files (name → text), made once per worker */
let platformKeys: Array<[string, string]> | undefined
/**
 * The simulator's "Alipay platform" key pair in `dir`: made by the simulator's own code the first
 * time, then the same files written again (an RSA-2048 pair costs 0.1–1 s of CPU, every simulator a new one).
 */
function withPlatformKeys(dir: string) {
  if (platformKeys) {
    for (const [name, text] of platformKeys) writeFileSync(join(dir, name), text, { mode: 0o600 })
    return
  }
  loadOrCreatePlatformKeys(dir)
  platformKeys = readdirSync(dir)
    .filter((name) => name.startsWith('alipay-platform-'))
    .map((name) => [name, readFileSync(join(dir, name), 'utf8')])
}

/** An app whose Alipay is the simulator (notifications after `firstNotifyMs`), listening on a port. */
export async function appWithSimulator(firstNotifyMs = 0) {
  const dir = await mkdtemp(join(tmpdir(), 'alipay-sim-'))
  dirs.push(dir)
  withPlatformKeys(dir)
  const sim = await startAlipaySimulator({
    dir,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    notifySchedule: [firstNotifyMs, 200, 500],
  })
  closers.push(sim.close)
  const provider = createAlipayProvider({
    appId: APP_ID,
    privateKey: merchant.privateKey,
    alipayPublicKey: alipaySimulatorPublicKey(dir),
    gateway: sim.gateway,
  })
  const t = await startTestApp({ payProviders: [provider], payChaseMs: 0, now })
  closers.push(t.close)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const simCall = async (path: string, body: unknown) => {
    const res = await fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(200)
    return res
  }
  return { t, sim, simCall }
}

export const topup = async (t: TestApp, token: string, amount: number) =>
  (await call(t.app, 'POST', '/api/funds/topup/create', { token, body: { amount, channel: 'alipay' } }))
    .data as {
    topupNo: string
    payUrl: string
  }
export const topupStatus = async (t: TestApp, token: string, topupNo: string) =>
  (await call(t.app, 'GET', `/api/funds/topup/detail/${topupNo}`, { token })).data.status as string
export const available = async (t: TestApp, token: string) =>
  (await call(t.app, 'GET', '/api/funds/wallet', { token })).data.available as number
export const verdicts = async (t: TestApp, attemptNo?: string) =>
  (
    await t.app.db
      .selectFrom('pay_notifications')
      .select(['verdict', 'needs_staff', 'attempt_no'])
      .orderBy('id')
      .execute()
  )
    .filter((r) => attemptNo === undefined || r.attempt_no === attemptNo)
    .map((r) => r.verdict)
export const attemptOf = async (t: TestApp, topupNo: string) =>
  await t.app.db
    .selectFrom('pay_attempts')
    .selectAll()
    .where('biz_no', '=', topupNo)
    .executeTakeFirstOrThrow()

export async function eventually(check: () => boolean | Promise<boolean>, what: string) {
  // up to 15 s: the whole suite shares two cores with the builds
  for (let i = 0; i < 300; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`never: ${what}`)
}

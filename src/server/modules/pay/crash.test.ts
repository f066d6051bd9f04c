/**
 * A process killed between the provider's answer and our commit (docs/payments.md, "Failures and
 * their tests"): a real server process (crash-child.ts, bundled by esbuild: test-bundle.ts) on a shared SQLite directory,
 * its Alipay the real adapter at a simulator this test runs, dies by SIGKILL at the worst moment;
 * this test then starts the server again over the same files and lets the provider's retries and our
 * jobs do their work. Nothing is lost, nothing is applied twice, and the money invariant holds.
 */
import { spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { bundleEntry, type BundledEntry } from '../../test-bundle'
import { call, DEMO, encryptPassword, startTestApp, tokenOf } from '../../test-utils'
import { newUser } from '../goods/test-helpers'
import { funded, invariantOk, ledgerOf, PAY_PASSWORD, post, wallet } from '../trade/test-helpers'
import { createAlipayProvider } from './alipay'
import type { CrashSpec } from './crash-child'
import { alipaySimulatorPublicKey, startAlipaySimulator } from './sim/alipay'
import { openAlipaySimStore } from './sim/alipay-store'
import { eventually } from './test-helpers'

const APP_ID = '2021000000000003'
const MINUTE = 60_000
const merchant = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
// each test starts a server process: crash-child.ts bundled once for the file (under tsx its import
// alone took ~6–8 s of CPU per process, over a minute under load)
let child: Promise<BundledEntry> | undefined
const childFile = async () => {
  if (!child) {
    child = bundleEntry('src/server/modules/pay/crash-child.ts')
    cleanup.push(async () => (await child!).remove())
  }
  return (await child).file
}

const cleanup: Array<() => Promise<unknown> | void> = []
afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
})

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}

/**
 * The Alipay simulator (retrying a notification every second for a while), an app on a data
 * directory that outlives it (`restart` builds the server again on it, listening on `port`, the
 * origin every notify URL names), and the adapter's configuration the dying process uses too.
 */
async function setUp() {
  const simDir = await mkdtemp(join(tmpdir(), 'alipay-crash-'))
  cleanup.push(() => rm(simDir, { recursive: true, force: true }))
  const sim = await startAlipaySimulator({
    dir: simDir,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    notifySchedule: [0, 1_000, 1_000, 1_000, 1_000, 1_000, 2_000, 4_000, 8_000],
  })
  cleanup.push(sim.close)
  const store = openAlipaySimStore(simDir)
  cleanup.push(() => {
    store.close()
  })
  const adapter = {
    appId: APP_ID,
    privateKey: merchant.privateKey,
    alipayPublicKey: alipaySimulatorPublicKey(simDir),
    gateway: sim.gateway,
  }
  const port = await freePort()
  const siteOrigin = `http://127.0.0.1:${port}`
  const first = await startTestApp({
    payProviders: [createAlipayProvider(adapter)],
    payChaseMs: 0,
    tradeSweepMs: 0,
    siteOrigin,
  })
  const { dataDir } = first
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
  const simCall = async (path: string, body: unknown) => {
    const res = await fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(200)
  }

  /** runs the dying process to its death: the SIGKILL it gave itself, or an error with its output */
  async function crash(
    spec: Pick<CrashSpec, 'scenario' | 'withdrawNo' | 'adminToken'>,
    whenReady?: () => Promise<void>,
  ) {
    const specFile = join(dataDir, 'crash-spec.json')
    writeFileSync(
      specFile,
      JSON.stringify({ ...spec, ...adapter, dataDir, port, siteOrigin } satisfies CrashSpec),
    )
    const child = spawn(process.execPath, [await childFile(), specFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    )
    cleanup.push(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')))
    const ready = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('ready\n')) resolve()
      })
    })
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    if (whenReady) {
      const started = await Promise.race([ready.then(() => true), exited.then(() => false)])
      if (!started) throw new Error(`the dying process ended before it was ready:\n${output}`)
      await whenReady()
    }
    const end = await exited
    if (end !== 'SIGKILL')
      throw new Error(`the dying process ended with ${String(end)}, not SIGKILL:\n${output}`)
  }

  /** the server again on the same files, its clock `ahead` ms in the future (the jobs' waits) */
  async function restart(ahead: number, listen = true) {
    const app = await buildApp({
      dataDir,
      captchaEnabled: false,
      payProviders: [createAlipayProvider(adapter)],
      payChaseMs: 0,
      tradeSweepMs: 0,
      siteOrigin,
      now: () => Date.now() + ahead,
    })
    cleanup.push(() => app.close())
    if (listen) await app.listen({ port, host: '127.0.0.1' })
    return app
  }

  return { app: first.app, port, store, simCall, crash, restart }
}

describe('a process killed between the provider and our commit', () => {
  it(
    'a payment notification killed inside its transaction: nothing of it stays; the chasing job applies it once, Alipay’s repeat is a duplicate',
    { timeout: 180_000 },
    async () => {
      const env = await setUp()
      const u = await newUser(env.app, 'crp')
      const created = await call(env.app, 'POST', '/api/funds/topup/create', {
        token: u.token,
        body: { amount: 2_600, channel: 'alipay' },
      })
      expect(created.code).toBe(200)
      const { topupNo, payUrl } = created.data as { topupNo: string; payUrl: string }
      const { attempt_no: attemptNo } = await env.app.db
        .selectFrom('pay_attempts')
        .select('attempt_no')
        .where('biz_no', '=', topupNo)
        .executeTakeFirstOrThrow()
      await env.app.close()

      // the process receiving the notification dies after crediting the wallet, before the commit
      await env.crash({ scenario: 'payment' }, () => env.simCall('/_sim/pay', { url: payUrl }))

      // the server again, not listening yet (Alipay's next tries find nobody), its clock 2 minutes on
      const app = await env.restart(2 * MINUTE, false)
      // the transaction died with the process: nothing of it is in the database
      const verdicts = () =>
        app.db
          .selectFrom('pay_notifications')
          .select('verdict')
          .where('attempt_no', '=', attemptNo)
          .execute()
          .then((rows) => rows.map((r) => r.verdict))
      const attemptStatus = async () =>
        (
          await app.db
            .selectFrom('pay_attempts')
            .select('status')
            .where('attempt_no', '=', attemptNo)
            .executeTakeFirstOrThrow()
        ).status
      expect(await attemptStatus()).toBe('WAITING')
      expect(await verdicts()).toEqual([])
      expect(await ledgerOf(app, u.userId)).toEqual([])
      // Alipay had no `success`: it is still trying
      const [notification] = env.store.notificationsOf(attemptNo)
      expect(notification.delivered).toBe(0)

      // the chasing job asks Alipay and applies the payment
      expect(await app.services.pay.chase()).toMatchObject({ asked: 1, applied: 1 })
      expect(await attemptStatus()).toBe('PAID')
      // listening again: Alipay's retry (and a replay) are duplicates
      await app.listen({ port: env.port, host: '127.0.0.1' })
      await env.simCall('/_sim/renotify', { outTradeNo: attemptNo })
      await eventually(async () => (await verdicts()).includes('DUPLICATE'), 'the repeat is recorded')
      expect((await verdicts()).filter((v) => v !== 'DUPLICATE')).toEqual(['APPLIED'])
      // one attempt paid, one TOPUP row, the top-up credited once
      expect((await ledgerOf(app, u.userId)).map((l) => [l.type, Number(l.amount)])).toEqual([
        ['TOPUP', 2_600],
      ])
      expect((await wallet(app, u.token)).available).toBe(2_600)
      expect(await app.services.pay.chase()).toMatchObject({ asked: 0 })
      await invariantOk(app)
    },
  )

  it(
    'a payout killed after Alipay took the transfer: the job finds it paid, Alipay holds one transfer, the money leaves once',
    { timeout: 180_000 },
    async () => {
      const env = await setUp()
      // the top-up's notification comes to the site's address (siteOrigin): the first server listens there
      await env.app.listen({ port: env.port, host: '127.0.0.1' })
      const u = await funded(env.app, 'crw', 10_000)
      const created = await post(env.app, '/api/funds/withdraw/create', u.token, {
        amount: 4_000,
        accountKind: 'ALIPAY',
        account: 'crw@example.com',
        payeeName: '陈静',
        payPassword: await encryptPassword(env.app, PAY_PASSWORD),
      })
      expect(created.code).toBe(200)
      const withdrawNo = created.data.withdrawNo as string
      const adminToken = await tokenOf(env.app, ...DEMO.admin)
      await env.app.close()

      await env.crash({ scenario: 'payout', withdrawNo, adminToken })

      const app = await env.restart(2 * MINUTE)
      // the payout's row was committed PAYING before Alipay was called; Alipay did the transfer
      const payout = await app.db
        .selectFrom('pay_payouts')
        .selectAll()
        .where('biz', '=', withdrawNo)
        .executeTakeFirstOrThrow()
      expect(payout.status).toBe('PAYING')
      const transfers = () =>
        env.store.db.prepare('SELECT out_biz_no, status FROM transfers').all() as Array<{
          out_biz_no: string
          status: string
        }>
      expect(transfers()).toEqual([{ out_biz_no: payout.payout_no, status: 'SUCCESS' }])
      const withdrawal = () =>
        app.db
          .selectFrom('withdrawals')
          .selectAll()
          .where('withdraw_no', '=', withdrawNo)
          .executeTakeFirstOrThrow()
      expect((await withdrawal()).status).toBe('PAYING')

      // the funds job hands it to the pay centre again: its payout exists, nothing is sent
      await app.services.funds.resumePayouts()
      expect(transfers()).toHaveLength(1)
      // the payouts job asks Alipay (same out_biz_no) and finds it paid
      expect(await app.services.pay.pollPayouts()).toMatchObject({ asked: 1, paid: 1, failed: 0 })
      expect((await withdrawal()).status).toBe('PAID')
      expect(await app.services.pay.pollPayouts()).toMatchObject({ asked: 0 })
      expect(transfers()).toEqual([{ out_biz_no: payout.payout_no, status: 'SUCCESS' }])
      expect(await wallet(app, u.token)).toMatchObject({ available: 6_000, frozen: 0 })
      const rows = (await ledgerOf(app, u.userId)).map((l) => l.type)
      expect(rows.filter((type) => type === 'WITHDRAW_DONE')).toHaveLength(1)
      await invariantOk(app)
    },
  )
})

/**
 * `npm run bench:notify`: Alipay notifications applied exactly once across two server processes
 * (issue 31; docs/payments.md, "Benchmark").
 *
 * 1. builds the server when dist/server is older than its sources (`npm run build:server`);
 * 2. makes two RSA key pairs: the application's (ALIPAY_PRIVATE_KEY) and "Alipay's" — the bench's
 *    own, given to the servers as ALIPAY_PUBLIC_KEY, so the bench signs notifications as Alipay with
 *    `alipay-sdk` itself; ALIPAY_GATEWAY is an unused loopback address (creating a PC payment signs
 *    a URL and calls nobody);
 * 3. starts two processes of `dist/server/server.js` on one new PostgreSQL database (TEST_DATABASE_URL
 *    or DATABASE_URL names the server, default postgres://postgres@127.0.0.1:5432) and one Redis
 *    (REDIS_URL, default 127.0.0.1:6379 when it answers; a prefix of its own), one shared DATA_DIR
 *    for the keys, SEED_DEMO=0; the second starts once the first has migrated. Without PostgreSQL
 *    (or with --sqlite) one process on SQLite: several processes need PostgreSQL (docs/scaling.md);
 * 4. through the API: --users users register and log in (each from its own loopback address, as
 *    the per-address limits expect), then create the top-ups (channel alipay), half through each
 *    process; each attempt number is read from the payUrl's biz_content (out_trade_no);
 * 5. signs one TRADE_SUCCESS notification per attempt, repeats --duplicates of the total with the same
 *    body (same notify_id), shuffles them (a share of the repeats kept right beside their original,
 *    so both race) and sends each to either process at random, --concurrency in flight; each must be
 *    answered `success`;
 * 6. stops the servers and checks the database: every attempt PAID, every top-up PAID with exactly one
 *    ledger row, wallets sum to what was sent, pay_notifications APPLIED = attempts and DUPLICATE =
 *    the repeats (nothing else), and the money invariant (funds/invariant.ts).
 *
 * Prints notifications/s, p50/p95/p99 latency, applied, duplicates, errors and per-process counts.
 * Exits 1 when a check fails (the temp dir and the database are then kept).
 * Options: --notifications 10000, --duplicates 0.2 (share of the total that repeats one already sent),
 * --together 0.25 (share of the repeats sent right beside their original), --users 20, --concurrency
 * 32, --sqlite, --keep.
 * About a minute with the defaults on a 2-core machine.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { AlipaySdk } from 'alipay-sdk'
import forge from 'node-forge'
import pg from 'pg'
import { AUTH, FUNDS } from '../src/shared/api'
import { API_BASE } from '../src/shared/constants'
import { openDatabase } from '../src/server/db'
import { createScratchDatabase, dropScratchDatabase } from '../src/server/db/scratch'
import { checkInvariant } from '../src/server/modules/funds/invariant'
import { cpuMs, ok, request } from './bench-http'
import {
  freePort,
  listening,
  startServer,
  stopServer,
  type ServerProcess,
  ensureServerBuilt,
  adminDatabaseUrl,
  pct,
} from './server-processes'

const { values: opts } = parseArgs({
  options: {
    notifications: { type: 'string', default: '10000' },
    duplicates: { type: 'string', default: '0.2' },
    users: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' },
    together: { type: 'string', default: '0.25' },
    sqlite: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
})
const TOTAL = Number(opts.notifications)
const DUPLICATES = Math.round(TOTAL * Number(opts.duplicates))
const ATTEMPTS = TOTAL - DUPLICATES
const USERS = Number(opts.users)
const CONCURRENCY = Number(opts.concurrency)
const TOGETHER = Number(opts.together)
const APP_ID = '2021000000009999'
const PASSWORD = 'Bench@2024'
const NOTIFY_PATH = `${API_BASE}/pay/notify/alipay`

// ---------------------------------------------------------------------------------------------- servers

type Server = ServerProcess
const servers: Server[] = []
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

// ---------------------------------------------------------------------------------------------- HTTP

/** runs `work(i)` for i < n, `width` at a time */
async function pool(n: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await work(next++)
    }),
  )
}

// ---------------------------------------------------------------------------------------------- set-up

interface User {
  token: string
  server: Server
  address: string
}
interface Attempt {
  attemptNo: string
  topupNo: string
  amount: number
  user: User
}

async function registerUsers(runId: string): Promise<User[]> {
  const keyOf = async (server: Server) => {
    const r = await request(server, 'GET', AUTH.publicKey.path)
    const key = forge.pki.publicKeyFromPem(r.json.data.publicKey)
    return (text: string) => forge.util.encode64(key.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'))
  }
  // the processes share DATA_DIR's keys, so one login key serves both
  const rsa = await keyOf(servers[0])
  const users: User[] = []
  await pool(USERS, 6, async (i) => {
    const server = servers[i % servers.length]
    // each user from its own loopback address (registration and login are limited per address)
    const address = `127.0.1.${i + 1}`
    const username = `n${runId}x${i}`
    const password = rsa(PASSWORD)
    await ok(
      request({ port: server.port, agent: false, localAddress: address }, 'POST', AUTH.register.path, {
        body: { username, password, confirmPassword: password, nickName: username, agreed: true },
      }),
      `register ${username}`,
    )
    const login = await ok(
      request({ port: server.port, agent: false, localAddress: address }, 'POST', AUTH.login.path, {
        body: { username, password: rsa(PASSWORD) },
      }),
      `login ${username}`,
    )
    users[i] = { token: login.token, server, address }
  })
  return users
}

async function createTopups(users: User[]): Promise<Attempt[]> {
  const attempts: Attempt[] = []
  await pool(ATTEMPTS, CONCURRENCY, async (i) => {
    const user = users[i % users.length]
    // the other process for every other top-up of a user: both create attempts
    const server = servers[Math.floor(i / users.length) % servers.length]
    const amount = 100 * (1 + ((i * 7919) % 5000)) // 1 to 5,000 元
    const r = await ok(
      request(server, 'POST', FUNDS.topupCreate.path, {
        token: user.token,
        body: { amount, channel: 'alipay' },
      }),
      'top-up',
    )
    // the signed gateway URL of alipay.trade.page.pay: our attempt number is its out_trade_no
    const biz = JSON.parse(new URL(r.data.payUrl as string).searchParams.get('biz_content') ?? '{}')
    if (!biz.out_trade_no || biz.total_amount !== (amount / 100).toFixed(2))
      throw new Error(`top-up ${r.data.topupNo}: the payUrl lacks its attempt or amount`)
    attempts[i] = { attemptNo: biz.out_trade_no, topupNo: r.data.topupNo, amount, user }
  })
  return attempts
}

/** Alipay's trade_status_sync for a paid attempt, signed with "Alipay's" key (form body). */
function notification(alipay: AlipaySdk, a: Attempt, i: number): string {
  return alipay.sdkExecute('alipay.trade.page.pay', {
    notifyType: 'trade_status_sync',
    notifyId: `bench${a.attemptNo}`,
    outTradeNo: a.attemptNo,
    tradeNo: `2026112822001${String(i).padStart(15, '0')}`,
    tradeStatus: 'TRADE_SUCCESS',
    totalAmount: (a.amount / 100).toFixed(2),
    gmtPayment: '2026-11-28 12:00:00',
  })
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j], xs[i]]
  }
  return xs
}

// ---------------------------------------------------------------------------------------------- load

interface PerServer {
  sent: number
  success: number
  errors: number
}

async function sendAll(bodies: string[]) {
  const latency: number[] = []
  const per = new Map<Server, PerServer>(servers.map((s) => [s, { sent: 0, success: 0, errors: 0 }]))
  const errors = new Map<string, number>()
  // the same notification in flight more than once: how often the race was run, and across processes
  const inFlight = new Map<string, Server[]>()
  let overlapped = 0
  let acrossProcesses = 0
  const t0 = performance.now()
  await pool(bodies.length, CONCURRENCY, async (i) => {
    const server = servers[Math.floor(Math.random() * servers.length)]
    const counts = per.get(server)!
    counts.sent++
    const flying = inFlight.get(bodies[i]) ?? []
    if (flying.length > 0) overlapped++
    if (flying.some((other) => other !== server)) acrossProcesses++
    flying.push(server)
    inFlight.set(bodies[i], flying)
    const s = performance.now()
    let why: string | null = null
    try {
      const r = await request(server, 'POST', NOTIFY_PATH, { form: bodies[i] })
      if (r.status !== 200 || r.text !== 'success') why = `HTTP ${r.status} ${r.text.slice(0, 80)}`
    } catch (err) {
      why = `network: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`
    }
    latency.push(performance.now() - s)
    flying.splice(flying.indexOf(server), 1)
    if (flying.length === 0) inFlight.delete(bodies[i])
    if (why === null) counts.success++
    else {
      counts.errors++
      errors.set(why, (errors.get(why) ?? 0) + 1)
    }
  })
  return { seconds: (performance.now() - t0) / 1000, latency, per, errors, overlapped, acrossProcesses }
}

// ---------------------------------------------------------------------------------------------- checks

async function check(dataDir: string, databaseUrl: string | undefined, attempts: Attempt[]) {
  const { db } = openDatabase({ dataDir, databaseUrl })
  try {
    const failures: string[] = []
    const expect = (what: string, got: number, want: number) => {
      const line = `${what.padEnd(42)} ${got}${got === want ? '' : `  (expected ${want})`}`
      console.log(`  ${line}`)
      if (got !== want) failures.push(what)
    }
    const topupNos = new Set(attempts.map((a) => a.topupNo))
    const expected = attempts.reduce((sum, a) => sum + a.amount, 0)

    const attemptRows = await db.selectFrom('pay_attempts').select(['attempt_no', 'status']).execute()
    const ours = new Set(attempts.map((a) => a.attemptNo))
    expect(
      'attempts PAID',
      attemptRows.filter((r) => ours.has(r.attempt_no) && r.status === 'PAID').length,
      ATTEMPTS,
    )
    expect('attempts in the database', attemptRows.length, ATTEMPTS)
    const topups = await db.selectFrom('topups').select(['topup_no', 'status']).execute()
    expect(
      'top-ups PAID',
      topups.filter((t) => topupNos.has(t.topup_no) && t.status === 'PAID').length,
      ATTEMPTS,
    )
    const ledger = await db.selectFrom('ledger').select(['topup_no']).where('type', '=', 'TOPUP').execute()
    expect('TOPUP ledger rows', ledger.length, ATTEMPTS)
    expect('top-ups with one ledger row', new Set(ledger.map((l) => l.topup_no)).size, ATTEMPTS)
    const wallets = (await db.selectFrom('wallets').select('available').execute()).reduce(
      (sum, w) => sum + Number(w.available),
      0,
    )
    expect('wallets sum (fen)', wallets, expected)
    const verdicts = await db
      .selectFrom('pay_notifications')
      .select(['verdict', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('verdict')
      .execute()
    const verdict = (v: string) => Number(verdicts.find((r) => r.verdict === v)?.n ?? 0)
    expect('pay_notifications APPLIED', verdict('APPLIED'), ATTEMPTS)
    expect('pay_notifications DUPLICATE', verdict('DUPLICATE'), DUPLICATES)
    expect(
      'pay_notifications of any other verdict',
      verdicts.reduce((sum, r) => sum + Number(r.n), 0) - verdict('APPLIED') - verdict('DUPLICATE'),
      0,
    )
    const invariant = await checkInvariant(db)
    console.log(`  money invariant                            ${invariant.ok ? 'OK' : 'VIOLATED'}`)
    if (!invariant.ok) failures.push('invariant')
    return { failures, applied: verdict('APPLIED'), duplicates: verdict('DUPLICATE') }
  } finally {
    await db.destroy()
  }
}

// ---------------------------------------------------------------------------------------------- main

const ms = (n: number) => `${n.toFixed(1)} ms`
const started = performance.now()

ensureServerBuilt()

// PostgreSQL (a new database) and Redis shared by two processes; else SQLite and one process
const adminUrl = adminDatabaseUrl()
let usePg = !opts.sqlite
if (usePg) {
  const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  try {
    await probe.connect()
  } catch (err) {
    console.log(`PostgreSQL not reachable at ${new URL(adminUrl).host} (${(err as Error).message}):`)
    console.log('  several processes need PostgreSQL (docs/scaling.md), so ONE process on SQLite instead')
    usePg = false
  } finally {
    await probe.end().catch(() => undefined)
  }
}
const runId = Date.now().toString(36).slice(-6)
const dbName = `bench_notify_${runId}_${Math.random().toString(36).slice(2, 6)}`
const databaseUrl = usePg ? await createScratchDatabase(adminUrl, dbName) : undefined
let redisUrl = process.env.REDIS_URL?.trim() || undefined
if (usePg && !redisUrl && (await listening('127.0.0.1', 6379))) redisUrl = 'redis://127.0.0.1:6379'
const redisPrefix = `bench-notify-${runId}:`

const base = await mkdtemp(join(tmpdir(), 'market-bench-notify-'))
const dataDir = join(base, 'data')
const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
const merchant = keyPair()
const alipaySide = keyPair()
const alipay = new AlipaySdk({ appId: APP_ID, privateKey: alipaySide.privateKey, keyType: 'PKCS8' })

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  // with REDIS_URL the secrets must come from a provisioned directory (docs/operations.md, "Secrets")
  KEYS_DIR: join(dataDir, 'keys'),
  HOST: '127.0.0.1',
  CAPTCHA_ENABLED: 'false',
  SEED_DEMO: '0',
  ALIPAY_APP_ID: APP_ID,
  ALIPAY_PRIVATE_KEY: merchant.privateKey,
  ALIPAY_PUBLIC_KEY: alipaySide.publicKey,
  // never called: a PC payment is a signed URL; the chasing job's queries fail here and change nothing
  ALIPAY_GATEWAY: `http://127.0.0.1:${await freePort()}/gateway.do`,
  REDIS_PREFIX: redisPrefix,
}
for (const name of ['DATABASE_URL', 'REDIS_URL', 'WECHATPAY_MCH_ID', 'PORT']) delete env[name]
if (databaseUrl) env.DATABASE_URL = databaseUrl
if (redisUrl) env.REDIS_URL = redisUrl

let failed = true
try {
  console.log(
    `bench-notify: ${TOTAL} notifications (${ATTEMPTS} attempts + ${DUPLICATES} repeats), ${USERS} users, ${CONCURRENCY} in flight; ` +
      (usePg
        ? `2 processes on PostgreSQL ${dbName}, ${redisUrl ? `Redis ${new URL(redisUrl).host}` : 'no Redis (each process its own leases and limits)'}`
        : '1 process on SQLite') +
      `; data in ${base}`,
  )
  servers.push(await startServer('A', env, join(base, 'server-a.log')))
  // the second once the first has migrated the new database
  if (usePg) servers.push(await startServer('B', env, join(base, 'server-b.log')))
  console.log(`servers: ${servers.map((s) => `${s.name} pid ${s.child.pid} port ${s.port}`).join(', ')}`)

  let t = performance.now()
  const users = await registerUsers(runId)
  const attempts = await createTopups(users)
  console.log(
    `set-up ${((performance.now() - t) / 1000).toFixed(1)} s: ${USERS} users, ${ATTEMPTS} Alipay top-ups (${(ATTEMPTS / ((performance.now() - t) / 1000)).toFixed(0)} created/s incl. users)`,
  )

  t = performance.now()
  const signed = attempts.map((a, i) => notification(alipay, a, i))
  // the repeats: the same body (same notify_id) as one already in the list, spread over the attempts;
  // --together of them right beside their original (so both are in flight at once, as a retry that
  // comes while the first is being applied), the rest anywhere; then the whole order shuffled
  const picks = shuffle(attempts.map((_, i) => i))
  const groups: string[][] = signed.map((body) => [body])
  for (let d = 0; d < DUPLICATES; d++) {
    const original = picks[d % picks.length]
    if (d < DUPLICATES * TOGETHER) groups[original].push(signed[original])
    else groups.push([signed[original]])
  }
  const bodies = shuffle(groups).flat()
  console.log(
    `signed ${ATTEMPTS} notifications as Alipay in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  )

  const cpu0 = servers.map((s) => cpuMs(s.child.pid!))
  const run = await sendAll(bodies)
  const cpu1 = servers.map((s) => cpuMs(s.child.pid!))
  const sorted = [...run.latency].sort((a, b) => a - b)
  const errorCount = [...run.errors.values()].reduce((s, n) => s + n, 0)
  console.log(`\nnotifications`)
  console.log(
    `  sent                 ${bodies.length} in ${run.seconds.toFixed(1)} s = ${(bodies.length / run.seconds).toFixed(0)} notifications/s`,
  )
  console.log(
    `  latency              p50 ${ms(pct(sorted, 50))}  p95 ${ms(pct(sorted, 95))}  p99 ${ms(pct(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}`,
  )
  console.log(
    `  repeats in flight    ${run.overlapped} sent while the same notification was in flight, ${run.acrossProcesses} of them to the other process`,
  )
  console.log(`  errors               ${errorCount}`)
  for (const [why, n] of run.errors) console.log(`    ${String(n).padStart(6)}  ${why}`)
  servers.forEach((s, i) => {
    const c = run.per.get(s)!
    const cpu = cpu0[i] !== null && cpu1[i] !== null ? cpu1[i]! - cpu0[i]! : null
    console.log(
      `  process ${s.name}            ${c.sent} sent, ${c.success} answered success, ${c.errors} errors` +
        (cpu === null
          ? ''
          : `; CPU ${(cpu / 1000).toFixed(1)} s = ${(cpu / c.sent).toFixed(2)} ms a notification`),
    )
  })

  for (const s of [...servers].reverse()) await stopServer(s)
  console.log('\nchecks (servers stopped)')
  const result = await check(dataDir, databaseUrl, attempts)
  console.log(`\napplied ${result.applied}, duplicates ${result.duplicates}, errors ${errorCount}`)
  failed = result.failures.length > 0 || errorCount > 0
  console.log(
    `${failed ? `FAILED: ${[...result.failures, ...(errorCount ? ['errors'] : [])].join(', ')}` : 'all checks passed'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  process.exitCode = failed ? 1 : 0
} finally {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) await stopServer(s)
  if (redisUrl) {
    // the run's keys only (its own prefix)
    const { Redis } = await import('ioredis')
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
    try {
      await redis.connect()
      const keys = await redis.keys(`${redisPrefix}*`)
      if (keys.length) await redis.del(...keys)
    } catch {
      // nothing to clean, or Redis went away
    } finally {
      redis.disconnect()
    }
  }
  if (opts.keep || failed) console.log(`kept ${base}${databaseUrl ? ` and database ${dbName}` : ''}`)
  else {
    if (databaseUrl) await dropScratchDatabase(adminUrl, dbName)
    await rm(base, { recursive: true, force: true })
  }
}

/**
 * `npm run bench:trade`: buying and paying over HTTP against the built server, then a crash.
 *
 * 1. builds the server when dist/server is older than its sources (`npm run build:server`) and starts
 *    `node dist/server/server.js` as a child process on a temporary DATA_DIR (SQLite), a free port,
 *    CAPTCHA_ENABLED=false, SEED_DEMO=1; its log goes to <tmp>/server.log;
 * 2. through the API only: a seller publishes coin listings with large stock and many stock-1
 *    accounts; N buyers register and log in (RSA-encrypted passwords from /api/publicKey, each from
 *    its own loopback address 127.0.1.x, as the per-IP limits expect distinct clients), top up with
 *    支付宝 at the Alipay simulator the demo server mounts (docs/payments.md), set the payment password
 *    and a receiving role;
 * 3. phase 1: every buyer creates and pays orders back to back for --seconds (mostly coins, some
 *    accounts raced for by several buyers at once); prints orders/s, p50/p95/p99 of order+pay,
 *    failures by message; stops the server (SIGTERM) and checks the money invariant on its database
 *    with the code of scripts/check-invariant.ts;
 * 4. phase 2: starts the server again on the same DATA_DIR, the seller lists --accounts/3 fresh
 *    accounts, the same load runs and the server is SIGKILLed after --kill-after seconds; checks the
 *    invariant on the crashed database, restarts the server (timed), checks again, confirms every
 *    payment acknowledged before the kill is PAID (and no paid order lacks its ledger row), and that
 *    buying works again. Exits 1 when a check fails (the temp dir is then kept).
 *
 * With DATABASE_URL (a PostgreSQL server where the user may create databases) the same run goes to a
 * new database with a random name, dropped afterwards.
 *
 * Options: --buyers 40, --seconds 60, --kill-after 10, --accounts 150, --keep (keep the temp dir).
 * About 1.5 minutes with the defaults.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import forge from 'node-forge'
import sharp from 'sharp'
import {
  ACCOUNT,
  AUTH,
  FUNDS,
  GAME,
  GOODS,
  IMAGE,
  ORDER,
  ROLE,
  type PublishGoodsBody,
} from '../src/shared/api'
import { createScratchDatabase, dropScratchDatabase } from '../src/server/db/scratch'
import { cpuMs, freePort, ok, request } from './bench-http'
import { root, staleBuilds } from './build-state.mjs'
import { checkInvariantAt, describeInvariant, type InvariantResult } from './check-invariant'

const { values: opts } = parseArgs({
  options: {
    buyers: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '60' },
    'kill-after': { type: 'string', default: '10' },
    accounts: { type: 'string', default: '150' },
    keep: { type: 'boolean', default: false },
  },
})
const BUYERS = Number(opts.buyers)
const SECONDS = Number(opts.seconds)
const KILL_AFTER = Number(opts['kill-after'])
const ACCOUNTS = Number(opts.accounts)
const COIN_LISTINGS = 10
/** share of purchases that go for an account (while any is left) */
const ACCOUNT_SHARE = 0.1
const PASSWORD = 'Bench@2024'
const PAY_PASSWORD = '135792'
const TOPUP_FEN = 5_000_000

// ---------------------------------------------------------------------------------------------- server

interface Server {
  child: ChildProcess
  exited: Promise<number | null>
  /** ms from spawn until /api/publicKey answered */
  readyMs: number
}

/** the server process this script started and has not seen exit */
let current: Server | null = null
process.on('exit', () => {
  if (current && current.child.exitCode === null && current.child.signalCode === null)
    current.child.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

async function startServer(dataDir: string, port: number, logPath: string): Promise<Server> {
  const log = openSync(logPath, 'a')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: '1',
  }
  if (benchDatabaseUrl) env.DATABASE_URL = benchDatabaseUrl
  else delete env.DATABASE_URL
  const t0 = performance.now()
  // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist/server/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let dead = false
  void exited.then(() => (dead = true))
  const server: Server = { child, exited, readyMs: 0 }
  current = server
  for (;;) {
    if (dead) throw new Error(`the server exited during start-up; see ${logPath}`)
    if (performance.now() - t0 > 60_000) throw new Error(`the server did not start in 60 s; see ${logPath}`)
    try {
      const res = await request({ port, agent: false }, 'GET', AUTH.publicKey.path)
      if (res.status === 200) {
        server.readyMs = performance.now() - t0
        return server
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}

async function stopServer(server: Server, signal: 'SIGTERM' | 'SIGKILL') {
  server.child.kill(signal)
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000)
  await server.exited
  clearTimeout(timer)
  current = null
}

// ---------------------------------------------------------------------------------------------- HTTP

/** One client (a user at its own loopback address, keep-alive). */
class Client {
  token = ''
  agent = new http.Agent({ keepAlive: true, maxSockets: 2 })
  constructor(
    public port: number,
    readonly localAddress: string,
  ) {}
  call(method: 'GET' | 'POST', path: string, body?: unknown) {
    return request(this, method, path, { token: this.token, body })
  }
  form(path: string, form: Record<string, string>) {
    return request(this, 'POST', path, { token: this.token, form })
  }
  /** a multipart upload of one PNG in the field `file` */
  upload(path: string, png: Buffer) {
    const boundary = `----bench${Math.random().toString(16).slice(2)}`
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`
    const data = Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)])
    return request(this, 'POST', path, {
      token: this.token,
      raw: { type: `multipart/form-data; boundary=${boundary}`, data },
    })
  }
  /** after a restart: new port, no stale sockets */
  reconnect(port: number) {
    this.agent.destroy()
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2 })
    this.port = port
  }
  close() {
    this.agent.destroy()
  }
}

// ---------------------------------------------------------------------------------------------- setup

type Rsa = (text: string) => string

async function publicKey(port: number): Promise<Rsa> {
  const r = await request({ port, agent: false }, 'GET', AUTH.publicKey.path)
  const key = forge.pki.publicKeyFromPem(r.json.data.publicKey)
  return (text) => forge.util.encode64(key.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'))
}

async function registerAndLogin(c: Client, username: string, rsa: Rsa) {
  const password = rsa(PASSWORD)
  await ok(
    c.call('POST', AUTH.register.path, {
      username,
      password,
      confirmPassword: password,
      nickName: username.slice(0, 30),
      agreed: true,
    }),
    `register ${username}`,
  )
  const login = await ok(
    c.call('POST', AUTH.login.path, { username, password: rsa(PASSWORD) }),
    `login ${username}`,
  )
  c.token = login.token
  // a verified adult (the sandbox's identity list): selling needs one (docs/account-security.md)
  await ok(
    c.call('POST', ACCOUNT.verifyRealName.path, { realName: '陈静', idNumber: '320102199508152229' }),
    `real name ${username}`,
  )
}

interface Buyer {
  client: Client
  roleId: number
  /** the payment password, encrypted once */
  payPassword: string
}

interface Market {
  coins: number[]
  /** unsold accounts, front first (buyers race for the first few) */
  accounts: number[]
}

async function setUp(port: number, runId: string) {
  const rsa = await publicKey(port)
  const seller = new Client(port, '127.0.2.1')
  await registerAndLogin(seller, `s${runId}`, rsa)
  const games = (await ok(seller.call('GET', GAME.list.path), 'games')).data as Array<{
    gameId: number
    nameCn: string
  }>
  const king = games.find((g) => g.nameCn === '王者荣耀')
  if (!king) throw new Error('the demo seed has no 王者荣耀')
  const areas = (await ok(seller.call('GET', `${GAME.areas.path}?gameId=${king.gameId}`), 'areas'))
    .data as Array<{ serverId: number; children: Array<{ serverId: number }> }>
  const where = { gameId: king.gameId, areaId: areas[0].serverId, serverId: areas[0].children[0].serverId }
  const publish = async (body: PublishGoodsBody) =>
    (await ok(seller.call('POST', GOODS.publish.path, body), 'publish')).data.goodsId as number
  const market: Market = { coins: [], accounts: [] }
  let accountNo = 0
  // an account is published with a screenshot (one image per listing); uploads are limited to 60 a
  // minute per address, so the seller's come from a fresh loopback address every 50
  const png = await sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: 60, g: 120, b: 200 } },
  })
    .png()
    .toBuffer()
  let uploads = 0
  const screenshot = async () => {
    const uploader = new Client(seller.port, `127.0.3.${1 + Math.floor(uploads / 50)}`)
    uploader.token = seller.token
    uploads += 1
    try {
      return (await ok(uploader.upload(IMAGE.upload.path, png), 'screenshot')).data.imageId as string
    } finally {
      uploader.close()
    }
  }
  const publishAccounts = async (n: number) => {
    for (let i = 0; i < n; i++, accountNo++)
      market.accounts.push(
        await publish({
          ...where,
          goodsType: 'ACCOUNT',
          title: `荣耀王者 压测账号 ${accountNo}`,
          description: '压测商品',
          price: 2_000 + 100 * (accountNo % 50),
          stock: 1,
          attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200 },
          imageIds: [await screenshot()],
        }),
      )
  }
  for (let i = 0; i < COIN_LISTINGS; i++)
    market.coins.push(
      await publish({
        ...where,
        goodsType: 'COIN',
        title: `点券 ${1000 * (i + 1)} 秒发 压测${i}`,
        description: '压测商品',
        price: 100 * (i + 1),
        stock: 99_999,
        attributes: { 数量: 1000 * (i + 1) },
        imageIds: [],
      }),
    )
  await publishAccounts(ACCOUNTS)

  const buyers: Buyer[] = []
  const setUpBuyer = async (i: number) => {
    const client = new Client(port, `127.0.1.${i + 1}`)
    await registerAndLogin(client, `b${runId}x${i}`, rsa)
    const topup = await ok(
      client.call('POST', FUNDS.topupCreate.path, { amount: TOPUP_FEN, channel: 'alipay' }),
      'top-up',
    )
    // 支付宝 through the Alipay simulator on the server (SEED_DEMO: PAY_SIMULATORS on): its test hook
    // opens the cashier of the pay URL and presses 确认付款; its notification credits the top-up
    const payUrl = String(topup.data.payUrl)
    const hook = await fetch(`${payUrl.slice(0, payUrl.indexOf('/gateway.do'))}/_sim/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: payUrl }),
    })
    if (hook.status !== 200) throw new Error(`Alipay simulator pay: HTTP ${hook.status}`)
    for (let tries = 0; ; tries++) {
      const detail = await ok(client.call('GET', `/funds/topup/detail/${topup.data.topupNo}`), 'top-up')
      if (detail.data.status === 'PAID') break
      if (tries > 200) throw new Error(`top-up ${topup.data.topupNo} never credited`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await ok(
      client.call('POST', FUNDS.payPassword.path, {
        payPassword: rsa(PAY_PASSWORD),
        loginPassword: rsa(PASSWORD),
      }),
      'pay password',
    )
    const role = await ok(
      client.call('POST', ROLE.save.path, {
        gameId: king.gameId,
        serverId: where.serverId,
        roleName: `角色${i}`,
        gameRoleId: String(100000 + i),
        isDefault: true,
      }),
      'role',
    )
    buyers[i] = { client, roleId: role.data.roleId, payPassword: rsa(PAY_PASSWORD) }
  }
  // a few at a time: registration and passwords are scrypt work on the server
  let next = 0
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < BUYERS) await setUpBuyer(next++)
    }),
  )
  return { buyers, market, seller, publishAccounts }
}

// ---------------------------------------------------------------------------------------------- load

interface RunResult {
  seconds: number
  paid: number
  latency: number[]
  create: number[]
  pay: number[]
  failures: Map<string, number>
  /** orders whose payment the server acknowledged (buyer index, order number) */
  acknowledged: Array<[number, string]>
  accountTries: number
  accountsBought: number
}

async function run(
  buyers: Buyer[],
  market: Market,
  seconds: number,
  killAt?: () => void,
): Promise<RunResult> {
  const r: RunResult = {
    seconds: 0,
    paid: 0,
    latency: [],
    create: [],
    pay: [],
    failures: new Map(),
    acknowledged: [],
    accountTries: 0,
    accountsBought: 0,
  }
  const fail = (why: string) => r.failures.set(why, (r.failures.get(why) ?? 0) + 1)
  let stop = false
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  const killTimer = killAt
    ? setTimeout(() => {
        killAt()
        stop = true
      }, KILL_AFTER * 1000)
    : null
  await Promise.all(
    buyers.map(async (b, index) => {
      while (!stop && performance.now() < end) {
        const forAccount = market.accounts.length > 0 && Math.random() < ACCOUNT_SHARE
        const goodsId = forAccount
          ? market.accounts[Math.floor(Math.random() * Math.min(3, market.accounts.length))]
          : market.coins[Math.floor(Math.random() * market.coins.length)]
        if (forAccount) r.accountTries++
        const body = forAccount
          ? { goodsId, quantity: 1 }
          : { goodsId, quantity: 1 + Math.floor(Math.random() * 3), roleId: b.roleId }
        const s = performance.now()
        try {
          const created = await b.client.call('POST', ORDER.create.path, body)
          if (created.json?.code !== 200) {
            fail(created.json?.msg ?? `HTTP ${created.status}`)
            if (forAccount && /售出|下架/.test(created.json?.msg ?? '')) {
              const at = market.accounts.indexOf(goodsId)
              if (at >= 0) market.accounts.splice(at, 1)
            }
            continue
          }
          const m = performance.now()
          const orderNo = created.json.data.orderNo as string
          const paid = await b.client.call('POST', ORDER.pay.path, {
            orderNo,
            payPassword: b.payPassword,
          })
          const e = performance.now()
          if (paid.json?.code !== 200) {
            fail(paid.json?.msg ?? `HTTP ${paid.status}`)
            continue
          }
          r.paid++
          r.acknowledged.push([index, orderNo])
          r.latency.push(e - s)
          r.create.push(m - s)
          r.pay.push(e - m)
          if (forAccount) {
            r.accountsBought++
            const at = market.accounts.indexOf(goodsId)
            if (at >= 0) market.accounts.splice(at, 1)
          }
        } catch (err) {
          fail(`network: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
          if (stop) break
        }
      }
    }),
  )
  if (killTimer) clearTimeout(killTimer)
  r.seconds = (performance.now() - t0) / 1000
  return r
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
const ms = (n: number) => `${n.toFixed(0)} ms`

function report(title: string, r: RunResult) {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
  const all = sorted(r.latency)
  const create = sorted(r.create)
  const pay = sorted(r.pay)
  console.log(`\n${title}`)
  console.log(
    `  paid orders        ${r.paid} in ${r.seconds.toFixed(1)} s = ${(r.paid / r.seconds).toFixed(1)} orders/s`,
  )
  console.log(
    `  order+pay latency  p50 ${ms(pct(all, 50))}  p95 ${ms(pct(all, 95))}  p99 ${ms(pct(all, 99))}  max ${ms(all.at(-1) ?? NaN)}`,
  )
  console.log(
    `    create / pay     p50 ${ms(pct(create, 50))} / ${ms(pct(pay, 50))}  p95 ${ms(pct(create, 95))} / ${ms(pct(pay, 95))}`,
  )
  console.log(`  accounts           ${r.accountTries} tries, ${r.accountsBought} bought`)
  const failures = [...r.failures.entries()].sort((a, b) => b[1] - a[1])
  if (failures.length === 0) console.log('  failures           none')
  else console.log(`  failures           ${failures.reduce((s, [, n]) => s + n, 0)}, by message:`)
  for (const [why, n] of failures) console.log(`    ${String(n).padStart(6)}  ${why}`)
}

function printInvariant(title: string, r: InvariantResult) {
  console.log(`\n${title}`)
  for (const line of describeInvariant(r)) console.log(`  ${line}`)
}

// ---------------------------------------------------------------------------------------------- main

const started = performance.now()
if (staleBuilds().includes('build:server')) {
  console.log('dist/server is older than its sources: npm run build:server')
  const built = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) throw new Error('build:server failed')
}
const base = await mkdtemp(join(tmpdir(), 'market-bench-trade-'))
// DATABASE_URL: the same run on PostgreSQL, in a new database with a random name (dropped afterwards)
const pgAdminUrl = process.env.DATABASE_URL?.trim() || undefined
const benchDbName = `bench_trade_${Math.random().toString(36).slice(2, 10)}`
const benchDatabaseUrl = pgAdminUrl ? await createScratchDatabase(pgAdminUrl, benchDbName) : undefined
async function dropBenchDatabase() {
  if (pgAdminUrl) await dropScratchDatabase(pgAdminUrl, benchDbName)
}
const dataDir = join(base, 'data')
const logPath = join(base, 'server.log')
const runId = Date.now().toString(36).slice(-6)
let failed = true
try {
  console.log(
    `bench-trade: ${BUYERS} buyers, ${SECONDS} s, SIGKILL after ${KILL_AFTER} s; ${benchDatabaseUrl ? `PostgreSQL ${benchDbName}` : 'SQLite'}; data in ${base}`,
  )
  let port = await freePort()
  let server = await startServer(dataDir, port, logPath)
  console.log(
    `server pid ${server.child.pid} on port ${port}, ready in ${ms(server.readyMs)} (new database, seeded)`,
  )
  const t = performance.now()
  const { buyers, market, seller, publishAccounts } = await setUp(port, runId)
  console.log(
    `set-up ${((performance.now() - t) / 1000).toFixed(1)} s: ${COIN_LISTINGS} coin listings (stock 99 999), ${ACCOUNTS} accounts (stock 1), ${BUYERS} buyers with ${(TOPUP_FEN / 100).toFixed(0)} 元 each`,
  )

  // phase 1
  const cpu0 = cpuMs(server.child.pid!)
  const one = await run(buyers, market, SECONDS)
  const cpu1 = cpuMs(server.child.pid!)
  report(`phase 1: ${BUYERS} buyers ordering and paying for ${SECONDS} s`, one)
  if (cpu0 !== null && cpu1 !== null)
    console.log(
      `  server CPU         ${((cpu1 - cpu0) / 1000).toFixed(1)} s = ${((cpu1 - cpu0) / one.paid).toFixed(2)} ms per paid order (user+system; what the machine's other load does not change much)`,
    )
  await stopServer(server, 'SIGTERM')
  const inv1 = await checkInvariantAt({ dataDir, databaseUrl: benchDatabaseUrl })
  printInvariant('invariant after phase 1 (server stopped)', inv1)

  // phase 2: the same load, SIGKILL in the middle
  port = await freePort()
  server = await startServer(dataDir, port, logPath)
  for (const c of [seller, ...buyers.map((b) => b.client)]) c.reconnect(port)
  // fresh accounts to race for while the server is killed
  await publishAccounts(Math.ceil(ACCOUNTS / 3))
  console.log(
    `\nphase 2: server pid ${server.child.pid} (start on the existing database ${ms(server.readyMs)}), ${market.accounts.length} accounts on sale`,
  )
  let killedAt = 0
  const two = await run(buyers, market, SECONDS, () => {
    killedAt = performance.now()
    server.child.kill('SIGKILL')
  })
  await server.exited
  current = null
  report(`phase 2: the same load, SIGKILL after ${KILL_AFTER} s`, two)
  const inv2 = await checkInvariantAt({ dataDir, databaseUrl: benchDatabaseUrl })
  printInvariant(
    `invariant of the killed server's database (${ms(performance.now() - killedAt)} after the kill)`,
    inv2,
  )

  port = await freePort()
  server = await startServer(dataDir, port, logPath)
  for (const b of buyers) b.client.reconnect(port)
  console.log(`\nrestart after SIGKILL: ready in ${ms(server.readyMs)}`)
  const inv3 = await checkInvariantAt({ dataDir, databaseUrl: benchDatabaseUrl })
  printInvariant('invariant after the restart (server running)', inv3)

  // every payment acknowledged before the kill survived, with its ledger row
  let kept = 0
  const lost: string[] = []
  await Promise.all(
    buyers.map(async (b, index) => {
      for (const [i, orderNo] of two.acknowledged) {
        if (i !== index) continue
        const d = await b.client.call('GET', ORDER.detail.path.replace(':orderNo', orderNo))
        if (d.json?.code === 200 && d.json.data.status === 'PAID' && d.json.data.paidAt !== null) kept++
        else lost.push(orderNo)
      }
    }),
  )
  console.log(
    `payments acknowledged before the kill: ${two.acknowledged.length}; PAID after the restart: ${kept}${lost.length ? `; LOST ${lost.slice(0, 5).join(', ')}` : ''}`,
  )
  console.log(
    `paid orders lacking their ORDER_PAY ledger row: ${inv3.gaps.paid.length}${inv3.gaps.paid.length ? ` (${inv3.gaps.paid.map((o) => o.order_no).join(', ')})` : ''}`,
  )
  const probe = await run(buyers.slice(0, 5), market, 2)
  const probeFailures = [...probe.failures].map(([why, n]) => `${n}× ${why}`).join(', ') || 'none'
  console.log(
    `buying after the restart: ${probe.paid} paid orders in 2 s by 5 buyers; failures: ${probeFailures}`,
  )

  await stopServer(server, 'SIGTERM')
  const inv4 = await checkInvariantAt({ dataDir, databaseUrl: benchDatabaseUrl })
  console.log(`final invariant (server stopped): ${inv4.ok ? 'OK' : 'VIOLATED'}`)
  for (const c of [seller, ...buyers.map((b) => b.client)]) c.close()

  failed = !(inv1.ok && inv2.ok && inv3.ok && inv4.ok && lost.length === 0 && probe.paid > 0)
  console.log(
    `\n${failed ? 'FAILED' : 'all checks passed'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  process.exitCode = failed ? 1 : 0
} finally {
  if (current) await stopServer(current, 'SIGKILL')
  if (!opts.keep && !failed) await dropBenchDatabase()
  if (opts.keep || failed) console.log(`kept ${base}`)
  else await rm(base, { recursive: true, force: true })
}

/**
 * Two real server processes on one PostgreSQL database and one Redis (docs/scaling.md): what a user
 * does through one is true on the other. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set
 * (.ci/run sets both where the servers answer); it creates a database with a random name and a random
 * Redis key prefix, and removes both afterwards. The processes run the server's sources bundled once
 * by esbuild (test-bundle.ts; under tsx each start cost ~6 s of CPU), each with its own DATA_DIR,
 * sharing KEYS_DIR and UPLOAD_DIR as a deployment would.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { constants, publicEncrypt, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../shared/messages'
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch'
import { bundleEntry, type BundledEntry } from '../test-bundle'

const adminUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
if (!adminUrl || !redisUrl)
  console.info(
    'two-process.test.ts skipped: set TEST_DATABASE_URL=postgres://user@host:port/db and TEST_REDIS_URL=redis://host:port/0 to run it',
  )

const root = resolve(import.meta.dirname, '../../..')

interface Proc {
  child: ChildProcess
  base: string
  log: string[]
}

async function startServer(server: BundledEntry, env: NodeJS.ProcessEnv): Promise<Proc> {
  const child = spawn(process.execPath, [server.file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 25 s:\n${log.join('')}`)), 25_000)
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${log.join('')}`)))
    child.stderr!.on('data', (d: Buffer) => log.push(d.toString()))
    child.stdout!.on('data', (d: Buffer) => {
      log.push(d.toString())
      const m = /已启动：(http:\/\/[\d.]+:\d+)/.exec(d.toString())
      if (m) {
        clearTimeout(timer)
        resolvePromise({ child, base: m[1]!, log })
      }
    })
  })
}

type Envelope = any

/** One HTTP request (JSON in and out), from a chosen loopback address. */
function request(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; from?: string } = {},
): Promise<{ status: number; json: Envelope; body: Buffer }> {
  const url = new URL(path, base)
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body))
  return new Promise((res, rej) => {
    const req = http.request(
      url,
      {
        method,
        localAddress: opts.from,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (r) => {
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c))
        r.on('end', () => {
          const body = Buffer.concat(chunks)
          let json: unknown = null
          try {
            json = JSON.parse(body.toString('utf8'))
          } catch {
            // not JSON (an image)
          }
          res({ status: r.statusCode ?? 0, json, body })
        })
      },
    )
    req.on('error', rej)
    req.end(payload)
  })
}

/** As the browser does it: PKCS#1 v1.5 with the server's public key, base64. */
async function encrypted(base: string, password: string): Promise<string> {
  const { json } = await request(base, 'GET', '/api/publicKey')
  return publicEncrypt(
    { key: json.data.publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password),
  ).toString('base64')
}

async function login(base: string, username: string, password: string, from?: string) {
  const body = { username, password: await encrypted(base, password) }
  return (await request(base, 'POST', '/api/login', { body, from })).json
}

async function tokenOf(base: string, username: string, password: string): Promise<string> {
  const res = await login(base, username, password)
  if (res.code !== 200) throw new Error(`login of ${username}: ${res.msg}`)
  return res.token as string
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const got = await probe()
    if (got) return got
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.skipIf(!adminUrl || !redisUrl)('two server processes on PostgreSQL and Redis', () => {
  const dbName = `market_two_${randomBytes(6).toString('hex')}`
  const prefix = `yxtest:${randomBytes(6).toString('hex')}:`
  let db: pg.Client
  let dirs: string[] = []
  let a: Proc
  let b: Proc
  let server: BundledEntry | undefined

  beforeAll(async () => {
    const [databaseUrl, bundled] = await Promise.all([
      createScratchDatabase(adminUrl!, dbName),
      bundleEntry('src/server/server.ts'),
    ])
    server = bundled
    const shared = await mkdtemp(join(tmpdir(), 'market-two-'))
    dirs = [shared]
    const env = (name: string) => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATA_DIR: join(shared, name),
      KEYS_DIR: join(shared, 'keys'),
      UPLOAD_DIR: join(shared, 'uploads'),
      // the payment simulators keep keys and trades: one directory for both (docs/operations.md)
      PAY_SIMULATORS_DIR: join(shared, 'pay-simulators'),
      PORT: '0',
      HOST: '127.0.0.1',
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: '1',
      TRADE_SWEEP_MS: '150',
      WEB_ROOT: join(shared, 'no-web'),
    })
    // the first migrates and seeds the new database; the second finds it ready
    a = await startServer(bundled, env('a'))
    b = await startServer(bundled, env('b'))
    db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
  }, 60_000)

  afterAll(async () => {
    for (const p of [a, b]) {
      if (!p) continue
      const exited = new Promise((r) => p.child.once('exit', r))
      p.child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      p.child.kill('SIGKILL')
    }
    await db?.end()
    await dropScratchDatabase(adminUrl!, dbName)
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
    for (const d of dirs) await rm(d, { recursive: true, force: true })
    await server?.remove()
  }, 30_000)

  it('answers health and readiness with the database and Redis', async () => {
    expect((await request(a.base, 'GET', '/healthz')).json).toEqual({ status: 'ok' })
    expect(await request(b.base, 'GET', '/readyz')).toMatchObject({
      status: 200,
      json: { status: 'ready', database: 'ok', redis: 'ok' },
    })
  })

  it('takes a token and a password encrypted with either process on the other', async () => {
    const [keyA, keyB] = await Promise.all(
      [a, b].map(async (p) => (await request(p.base, 'GET', '/api/publicKey')).json.data.publicKey),
    )
    expect(keyA).toBe(keyB)
    // encrypted with A's key, logged in on B
    const cipher = await encrypted(a.base, 'Buyer@123')
    const res = await request(b.base, 'POST', '/api/login', { body: { username: 'buyer', password: cipher } })
    expect(res.json).toMatchObject({ code: 200 })
    const info = await request(a.base, 'GET', '/api/getInfo', { token: res.json.token })
    expect(info.json).toMatchObject({ code: 200, user: { userName: 'buyer' } })
  })

  it('counts the login limit across both processes', async () => {
    const from = '127.0.3.7'
    const answers: number[] = []
    // 20 a minute per address: 10 through each process, then the 21st is refused on either
    for (let i = 0; i < 10; i++) {
      answers.push((await login(a.base, `nobody${i}`, 'Wrong@123', from)).code)
      answers.push((await login(b.base, `nobody${i}`, 'Wrong@123', from)).code)
    }
    expect(answers).not.toContain(429)
    expect(await login(a.base, 'nobody', 'Wrong@123', from)).toMatchObject({
      code: 429,
      msg: MSG.TOO_MANY_REQUESTS,
    })
    expect(await login(b.base, 'nobody', 'Wrong@123', from)).toMatchObject({
      code: 429,
      msg: MSG.TOO_MANY_REQUESTS,
    })
  })

  it('pushes a message sent through one process to a live stream held by the other within a second', async () => {
    const buyer = await tokenOf(a.base, 'buyer', 'Buyer@123')
    const staff = await tokenOf(b.base, 'admin', 'Admin@123')
    // the ticket comes from A and opens the stream on B
    const { json } = await request(a.base, 'POST', '/api/user/message/streamTicket', { token: buyer })
    const received: string[] = []
    const stream = http.get(new URL(`/api/user/message/stream?ticket=${json.data.ticket}`, b.base))
    const opened = new Promise<void>((res, rej) => {
      stream.on('response', (r) => {
        expect(r.headers['content-type']).toMatch(/text\/event-stream/)
        r.setEncoding('utf8')
        r.on('data', (chunk: string) => {
          received.push(chunk)
          if (chunk.includes('snapshot')) res()
        })
      })
      stream.on('error', rej)
    })
    try {
      await opened
      const sentAt = Date.now()
      const sent = await request(a.base, 'POST', '/api/system/message/send', {
        token: staff,
        body: { userName: 'buyer', title: '跨进程消息', content: '从 A 发出' },
      })
      expect(sent.json).toMatchObject({ code: 200 })
      await until('the event on B', 1000, async () => received.join('').includes('跨进程消息'))
      expect(Date.now() - sentAt).toBeLessThan(1000)
    } finally {
      stream.destroy()
    }
  })

  it('shows a price changed through one process in a search on the other within a second', async () => {
    const seller = await tokenOf(a.base, 'seller', 'Seller@123')
    const { rows } = await db.query<{ id: number; title: string; price: string }>(
      `select id, title, price from goods where status = 'ON_SALE' and goods_type = 'ACCOUNT' order by id limit 1`,
    )
    const listing = rows[0]!
    const priceOn = async (p: Proc) => {
      const res = await request(
        p.base,
        'GET',
        `/api/goods/search?keyword=${encodeURIComponent(listing.title)}&pageSize=50`,
      )
      return res.json.rows.find((r: { goodsId: number }) => r.goodsId === listing.id)?.price as
        number | undefined
    }
    expect(await priceOn(b)).toBe(Number(listing.price)) // B has the answer in its cache now
    const newPrice = Number(listing.price) + 123
    const changedAt = Date.now()
    const res = await request(a.base, 'POST', '/api/goods/seller/updatePrice', {
      token: seller,
      body: { goodsId: listing.id, price: newPrice },
    })
    expect(res.json).toMatchObject({ code: 200 })
    await until('the new price on B', 1000, async () => (await priceOn(b)) === newPrice)
    expect(Date.now() - changedAt).toBeLessThan(1000)
  })

  it('serves an image uploaded through one process from the other', async () => {
    const seller = await tokenOf(b.base, 'seller', 'Seller@123')
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png')
    const up = await fetch(`${a.base}/api/goods/image/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${seller}` },
    }).then((r) => r.json() as Promise<{ code: number; data: { url: string } }>)
    expect(up).toMatchObject({ code: 200 })
    const served = await request(b.base, 'GET', new URL(up.data.url, b.base).pathname)
    expect(served.status).toBe(200)
    expect(served.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])) // a JPEG
  })

  it('cancels an expired unpaid order exactly once with both sweepers running', async () => {
    const buyer = await tokenOf(a.base, 'buyer', 'Buyer@123')
    const { rows } = await db.query<{ id: number; stock: number }>(
      `select id, stock from goods where status = 'ON_SALE' and goods_type = 'ACCOUNT' and stock = 1
         and seller_id = (select id from users where user_name = 'seller') order by id desc limit 1`,
    )
    const listing = rows[0]!
    const created = await request(b.base, 'POST', '/api/trade/order/create', {
      token: buyer,
      body: { goodsId: listing.id, quantity: 1 },
    })
    expect(created.json).toMatchObject({ code: 200 })
    const orderNo = created.json.data.orderNo as string
    // the payment window ran out 16 minutes ago (the processes keep the real clock)
    await db.query(`update orders set created_at = created_at - 960000 where order_no = $1`, [orderNo])
    await until('the sweep', 3000, async () => {
      const r = await db.query(`select status from orders where order_no = $1`, [orderNo])
      return r.rows[0].status === 'CANCELLED'
    })
    // several more sweeps of both processes go by
    await new Promise((r) => setTimeout(r, 500))
    const goods = await db.query(`select stock, status from goods where id = $1`, [listing.id])
    expect(goods.rows[0]).toEqual({ stock: 1, status: 'ON_SALE' })
    const notes = await db.query(
      `select count(*)::int as n from web_messages where content like $1 and content like '%超时未支付%'`,
      [`%${orderNo}%`],
    )
    expect(notes.rows[0].n).toBe(2) // one to the buyer, one to the seller
  })
})

describe.skipIf(!adminUrl)('keyword search on PostgreSQL', () => {
  it('finds titles by a 2-character Chinese keyword through the GIN index of title bigrams', async () => {
    const { startTestAppOn, call } = await import('../test-utils')
    const { t, drop } = await startTestAppOn('postgres', 'kw', { tradeSweepMs: 0, goodsSearchCacheMs: 0 })
    try {
      const expected = await t.app.db
        .selectFrom('goods')
        .select('id')
        .where('status', '=', 'ON_SALE')
        .where('deleted_at', 'is', null)
        .where('title', 'like', '%王者%')
        .execute()
      expect(expected.length).toBeGreaterThan(0)
      const page = await call(
        t.app,
        'GET',
        `/api/goods/search?keyword=${encodeURIComponent('王者')}&pageSize=50`,
      )
      expect(page).toMatchObject({ code: 200, total: expected.length })
      expect(page.rows.map((r: { goodsId: number }) => r.goodsId).sort()).toEqual(
        expected.map((r) => r.id).sort(),
      )
      // one connection of the app's pool: the setting holds for the explain after it
      const plan = await t.app.db.connection().execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn)
        return sql<{
          'QUERY PLAN': string
        }>`explain select id from goods where search_terms @> array['王者']::text[]`.execute(conn)
      })
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('goods_search_terms')
    } finally {
      await t.close()
      await drop()
    }
  })
})

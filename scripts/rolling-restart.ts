/**
 * `npm run restart:rolling`: a rolling restart of two server processes behind nginx under load, and
 * how many requests it failed (issue 32; docs/operations.md, "Rolling restart"). Goal: none.
 *
 * 1. builds the server when dist/server is older than its sources;
 * 2. starts two processes of `dist/server/server.js` (scripts/server-processes.ts) on one new
 *    PostgreSQL database (TEST_DATABASE_URL or DATABASE_URL names the server, default
 *    postgres://postgres@127.0.0.1:5432) seeded with the demo data, one Redis (REDIS_URL, default
 *    127.0.0.1:6379; a prefix of its own), SHUTDOWN_DELAY_MS --delay, TRUST_PROXY=1;
 * 3. starts nginx (/usr/sbin/nginx, or NGINX) in front of them with deploy/nginx/market.conf — the
 *    upstream ports and listen address rewritten, the `# tls` lines left out — in a prefix of its own;
 * 4. load through nginx: --lanes closed loops of GETs (searches, the home shelves, listing details,
 *    the buyer's unread chat count) with --think ms between requests; --posters loops of POSTs, each
 *    from its own loopback address, the buyer asking the seller in one pre-sale chat about a demo
 *    listing, one numbered message a second (checked: each answered once, stored once); --streams
 *    live-event streams of the seller, which follow the server's retry hint, reconnect with a new
 *    ticket and resume after their last id, and must each receive every chat message sent;
 * 5. after --warmup s: SIGTERM A, wait for its exit, start A again on its port, wait for /readyz, wait
 *    --gap ms, the same for B; then --after s more load;
 * 6. prints requests, failures (connection errors, HTTP ≥ 500, a GET not 200, a POST not answered
 *    code 200) with their reasons, p50/p95 latency before / during / after the restart, requests nginx
 *    passed on to the other process (its log), stream reconnects and events missed, and checks the
 *    database: each chat message that was answered OK stored exactly once, none stored that was not.
 *
 * Exits 1 when anything failed (the temp dir and the database are then kept, as with --keep).
 * About a minute with the defaults.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import forge from 'node-forge'
import pg from 'pg'
import { createScratchDatabase, dropScratchDatabase } from '../src/server/db/scratch'
import { root } from './build-state.mjs'
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
    warmup: { type: 'string', default: '5' },
    after: { type: 'string', default: '5' },
    gap: { type: 'string', default: '1000' },
    delay: { type: 'string', default: '5000' },
    lanes: { type: 'string', default: '6' },
    think: { type: 'string', default: '10' },
    posters: { type: 'string', default: '6' },
    streams: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
})
const LANES = Number(opts.lanes)
const THINK_MS = Number(opts.think)
const POSTERS = Number(opts.posters)
const STREAMS = Number(opts.streams)
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const t0 = performance.now()
const clock = () => `${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s`

// ---------------------------------------------------------------------------------------------- HTTP

let nginxPort = 0
interface Reply {
  status: number
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope, read as the bench needs
  json: any
}

function request(
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; json?: unknown; agent?: http.Agent; localAddress?: string } = {},
): Promise<Reply> {
  const payload = o.json === undefined ? undefined : JSON.stringify(o.json)
  const headers: Record<string, string> = {}
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(payload))
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: nginxPort,
        path,
        method,
        agent: o.agent,
        localAddress: o.localAddress,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json = null
          try {
            json = (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null
          } catch {
            // counted by the caller as a wrong answer
          }
          resolve({ status: res.statusCode ?? 0, text, json })
        })
        res.on('error', reject)
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    if (payload !== undefined) req.write(payload)
    req.end()
  })
}

// ---------------------------------------------------------------------------------------------- records

interface Sample {
  at: number
  ms: number
  kind: string
  failure: string | null
}
const samples: Sample[] = []

async function measured(kind: string, work: () => Promise<Reply>, ok: (r: Reply) => string | null) {
  const at = performance.now()
  let failure: string | null
  let reply: Reply | null = null
  try {
    reply = await work()
    failure = ok(reply)
  } catch (err) {
    failure = `network: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`
  }
  samples.push({ at, ms: performance.now() - at, kind, failure: failure && `${kind}: ${failure}` })
  return failure === null ? reply : null
}

const okGet = (r: Reply) =>
  r.status !== 200
    ? `HTTP ${r.status}`
    : r.json?.code !== undefined && r.json.code !== 200
      ? `code ${r.json.code} ${r.json.msg}`
      : null
const okPost = (r: Reply) =>
  r.status !== 200 ? `HTTP ${r.status}` : r.json?.code !== 200 ? `code ${r.json?.code} ${r.json?.msg}` : null

// ---------------------------------------------------------------------------------------------- clients

async function login(username: string, password: string, localAddress: string): Promise<string> {
  const key = (await request('GET', '/api/publicKey', { localAddress })).json.data.publicKey as string
  const rsa = forge.pki.publicKeyFromPem(key)
  const cipher = forge.util.encode64(rsa.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'))
  const r = await request('POST', '/api/login', { json: { username, password: cipher }, localAddress })
  if (r.json?.code !== 200) throw new Error(`login ${username}: ${r.text.slice(0, 200)}`)
  return r.json.token as string
}

async function register(username: string, password: string, localAddress: string): Promise<string> {
  const key = (await request('GET', '/api/publicKey', { localAddress })).json.data.publicKey as string
  const rsa = forge.pki.publicKeyFromPem(key)
  const enc = () => forge.util.encode64(rsa.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'))
  const r = await request('POST', '/api/register', {
    json: { username, password: enc(), confirmPassword: enc(), nickName: username, agreed: true },
    localAddress,
  })
  if (r.json?.code !== 200) throw new Error(`register ${username}: ${r.text.slice(0, 200)}`)
  return login(username, password, localAddress)
}

let running = true

async function getLane(lane: number, goodsIds: number[], buyer: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const localAddress = `127.0.1.${lane + 1}`
  let i = lane
  while (running) {
    i++
    const pick = i % 10
    if (pick < 4)
      await measured(
        'search',
        () => request('GET', `/api/goods/search?pageNum=${1 + (i % 3)}&pageSize=20`, { agent }),
        okGet,
      )
    else if (pick < 6) await measured('home', () => request('GET', '/api/goods/home', { agent }), okGet)
    else if (pick < 9) {
      const id = goodsIds[i % goodsIds.length]
      await measured('detail', () => request('GET', `/api/goods/detail/${id}`, { agent }), okGet)
    } else if (i % 20 === 9)
      // a POST that is safe to repeat: a new stream ticket (120 a minute per address)
      await measured(
        'ticket',
        () => request('POST', '/api/user/message/streamTicket', { agent, localAddress, token: buyer }),
        okPost,
      )
    else
      await measured('chat unread', () => request('GET', '/api/chat/unread', { agent, token: buyer }), okGet)
    if (THINK_MS > 0) await sleep(THINK_MS)
  }
  agent.destroy()
}

/** the chat messages answered OK: their text */
const sent = new Set<string>()
const unsure = new Set<string>()
let sendSeq = 0

async function postLane(buyer: string, conversationId: number, localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  while (running) {
    const started = performance.now()
    // the text names the message: the seller's streams and the database are checked against it
    const content = `第${++sendSeq}条：这个号还在吗`
    const r = await measured(
      'chat send',
      () =>
        request('POST', '/api/chat/message', {
          agent,
          localAddress,
          token: buyer,
          json: { conversationId, content },
        }),
      okPost,
    )
    ;(r ? sent : unsure).add(content)
    // a user may send 20 a minute
    await sleep(Math.max(0, 3200 - (performance.now() - started)))
  }
  agent.destroy()
}

interface Stream {
  opens: number
  reconnectHints: number
  abnormalEnds: number
  lastId: number | null
  received: Map<string, number>
}

async function streamClient(n: number, seller: string, opened: () => void) {
  const localAddress = `127.0.3.${n + 1}`
  const state: Stream = { opens: 0, reconnectHints: 0, abnormalEnds: 0, lastId: null, received: new Map() }
  let retryMs = 1000
  let first = true
  void (async () => {
    while (running) {
      const ticket = await measured(
        'stream ticket',
        () => request('POST', '/api/user/message/streamTicket', { token: seller, localAddress }),
        okPost,
      )
      if (!ticket) {
        await sleep(500)
        continue
      }
      const query = `ticket=${ticket.json.data.ticket}${state.lastId === null ? '' : `&lastEventId=${state.lastId}`}`
      const at = performance.now()
      const outcome = await new Promise<string | null>((resolve) => {
        let hinted = false
        const req = http.get(
          {
            host: '127.0.0.1',
            port: nginxPort,
            path: `/api/user/message/stream?${query}`,
            agent: false,
            localAddress,
          },
          (res) => {
            if (!(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
              res.resume()
              resolve(`not a stream: HTTP ${res.statusCode}`)
              return
            }
            samples.push({ at, ms: performance.now() - at, kind: 'stream open', failure: null })
            state.opens++
            if (first) {
              first = false
              opened()
            }
            let buffer = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => {
              buffer += chunk
              let cut: number
              while ((cut = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, cut)
                buffer = buffer.slice(cut + 2)
                let event = ''
                let data = ''
                for (const line of block.split('\n')) {
                  if (line.startsWith('id: ')) state.lastId = Number(line.slice(4))
                  else if (line.startsWith('retry: ')) retryMs = Number(line.slice(7))
                  else if (line.startsWith('event: ')) event = line.slice(7)
                  else if (line.startsWith('data: ')) data = line.slice(6)
                }
                if (event === 'reconnect') hinted = true
                if (event === 'chat-message') {
                  const preview = (JSON.parse(data) as { preview: string }).preview
                  state.received.set(preview, (state.received.get(preview) ?? 0) + 1)
                }
              }
            })
            res.on('end', () => resolve(hinted ? null : 'ended without the reconnect event'))
            res.on('error', (err) => resolve(`broken: ${err.message}`))
          },
        )
        req.on('error', (err) => resolve(`network: ${(err as NodeJS.ErrnoException).code ?? err.message}`))
        stopStreams.push(() => req.destroy())
      })
      if (!running) break
      if (outcome === null) state.reconnectHints++
      else {
        state.abnormalEnds++
        samples.push({ at, ms: performance.now() - at, kind: 'stream', failure: `stream: ${outcome}` })
      }
      await sleep(outcome === null ? retryMs : 500)
    }
  })()
  return state
}
const stopStreams: Array<() => void> = []

// ---------------------------------------------------------------------------------------------- nginx

function nginxConfig(dir: string, upstreams: number[], port: number): string {
  let site = readFileSync(join(root, 'deploy/nginx/market.conf'), 'utf8')
    .split('\n')
    .filter((line) => !line.includes('# tls'))
    .join('\n')
  site = site
    .replace('127.0.0.1:8081', `127.0.0.1:${upstreams[0]}`)
    .replace('127.0.0.1:8082', `127.0.0.1:${upstreams[1]}`)
  site = site.replace(/server \{\n/, `server {\n    listen 127.0.0.1:${port};\n`)
  writeFileSync(join(dir, 'market.conf'), site)
  const isRoot = process.getuid?.() === 0
  return `${isRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    log_format restart '$msec|$request_method|$status|$upstream_addr|$upstream_status|$request_time|$request_uri';
    access_log ${dir}/access.log restart;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/market.conf;
}
`
}

// ---------------------------------------------------------------------------------------------- run

ensureServerBuilt()

const adminUrl = adminDatabaseUrl()
const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
try {
  await probe.connect()
} catch (err) {
  console.log(`PostgreSQL not reachable at ${new URL(adminUrl).host} (${(err as Error).message}):`)
  console.log('  two processes need PostgreSQL and Redis (docs/scaling.md)')
  process.exit(1)
} finally {
  await probe.end().catch(() => undefined)
}
const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379'
if (!(await listening(new URL(redisUrl).hostname, Number(new URL(redisUrl).port || 6379)))) {
  console.log(`Redis not reachable at ${redisUrl}: two processes need it (docs/scaling.md)`)
  process.exit(1)
}
const nginxBin = process.env.NGINX?.trim() || '/usr/sbin/nginx'

const runId = Date.now().toString(36).slice(-6)
const dbName = `restart_${runId}_${Math.random().toString(36).slice(2, 6)}`
const databaseUrl = await createScratchDatabase(adminUrl, dbName)
const redisPrefix = `rolling-restart-${runId}:`
const base = await mkdtemp(join(tmpdir(), 'market-rolling-restart-'))
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: join(base, 'data'),
  HOST: '127.0.0.1',
  CAPTCHA_ENABLED: 'false',
  SEED_DEMO: '1',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: redisPrefix,
  SHUTDOWN_DELAY_MS: String(opts.delay),
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
}
delete env.PORT

const servers: Record<'A' | 'B', ServerProcess | null> = { A: null, B: null }
let nginx: ChildProcess | null = null
let failed = true
try {
  const ports = [await freePort(), await freePort()]
  console.log(`rolling-restart: PostgreSQL ${dbName}, Redis prefix ${redisPrefix}; data in ${base}`)
  servers.A = await startServer('A', env, join(base, 'server-a.log'), ports[0])
  // the second once the first has migrated and seeded the new database
  servers.B = await startServer('B', env, join(base, 'server-b.log'), ports[1])
  nginxPort = await freePort()
  const nginxDir = join(base, 'nginx')
  await mkdir(nginxDir)
  writeFileSync(join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, ports, nginxPort))
  nginx = spawn(
    nginxBin,
    ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-e', join(nginxDir, 'error.log')],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  while (!(await listening('127.0.0.1', nginxPort))) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited; see ${nginxDir}/error.log`)
    await sleep(50)
  }
  console.log(
    `${clock()}  A pid ${servers.A.child.pid} :${ports[0]}, B pid ${servers.B.child.pid} :${ports[1]}, nginx :${nginxPort}`,
  )

  // set-up through nginx: the demo buyer and seller, a pre-sale chat about one of the seller's listings
  const buyer = await login('buyer', 'Buyer@123', '127.0.4.1')
  const seller = await login('seller', 'Seller@123', '127.0.4.2')
  const mine = await request('GET', '/api/goods/seller/list?status=ON_SALE&pageSize=50', { token: seller })
  const listing = (mine.json?.data?.list ?? mine.json?.rows ?? [])[0] as
    { goodsId?: number; id?: number } | undefined
  const goodsId = listing?.goodsId ?? listing?.id
  if (!goodsId) throw new Error(`no listing of the demo seller on sale: ${mine.text.slice(0, 300)}`)
  // each sender a user of its own (20 messages a minute per user) with its own address and conversation
  const posters: Array<{ token: string; conversationId: number; address: string }> = []
  for (let i = 0; i < POSTERS; i++) {
    const address = `127.0.2.${i + 1}`
    const token = await register(`r${runId}x${i}`, 'Bench@2024', address)
    const chat = await request('POST', '/api/chat/conversation', {
      token,
      json: { goodsId },
      localAddress: address,
    })
    const conversationId = chat.json?.data?.conversationId as number | undefined
    if (!conversationId) throw new Error(`no conversation: ${chat.text.slice(0, 300)}`)
    posters.push({ token, conversationId, address })
  }
  const found = await request('GET', '/api/goods/search?pageSize=50')
  const goodsIds = (
    (found.json?.data?.list ?? found.json?.rows ?? []) as Array<{ goodsId?: number; id?: number }>
  )
    .map((g) => g.goodsId ?? g.id)
    .filter((id): id is number => typeof id === 'number')
  if (goodsIds.length === 0) throw new Error(`no listings found: ${found.text.slice(0, 300)}`)

  let openedStreams = 0
  const streams: Stream[] = []
  for (let n = 0; n < STREAMS; n++) streams.push(await streamClient(n, seller, () => openedStreams++))
  while (openedStreams < STREAMS) await sleep(20)

  const lanes = [
    ...Array.from({ length: LANES }, (_, i) => getLane(i, goodsIds, buyer)),
    ...posters.map((p) => postLane(p.token, p.conversationId, p.address)),
  ]
  const loadStart = performance.now()
  console.log(`${clock()}  load: ${LANES} GET lanes, ${POSTERS} chat senders, ${STREAMS} live-event streams`)
  await sleep(Number(opts.warmup) * 1000)

  const restartStart = performance.now()
  for (const name of ['A', 'B'] as const) {
    const s = servers[name]!
    let t = performance.now()
    console.log(`${clock()}  SIGTERM ${name}`)
    await stopServer(s, 60_000)
    console.log(
      `${clock()}  ${name} exited (code ${s.child.exitCode}) after ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    t = performance.now()
    servers[name] = await startServer(name, env, join(base, `server-${name.toLowerCase()}.log`), s.port)
    console.log(`${clock()}  ${name} ready again after ${((performance.now() - t) / 1000).toFixed(1)} s`)
    await sleep(Number(opts.gap))
  }
  const restartEnd = performance.now()
  await sleep(Number(opts.after) * 1000)
  running = false
  await Promise.all(lanes)
  const loadEnd = performance.now()
  // the last events on their way to the streams
  await sleep(2000)
  for (const stop of stopStreams) stop()

  // ------------------------------------------------------------------------------------------ report
  const failures = samples.filter((s) => s.failure !== null)
  const reasons = new Map<string, number>()
  for (const f of failures) reasons.set(f.failure!, (reasons.get(f.failure!) ?? 0) + 1)
  const byKind = new Map<string, number>()
  for (const s of samples) byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + 1)
  const phase = (from: number, to: number) => {
    const ms = samples.filter((s) => s.at >= from && s.at < to && s.kind !== 'stream').map((s) => s.ms)
    ms.sort((a, b) => a - b)
    return `${String(ms.length).padStart(6)} requests  p50 ${pct(ms, 50).toFixed(1)} ms  p95 ${pct(ms, 95).toFixed(1)} ms  max ${(ms.at(-1) ?? NaN).toFixed(0)} ms  (${(ms.length / ((to - from) / 1000)).toFixed(0)}/s)`
  }
  console.log(`\nrequests (through nginx)`)
  console.log(
    `  total                ${samples.filter((s) => s.kind !== 'stream').length} in ${((loadEnd - loadStart) / 1000).toFixed(1)} s: ${[
      ...byKind,
    ]
      .filter(([k]) => k !== 'stream')
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  )
  console.log(`  before the restart ${phase(loadStart, restartStart)}`)
  console.log(`  during the restart ${phase(restartStart, restartEnd)}`)
  console.log(`  after the restart  ${phase(restartEnd, loadEnd)}`)
  console.log(`  failed               ${failures.length}`)
  for (const [why, n] of reasons) console.log(`    ${String(n).padStart(6)}  ${why}`)

  const log = readFileSync(join(nginxDir, 'access.log'), 'utf8').trim().split('\n')
  const passedOn = log.filter((line) => line.split('|')[4]?.includes(','))
  const firstTries = new Map<string, number>()
  for (const line of passedOn) {
    const status = line.split('|')[4]!.split(',')[0]!.trim()
    firstTries.set(status, (firstTries.get(status) ?? 0) + 1)
  }
  console.log(
    `  nginx passed on      ${passedOn.length} of ${log.length} to the other process` +
      (passedOn.length
        ? ` (first answer: ${[...firstTries].map(([s, n]) => `${s === '502' ? 'refused/reset' : s} ${n}`).join(', ')})`
        : ''),
  )

  console.log(`\nlive-event streams (${STREAMS}, the seller's)`)
  let missedTotal = 0
  let duplicateTotal = 0
  streams.forEach((s, i) => {
    const missedList = [...sent].filter((c) => !s.received.has(c))
    const missed = missedList.length
    const duplicates = [...s.received.values()].filter((n) => n > 1).length
    missedTotal += missed
    duplicateTotal += duplicates
    console.log(
      `  stream ${i + 1}             opened ${s.opens}×, reconnect hints ${s.reconnectHints}, broken ${s.abnormalEnds}, ` +
        `events ${s.received.size} of ${sent.size} sent, missed ${missed}, twice ${duplicates}`,
    )
    if (missed) console.log(`    missed: ${missedList.slice(0, 10).join(' ')}`)
  })

  // the database: every message answered OK stored once; none stored that was not answered OK
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const stored = await db.query<{ content: string; n: string }>(
    'select content, count(*) as n from chat_messages where conversation_id = any($1) group by content',
    [posters.map((p) => p.conversationId)],
  )
  await db.end()
  const storedMap = new Map(stored.rows.map((r) => [r.content, Number(r.n)]))
  const notStored = [...sent].filter((c) => !storedMap.has(c)).length
  const storedTwice = [...storedMap.values()].filter((n) => n > 1).length
  const storedUnanswered = [...storedMap.keys()].filter((c) => !sent.has(c)).length
  console.log(`\nchat messages          ${sent.size} answered OK, ${unsure.size} failed`)
  console.log(
    `  stored               ${storedMap.size}: not stored ${notStored}, stored twice ${storedTwice}, stored but failed ${storedUnanswered}`,
  )

  failed = failures.length > 0 || missedTotal > 0 || duplicateTotal > 0 || notStored > 0 || storedTwice > 0
  console.log(
    `\n${failed ? 'FAILED' : 'no request failed'}: ${failures.length} failed requests, ${missedTotal} events missed, in ${clock()}`,
  )
  process.exitCode = failed ? 1 : 0
} finally {
  running = false
  for (const stop of stopStreams) stop()
  for (const s of Object.values(servers))
    if (s && s.child.exitCode === null && s.child.signalCode === null) await stopServer(s)
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT')
    await new Promise((resolve) => nginx!.once('exit', resolve))
  }
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
  if (opts.keep || failed) console.log(`kept ${base} and database ${dbName}`)
  else {
    await dropScratchDatabase(adminUrl, dbName)
    await rm(base, { recursive: true, force: true })
  }
}

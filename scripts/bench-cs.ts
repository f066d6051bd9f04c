/**
 * `npm run bench:cs`: 在线客服 under load (issue 34; docs/customer-service.md, "Benchmark").
 *
 * 1. builds the server when dist/server is older than its sources;
 * 2. starts two processes of `dist/server/server.js` on one new PostgreSQL database and one Redis
 *    (TEST_DATABASE_URL / DATABASE_URL and REDIS_URL as bench-notify; live events cross the processes
 *    through Redis), SEED_DEMO=0; without PostgreSQL one process on SQLite;
 * 3. registers --users users and --agents agents (each from its own loopback address); the agents get
 *    the 客服 role and a maximum load that holds every conversation (database set-up), the service
 *    hours are set to cover now, the agents go ONLINE;
 * 4. everyone opens the live event stream (SSE) on one process, every other person on the other;
 *    each user opens a conversation (the automatic assignment gives it to an agent on enqueue) and
 *    sends --messages messages, --gap ms apart, through the process its stream is NOT on; each agent
 *    answers every user message it receives (through its other process);
 * 5. measures each delivery: from the start of the send call to the `cs-message` event on the
 *    recipient's stream; checks per stream that each conversation's events arrive in increasing id
 *    order, and at the end reads every conversation (messages after id 0, and after a middle id) to
 *    check that nothing was lost and the order is the sending order.
 *
 * Prints deliveries, p50/p95/p99 latency (target p95 < 200 ms), lost, out of order, assignment
 * spread, throughput. Exits 1 when a check fails. Options: --users 200 --agents 10 --messages 5
 * --gap 3000 --sqlite --keep. About a minute on a 2-core machine.
 */
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import forge from 'node-forge'
import pg from 'pg'
import { AUTH, CS_STAFF, CS_CONVERSATION, EVENTS } from '../src/shared/api'
import { API_BASE } from '../src/shared/constants'
import { openDatabase } from '../src/server/db'
import { createScratchDatabase, dropScratchDatabase } from '../src/server/db/scratch'
import { ok, request } from './bench-http'
import {
  adminDatabaseUrl,
  ensureServerBuilt,
  listening,
  pct,
  startServer,
  stopServer,
  type ServerProcess,
} from './server-processes'

const { values: opts } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    agents: { type: 'string', default: '10' },
    messages: { type: 'string', default: '5' },
    gap: { type: 'string', default: '3000' },
    sqlite: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
})
const USERS = Number(opts.users)
const AGENTS = Number(opts.agents)
const MESSAGES = Number(opts.messages)
const GAP = Number(opts.gap)
const PASSWORD = 'Bench@2024'
const servers: ServerProcess[] = []
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

async function pool(n: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await work(next++)
    }),
  )
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Person {
  i: number
  name: string
  token: string
  userId: number
  address: string
  /** where its stream is; it sends through the other process */
  streamOn: ServerProcess
  sendOn: ServerProcess
  stream?: http.IncomingMessage
}

type CsEvent = { conversationId: number; messageId: number; sender: string; preview: string }

/** content → when its send call started (ms), and who must receive it */
const sentAt = new Map<string, number>()
const latencies: number[] = []
let outOfOrder = 0
let received = 0

async function openStream(p: Person, onEvent: (e: CsEvent) => void): Promise<void> {
  const t = await ok(
    request(
      { port: p.streamOn.port, agent: false, localAddress: p.address },
      'POST',
      EVENTS.streamTicket.path,
      {
        token: p.token,
      },
    ),
    'ticket',
  )
  const last = new Map<number, number>()
  await new Promise<void>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: p.streamOn.port,
        localAddress: p.address,
        path: `${API_BASE}${EVENTS.stream.path}?ticket=${encodeURIComponent(t.data.ticket)}`,
        agent: false,
      },
      (res) => {
        p.stream = res
        res.setEncoding('utf8')
        let buffer = ''
        res.on('data', (chunk: string) => {
          buffer += chunk
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut)
            buffer = buffer.slice(cut + 2)
            const type = /^event: (.*)$/m.exec(block)?.[1]
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (type !== 'cs-message' || !data) continue
            const e = JSON.parse(data) as CsEvent
            const prev = last.get(e.conversationId) ?? 0
            if (e.messageId <= prev) outOfOrder++
            last.set(e.conversationId, e.messageId)
            onEvent(e)
          }
        })
        resolve()
      },
    )
    req.on('error', reject)
  })
}

function delivered(e: CsEvent) {
  const at = sentAt.get(e.preview)
  if (at === undefined) return
  sentAt.delete(e.preview)
  received++
  latencies.push(performance.now() - at)
}

// ---------------------------------------------------------------------------------------------- main
const started = performance.now()
ensureServerBuilt()
const adminUrl = adminDatabaseUrl()
let usePg = !opts.sqlite
if (usePg) {
  const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  try {
    await probe.connect()
  } catch {
    console.log('PostgreSQL not reachable: ONE process on SQLite instead (several need PostgreSQL)')
    usePg = false
  } finally {
    await probe.end().catch(() => undefined)
  }
}
const runId = Date.now().toString(36).slice(-6)
const dbName = `bench_cs_${runId}_${Math.random().toString(36).slice(2, 6)}`
const databaseUrl = usePg ? await createScratchDatabase(adminUrl, dbName) : undefined
let redisUrl = process.env.REDIS_URL?.trim() || undefined
if (usePg && !redisUrl && (await listening('127.0.0.1', 6379))) redisUrl = 'redis://127.0.0.1:6379'
const base = await mkdtemp(join(tmpdir(), 'market-bench-cs-'))
const dataDir = join(base, 'data')
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  KEYS_DIR: join(dataDir, 'keys'),
  HOST: '127.0.0.1',
  CAPTCHA_ENABLED: 'false',
  SEED_DEMO: '0',
  REDIS_PREFIX: `bench-cs-${runId}:`,
}
for (const name of ['DATABASE_URL', 'REDIS_URL', 'PORT']) delete env[name]
if (databaseUrl) env.DATABASE_URL = databaseUrl
if (redisUrl) env.REDIS_URL = redisUrl

let failed = true
try {
  console.log(
    `bench-cs: ${USERS} users, ${AGENTS} agents, ${MESSAGES} messages each ${GAP} ms apart; ` +
      (usePg
        ? `2 processes on PostgreSQL ${dbName}, ${redisUrl ? `Redis ${new URL(redisUrl).host}` : 'no Redis'}`
        : '1 process on SQLite'),
  )
  servers.push(await startServer('A', env, join(base, 'server-a.log')))
  if (usePg) servers.push(await startServer('B', env, join(base, 'server-b.log')))
  const other = (s: ServerProcess) => servers.find((x) => x !== s) ?? s

  // -------------------------------------------------------------------- people
  let t = performance.now()
  const r = await request(servers[0], 'GET', AUTH.publicKey.path)
  const key = forge.pki.publicKeyFromPem(r.json.data.publicKey)
  const rsa = (text: string) =>
    forge.util.encode64(key.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'))
  const people: Person[] = []
  await pool(USERS + AGENTS, 6, async (i) => {
    const agent = i >= USERS
    const address = agent ? `127.0.3.${i - USERS + 1}` : `127.0.${1 + Math.floor(i / 250)}.${(i % 250) + 1}`
    const name = `${agent ? 'a' : 'u'}${runId}x${i}`
    const conn = { port: servers[i % servers.length].port, agent: false as const, localAddress: address }
    const password = rsa(PASSWORD)
    await ok(
      request(conn, 'POST', AUTH.register.path, {
        body: { username: name, password, confirmPassword: password, nickName: name, agreed: true },
      }),
      `register ${name}`,
    )
    const login = await ok(
      request(conn, 'POST', AUTH.login.path, { body: { username: name, password: rsa(PASSWORD) } }),
      'login',
    )
    const info = await ok(request(conn, 'GET', AUTH.info.path, { token: login.token }), 'getInfo')
    const streamOn = servers[i % servers.length]
    people[i] = {
      i,
      name,
      token: login.token,
      userId: info.user.userId,
      address,
      streamOn,
      sendOn: other(streamOn),
    }
  })
  const users = people.slice(0, USERS)
  const agents = people.slice(USERS)
  // set-up in the database: the 客服 role, hours covering now
  {
    const { db } = openDatabase({ dataDir, databaseUrl })
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('role_key', '=', 'cs')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('user_roles')
      .values(agents.map((a) => ({ user_id: a.userId, role_id: role.id })))
      .execute()
    await db
      .updateTable('sys_config')
      .set({ config_value: '00:00-23:59' })
      .where('config_key', '=', 'cs.serviceHours')
      .execute()
    await db.destroy()
  }
  for (const a of agents) await ok(request(a.sendOn, 'GET', CS_STAFF.me.path, { token: a.token }), 'agent me')
  {
    const { db } = openDatabase({ dataDir, databaseUrl })
    await db
      .updateTable('cs_agents')
      .set({ max_load: Math.ceil(USERS / AGENTS) + 5 })
      .execute()
    await db.destroy()
  }
  console.log(`set-up ${((performance.now() - t) / 1000).toFixed(1)} s: ${USERS + AGENTS} accounts`)

  // -------------------------------------------------------------------- streams
  const conversationOf = new Map<number, number>() // user id → conversation
  const replies: Array<Promise<unknown>> = []
  let replyErrors = 0
  for (const a of agents)
    await openStream(a, (e) => {
      delivered(e)
      if (e.sender !== 'user') return
      // the agent answers each user message (the reply names it, so its delivery can be timed)
      const content = `re ${e.preview}`
      sentAt.set(content, performance.now())
      replies.push(
        request(a.sendOn, 'POST', CS_STAFF.send.path, {
          token: a.token,
          body: { conversationId: e.conversationId, content },
        }).then(
          (res) => {
            if (res.json?.code !== 200) {
              replyErrors++
              console.log(`  reply refused: ${res.json?.msg}`)
            }
          },
          (err: Error) => {
            replyErrors++
            console.log(`  reply failed: ${err.message}`)
          },
        ),
      )
    })
  await pool(users.length, 20, (i) => openStream(users[i], delivered))
  for (const a of agents)
    await ok(
      request(a.sendOn, 'POST', CS_STAFF.setStatus.path, { token: a.token, body: { status: 'ONLINE' } }),
      'online',
    )
  console.log(`streams open: ${people.length}`)

  // -------------------------------------------------------------------- load
  t = performance.now()
  await pool(users.length, 8, async (i) => {
    const u = users[i]
    const opened = await ok(
      request(
        { port: u.sendOn.port, agent: false, localAddress: u.address },
        'POST',
        CS_CONVERSATION.open.path,
        { token: u.token, body: {} },
      ),
      'open',
    )
    conversationOf.set(u.userId, opened.data.conversation.conversationId)
  })
  const openSeconds = (performance.now() - t) / 1000
  let sendErrors = 0
  t = performance.now()
  await Promise.all(
    users.map(async (u, i) => {
      await sleep((i * GAP) / users.length) // spread the users over one gap
      for (let k = 0; k < MESSAGES; k++) {
        const content = `${u.name} m${k}`
        sentAt.set(content, performance.now())
        try {
          const res = await request(
            { port: u.sendOn.port, agent: false, localAddress: u.address },
            'POST',
            CS_CONVERSATION.send.path,
            { token: u.token, body: { conversationId: conversationOf.get(u.userId), content } },
          )
          if (res.json?.code !== 200) {
            sendErrors++
            console.log(`  send refused: ${res.json?.msg}`)
          }
        } catch (err) {
          sendErrors++
          console.log(`  send failed: ${(err as Error).message}`)
        }
        await sleep(GAP)
      }
    }),
  )
  const deadline = performance.now() + 15_000
  while (sentAt.size > 0 && performance.now() < deadline) await sleep(100)
  await Promise.all(replies)
  const loadSeconds = (performance.now() - t) / 1000
  const lostLive = sentAt.size

  // -------------------------------------------------------------------- checks from the database side
  let lost = 0
  let misordered = 0
  let resumeWrong = 0
  await pool(users.length, 10, async (i) => {
    const u = users[i]
    const id = conversationOf.get(u.userId)!
    const all = await ok(
      request(
        u.streamOn,
        'GET',
        `${CS_CONVERSATION.messages.path.replace(':conversationId', String(id))}?afterId=0`,
        { token: u.token },
      ),
      'messages',
    )
    const msgs = all.data as Array<{ messageId: number; sender: string; content: string }>
    const mine = msgs.filter((m) => m.sender === 'user').map((m) => m.content)
    const want = Array.from({ length: MESSAGES }, (_, k) => `${u.name} m${k}`)
    lost += want.filter((w) => !mine.includes(w)).length
    if (mine.join('|') !== want.join('|')) misordered++
    const answers = msgs.filter((m) => m.sender === 'agent').length
    lost += Math.max(0, MESSAGES - answers)
    const ids = msgs.map((m) => m.messageId)
    if (ids.some((v, k) => k > 0 && v <= ids[k - 1]!)) misordered++
    const mid = ids[Math.floor(ids.length / 2)]!
    const rest = await ok(
      request(
        u.sendOn,
        'GET',
        `${CS_CONVERSATION.messages.path.replace(':conversationId', String(id))}?afterId=${mid}`,
        { token: u.token },
      ),
      'resume',
    )
    if (
      (rest.data as Array<{ messageId: number }>).map((m) => m.messageId).join() !==
      ids.filter((v) => v > mid).join()
    )
      resumeWrong++
  })
  const spread = new Map<number, number>()
  {
    const { db } = openDatabase({ dataDir, databaseUrl })
    const rows = await db.selectFrom('cs_conversations').select(['agent_id']).execute()
    for (const row of rows) spread.set(Number(row.agent_id), (spread.get(Number(row.agent_id)) ?? 0) + 1)
    await db.destroy()
  }

  const sorted = [...latencies].sort((a, b) => a - b)
  const ms = (n: number) => `${n.toFixed(1)} ms`
  const expected = USERS * MESSAGES * 2
  console.log(
    `opened ${USERS} conversations in ${openSeconds.toFixed(1)} s; load phase ${loadSeconds.toFixed(1)} s`,
  )
  console.log(
    `deliveries (cs-message on the recipient's stream): ${received} of ${expected} (${(received / loadSeconds).toFixed(0)}/s)`,
  )
  console.log(
    `latency send → event: p50 ${ms(pct(sorted, 50))}, p95 ${ms(pct(sorted, 95))}, p99 ${ms(pct(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
  )
  console.log(
    `not delivered live: ${lostLive}; lost in the database: ${lost}; out of order (stream): ${outOfOrder}; out of order (stored): ${misordered}; resume mismatches: ${resumeWrong}`,
  )
  console.log(`refused: sends ${sendErrors}, replies ${replyErrors}`)
  console.log(`conversations per agent: ${[...spread.values()].sort((a, b) => a - b).join(' ')}`)
  const p95 = pct(sorted, 95)
  failed =
    lost > 0 ||
    lostLive > 0 ||
    outOfOrder > 0 ||
    misordered > 0 ||
    resumeWrong > 0 ||
    sendErrors > 0 ||
    replyErrors > 0
  console.log(
    `${failed ? 'FAILED' : 'OK'}: nothing lost and in order${failed ? ' — NOT met' : ''}; p95 ${ms(p95)} ${p95 < 200 ? '< 200 ms target' : '≥ 200 ms target (missed)'}`,
  )
  for (const p of people) p.stream?.destroy()
} finally {
  await Promise.all(servers.map((s) => stopServer(s)))
  if (!failed || !opts.keep) {
    if (databaseUrl) await dropScratchDatabase(adminUrl, dbName).catch(() => undefined)
    await rm(base, { recursive: true, force: true })
  } else console.log(`kept: ${base}${databaseUrl ? `, database ${dbName}` : ''}`)
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`)
  process.exit(failed ? 1 : 0)
}

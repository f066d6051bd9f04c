/**
 * `npm run bench:search`: the catalogue search at 1,000,000 listings.
 *
 * 1. builds a scratch SQLite database in a temp dir through buildApp (no demo data), then bulk-inserts
 *    the games, their configs, 5,000 sellers and 1,000,000 listings spread over games (skewed like a
 *    real market), areas, servers, types, prices (log-uniform per type), attributes and states, with
 *    their search entries (attribute index, FTS, ON_SALE counters). Prepared statements in big
 *    transactions; the migrations' secondary indexes and count triggers are set aside during the load
 *    and rebuilt from their own definitions afterwards;
 * 2. starts the real app over HTTP on a free port with the search caches off (every answer comes from
 *    the database) and fires a fixed, seeded mix of searches from a worker thread (so the client does
 *    not share the server's event loop) with bounded concurrency, printing p50/p95/p99 per query kind
 *    and overall;
 * 3. measures list-endpoint throughput (the first page of a game's list, across the 10 games) for a
 *    few seconds at concurrency 32, keep-alive, beside a bare node:http server in the same process
 *    answering a pre-serialised body of the same size: with the production setting (identical search
 *    answers reused for 3 s, cleared by any listing change), with the answers off but the listings'
 *    rows kept as JSON (each page's ids come from the database), and with nothing kept;
 * 4. renders detail and list pages (caches off), one at a time from the worker-thread client, which
 *    asks for gzip as a browser does and reads the bytes (BENCH_RENDERS each, default 300);
 * 5. times a 1,000-row CSV batch preview over HTTP.
 *
 * With DATABASE_URL (a PostgreSQL server where the user may create databases) the seeded data is then
 * copied with COPY into a new database of a random name (dropped afterwards) and steps 2-3 run again
 * on it, printed beside the SQLite figures.
 *
 * Options (env): BENCH_LISTINGS (default 1000000), BENCH_QUERIES (4000), BENCH_CONCURRENCY (4),
 * BENCH_SECONDS (5), BENCH_KEEP=1 keeps the temp dir and the PostgreSQL database (drop it by hand).
 * Reusing a kept seed (the seed and the copy take minutes at 1M): BENCH_DIR=<kept temp dir> skips the
 * seed, BENCH_PG_DB=<kept database> skips the copy (both are kept), BENCH_SQLITE=0 skips the SQLite
 * measurements (latency, throughput, rendered pages, batch preview).
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawn } from 'node:child_process'
import { Worker } from 'node:worker_threads'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import type { AttributeField, Attributes, GoodsStatus, GoodsType, GoodsTypeConfig } from '../src/shared/api'
import { buildApp } from '../src/server/app'
import { NO_ENV } from '../src/server/config'
import { createScratchDatabase, databaseUrlOf, dropScratchDatabase } from '../src/server/db/scratch'
import { insertGameConfigs } from '../src/server/db/seed/goods'
import { GAMES, gameIcon } from '../src/server/db/seed/games'
import { ftsDocument, storedSearchTerms } from '../src/server/modules/goods/search-text'
import { filterPairs } from '../src/server/modules/goods/validate'

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 4000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const RENDERS = Number(process.env.BENCH_RENDERS ?? 300)
const WEB_ROOT = resolve(import.meta.dirname, '../dist/web')
const SSR_ENTRY = resolve(import.meta.dirname, '../dist/ssr/entry-server.js')
const REUSE_DIR = process.env.BENCH_DIR
const REUSE_PG_DB = process.env.BENCH_PG_DB
const SQLITE_PHASES = process.env.BENCH_SQLITE !== '0'
const BENCH_TOKEN = 'bench-token-for-batch-preview'
const SELLERS = 5000
const DAY = 24 * 60 * 60 * 1000

// ---------------------------------------------------------------------------------------------- data

function prng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0
    s = (s ^ (s >>> 13)) >>> 0
    return s / 0x100000000
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]
  /** index by weights */
  const weighted = (weights: readonly number[]) => {
    const total = weights.reduce((a, b) => a + b, 0)
    let x = next() * total
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]
      if (x < 0) return i
    }
    return weights.length - 1
  }
  return { next, int, pick, weighted }
}
type Rand = ReturnType<typeof prng>

/** share of listings per game (seed order): the big mobile games dominate */
const GAME_WEIGHTS = [22, 12, 16, 10, 9, 7, 7, 6, 6, 5]
const STATUS_WEIGHTS: Array<[GoodsStatus, number]> = [
  ['ON_SALE', 80],
  ['SOLD', 12],
  ['OFF_SHELF', 6],
  ['AUDITING', 2],
]
const PRICE_RANGE_YUAN: Record<GoodsType, [number, number]> = {
  ACCOUNT: [30, 80_000],
  COIN: [5, 3000],
  ITEM: [5, 8000],
  RECHARGE: [5, 650],
}
/** title words: a few very common, many medium, a long tail of rare ones */
const COMMON_WORDS = ['可换绑', '秒发货', '包售后', '支持验号', '诚心出售', '可小刀', '安全', '稀有']
const MEDIUM_WORDS = [
  '典藏',
  '限定',
  '满级',
  '全皮肤',
  '国服',
  '高胜率',
  '初始号',
  '自抽号',
  '毕业号',
  '低价',
  '急售',
  '开服号',
]
const RARE_WORDS = Array.from(
  { length: 400 },
  (_, i) => `绝版${String.fromCharCode(0x4e00 + ((i * 37) % 2000))}${i}`,
)

interface GameInfo {
  id: number
  nameCn: string
  platforms: string[]
  areas: Array<{ id: number; platform: string | null; servers: number[] }>
  types: GoodsTypeConfig[]
}

function attributesFor(fields: AttributeField[], r: Rand): Attributes {
  const attrs: Attributes = {}
  for (const f of fields) {
    if (!f.required && r.next() < 0.35) continue
    if (f.kind === 'select') {
      // skewed: the lower choices are more common
      const options = f.options ?? []
      attrs[f.key] =
        options[Math.min(options.length - 1, Math.floor(Math.pow(r.next(), 1.4) * options.length))]
    } else if (f.kind === 'multiselect') {
      const options = f.options ?? []
      const n = r.int(0, 3)
      const chosen = new Set<string>()
      for (let i = 0; i < n; i++) chosen.add(r.pick(options))
      if (chosen.size > 0) attrs[f.key] = [...chosen]
    } else if (f.kind === 'boolean') attrs[f.key] = r.next() < 0.7
    else if (f.kind === 'number') attrs[f.key] = r.int(f.min ?? 0, f.max ?? 100)
    else attrs[f.key] = r.pick(['史诗道具', '传说装备', '稀有宠物', '限定时装'])
  }
  return attrs
}

function titleFor(game: GameInfo, attrs: Attributes, r: Rand): string {
  const parts = [game.nameCn]
  for (const v of Object.values(attrs).slice(0, 2)) {
    if (typeof v === 'string') parts.push(v)
    else if (Array.isArray(v)) parts.push(v.join(''))
  }
  parts.push(r.pick(COMMON_WORDS))
  if (r.next() < 0.5) parts.push(r.pick(MEDIUM_WORDS))
  if (r.next() < 0.05) parts.push(r.pick(RARE_WORDS))
  return parts.join(' ').slice(0, 60)
}

/** The games of a seeded database with their areas, servers and goods types. */
function loadGames(raw: SQLite.Database): GameInfo[] {
  return (
    raw.prepare('select id, name_cn, platforms from games order by sort').all() as Array<{
      id: number
      name_cn: string
      platforms: string
    }>
  ).map((g) => {
    const servers = raw
      .prepare('select id, parent_id, platform from game_servers where game_id = ? order by sort, id')
      .all(g.id) as Array<{
      id: number
      parent_id: number | null
      platform: string | null
    }>
    const config = raw.prepare('select goods_types from game_configs where game_id = ?').get(g.id) as {
      goods_types: string
    }
    return {
      id: g.id,
      nameCn: g.name_cn,
      platforms: JSON.parse(g.platforms) as string[],
      areas: servers
        .filter((s) => s.parent_id === null)
        .map((a) => ({
          id: a.id,
          platform: a.platform,
          servers: servers.filter((s) => s.parent_id === a.id).map((s) => s.id),
        })),
      types: JSON.parse(config.goods_types) as GoodsTypeConfig[],
    }
  })
}

async function seed(dataDir: string) {
  // the schema comes from the app's migrations
  const app = await buildApp({ dataDir, seedDemo: false, captchaEnabled: false })
  const db = new SQLite(join(dataDir, 'market.db'))
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -262144')
  const now = Date.now()
  const timings: string[] = []
  let t0 = performance.now()

  // games, areas, servers
  const insertGame = db.prepare(
    `insert into games (name_cn, name_en, initial, icon, platforms, hot, sort, description, status)
     values (?, ?, ?, ?, ?, ?, ?, ?, '0')`,
  )
  const insertServer = db.prepare(
    'insert into game_servers (game_id, parent_id, name, platform, sort) values (?, ?, ?, ?, ?)',
  )
  db.transaction(() => {
    for (const [i, g] of GAMES.entries()) {
      const gameId = Number(
        insertGame.run(
          g.nameCn,
          g.nameEn,
          g.initial,
          gameIcon(g),
          JSON.stringify(g.platforms),
          g.hot ? 1 : 0,
          i + 1,
          g.description,
        ).lastInsertRowid,
      )
      for (const [a, area] of g.areas.entries()) {
        const areaId = Number(insertServer.run(gameId, null, area.name, area.platform, a + 1).lastInsertRowid)
        for (const [s, name] of area.servers.entries())
          insertServer.run(gameId, areaId, name, area.platform, s + 1)
      }
    }
  })()
  db.close()

  // configs through the app's own seed code
  await insertGameConfigs(app.db, now)
  await app.close()

  const raw = new SQLite(join(dataDir, 'market.db'))
  // a bulk load on a private file: no journal, no per-row foreign key checks (checked once at the end)
  raw.pragma('journal_mode = OFF')
  raw.pragma('locking_mode = EXCLUSIVE')
  raw.pragma('foreign_keys = OFF')
  raw.pragma('synchronous = OFF')
  raw.pragma('cache_size = -524288')
  const games = loadGames(raw)

  // sellers and a bench user with a token (for the batch preview)
  const insertUser = raw.prepare(
    `insert into users (user_name, nick_name, password_hash, avatar, phone, email, user_code, status, created_at, updated_at)
     values (?, ?, 'x', '', '', '', ?, '0', ?, ?)`,
  )
  raw.transaction(() => {
    for (let i = 1; i <= SELLERS; i++)
      insertUser.run(`seller${i}`, `卖家${i}`, `U${10_000_000 + i}`, now - 400 * DAY, now)
  })()
  const benchToken = BENCH_TOKEN
  raw
    .prepare(
      'insert into user_tokens (token_hash, user_id, created_at, expires_at, ip, user_agent) values (?, 1, ?, ?, ?, ?)',
    )
    .run(createHash('sha256').update(benchToken).digest('hex'), now, now + DAY, '127.0.0.1', 'bench')
  timings.push(`games, configs, ${SELLERS} sellers: ${((performance.now() - t0) / 1000).toFixed(1)} s`)

  // listings: the secondary indexes and the count triggers of the migrations are set aside during the
  // load and rebuilt from their own definitions afterwards (sorting once beats 1M random inserts)
  t0 = performance.now()
  const deferred = raw
    .prepare(
      `select type, name, sql from sqlite_master
       where tbl_name in ('goods', 'goods_attr_index') and type in ('index', 'trigger') and sql is not null`,
    )
    .all() as Array<{ type: string; name: string; sql: string }>
  for (const d of deferred) raw.exec(`drop ${d.type} ${d.name}`)
  raw.exec(
    'create temp table attr_load (game_id, attr_key, attr_value, goods_id, push_at, price, goods_type, server_id)',
  )
  const insertGoods = raw.prepare(
    `insert into goods (id, seller_id, game_id, goods_type, platform, area_id, server_id, title, price, stock, status, attrs,
       cover_image, view_count, follow_count, push_at, push_until, audit_remark, created_at, updated_at, on_sale_at, sold_at, deleted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, 0, ?, ?, '', ?, ?, ?, ?, null)`,
  )
  const insertDesc = raw.prepare('insert into goods_descriptions (goods_id, description) values (?, ?)')
  const insertAttr = raw.prepare('insert into attr_load values (?, ?, ?, ?, ?, ?, ?, ?)')
  const insertFts = raw.prepare('insert into goods_fts (rowid, terms) values (?, ?)')
  const r = prng(42)
  const start = now - 180 * DAY
  const statusWeights = STATUS_WEIGHTS.map(([, w]) => w)
  let onSale = 0
  let attrRows = 0
  const CHUNK = 100_000
  for (let base = 1; base <= LISTINGS; base += CHUNK) {
    raw.transaction(() => {
      for (let id = base; id < Math.min(base + CHUNK, LISTINGS + 1); id++) {
        const game = games[r.weighted(GAME_WEIGHTS)]
        const typeIndex = game.types.length === 1 ? 0 : r.next() < 0.55 ? 0 : r.int(1, game.types.length - 1)
        const type = game.types[typeIndex]
        const area = r.pick(game.areas)
        const serverId = area.servers.length > 0 ? r.pick(area.servers) : null
        const platform = area.platform ?? r.pick(game.platforms)
        const [lo, hi] = PRICE_RANGE_YUAN[type.goodsType]
        const price = Math.round(Math.exp(Math.log(lo) + r.next() * (Math.log(hi) - Math.log(lo))) * 100)
        const status = STATUS_WEIGHTS[r.weighted(statusWeights)][0]
        const attrs = attributesFor(type.attributes, r)
        const title = titleFor(game, attrs, r)
        // chronological ids, like a real table
        const createdAt = start + Math.floor(((id - 1) / LISTINGS) * 180 * DAY)
        const pushed = status === 'ON_SALE' && r.next() < 0.003
        const pushAt = pushed ? now - r.int(1, 5) * 3_600_000 : 0
        const pushUntil = pushed ? now + r.int(1, 20) * 3_600_000 : 0
        insertGoods.run(
          id,
          r.int(1, SELLERS),
          game.id,
          type.goodsType,
          platform,
          area.id,
          serverId,
          title,
          price,
          type.goodsType === 'ACCOUNT' ? 1 : r.int(1, 500),
          status,
          JSON.stringify(attrs),
          r.int(0, 3000),
          pushAt,
          pushUntil,
          createdAt,
          createdAt,
          status === 'AUDITING' ? null : createdAt,
          status === 'SOLD' ? createdAt + DAY : null,
        )
        insertDesc.run(id, `${title}。自用号出售，信息见截图，成交后配合换绑。`)
        if (status === 'ON_SALE') {
          onSale++
          for (const p of filterPairs(type.attributes, attrs)) {
            insertAttr.run(game.id, p.key, p.value, id, pushAt, price, type.goodsType, serverId)
            attrRows++
          }
          insertFts.run(
            id,
            ftsDocument(title, {
              gameId: game.id,
              goodsType: type.goodsType,
              serverId,
              areaId: area.id,
              platform,
            }),
          )
        }
      }
    })()
    process.stdout.write(`\r  inserted ${Math.min(base + CHUNK - 1, LISTINGS).toLocaleString()} listings`)
  }
  process.stdout.write('\n')
  timings.push(`rows: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  let t1 = performance.now()
  raw.exec(`insert into goods_attr_index select * from attr_load order by game_id, attr_key, attr_value, goods_id;
            drop table attr_load;`)
  raw.exec(`insert into goods_counts (game_id, goods_type, area_id, server_id, platform, n)
            select game_id, goods_type, coalesce(area_id, 0), coalesce(server_id, 0), coalesce(platform, ''), count(*)
            from goods where status = 'ON_SALE' and deleted_at is null
            group by 1, 2, 3, 4, 5`)
  timings.push(`attribute index and counts: ${((performance.now() - t1) / 1000).toFixed(1)} s`)
  t1 = performance.now()
  for (const d of deferred) raw.exec(d.sql)
  timings.push(
    `${deferred.length} indexes and triggers rebuilt: ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  )
  timings.push(
    `${LISTINGS.toLocaleString()} listings (${onSale.toLocaleString()} on sale, ${attrRows.toLocaleString()} attribute entries, FTS): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
  t0 = performance.now()
  const broken = raw.prepare('pragma foreign_key_check').all()
  if (broken.length > 0) throw new Error(`foreign keys broken: ${JSON.stringify(broken.slice(0, 3))}`)
  raw.pragma('journal_mode = WAL')
  raw.close()
  timings.push(`foreign key check: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  return { games, timings, benchToken }
}

// ---------------------------------------------------------------------------------------------- load

/** The HTTP client runs in a worker thread so it does not share the server's event loop. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const { port, paths, concurrency, durationMs, count, html } = workerData
// rendered pages are asked for as a browser asks (gzip), and read as bytes: the server's work is timed
const headers = html ? { accept: 'text/html', 'accept-encoding': 'gzip' } : {}
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
const latencies = new Float64Array(count || 1)
const kinds = new Int32Array(count || 1)
let next = 0, done = 0, errors = 0, sample = ''
const deadline = durationMs ? Date.now() + durationMs : Infinity
function once(path) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint()
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        const ok = html ? res.statusCode === 200 || res.statusCode === 404 : res.statusCode === 200 && body.indexOf('"code":200') >= 0
        if (!ok) { errors++; if (!sample) sample = res.statusCode + ' ' + body.toString().slice(0, 200) }
        resolve(Number(process.hrtime.bigint() - t0) / 1e6)
      })
    })
    req.on('error', (e) => { errors++; sample = String(e); resolve(0) })
  })
}
async function lane() {
  for (;;) {
    const i = next++
    if (count ? i >= count : Date.now() >= deadline) return
    const [kind, path] = paths[i % paths.length]
    const ms = await once(path)
    if (count) { latencies[i] = ms; kinds[i] = kind }
    done++
  }
}
const started = Date.now()
Promise.all(Array.from({ length: concurrency }, lane)).then(() => {
  parentPort.postMessage({ latencies, kinds, done, errors, sample, seconds: (Date.now() - started) / 1000 })
  agent.destroy()
})
`

interface LoadResult {
  latencies: Float64Array
  kinds: Int32Array
  done: number
  errors: number
  sample: string
  seconds: number
}

function load(
  port: number,
  paths: Array<[number, string]>,
  /** html: rendered pages (gzip asked for, 200 and 404 count as answers) instead of JSON answers */
  opts: { concurrency: number; durationMs?: number; count?: number; html?: boolean },
) {
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { port, paths, ...opts } })
    worker.once('message', (m: LoadResult) => {
      void worker.terminate()
      resolve(m)
    })
    worker.once('error', reject)
  })
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

// ---------------------------------------------------------------------------------------------- mix

const KINDS = [
  'game (综合)',
  'game + server',
  'game + price range',
  'game + attribute',
  'keyword',
  'game + keyword',
  'sort price_asc',
  'sort price_desc',
  'sort newest',
  'deep page (20-50)',
] as const

function queryMix(games: GameInfo[], n: number, seed = 7): Array<[number, string]> {
  const r = prng(seed)
  const out: Array<[number, string]> = []
  const enc = encodeURIComponent
  const gameOf = () => games[r.weighted(GAME_WEIGHTS)]
  const keywordOf = () => {
    const x = r.next()
    return x < 0.45 ? r.pick(COMMON_WORDS) : x < 0.85 ? r.pick(MEDIUM_WORDS) : r.pick(RARE_WORDS)
  }
  for (let i = 0; i < n; i++) {
    const kind = i % KINDS.length
    const g = gameOf()
    const page = `pageNum=${r.int(1, 3)}&pageSize=20`
    let q: string
    switch (kind) {
      case 0:
        q = `gameId=${g.id}&${page}`
        break
      case 1: {
        const area = r.pick(g.areas)
        q = `gameId=${g.id}&serverId=${r.pick(area.servers)}&${page}`
        break
      }
      case 2: {
        const lo = r.int(1, 2000) * 100
        q = `gameId=${g.id}&priceMin=${lo}&priceMax=${lo * r.int(2, 20)}&${page}`
        break
      }
      case 3: {
        const account = g.types.find((t) => t.goodsType === 'ACCOUNT')!
        const filterable = account.attributes.filter((a) => a.filterable && a.kind !== 'boolean')
        const field = r.pick(
          filterable.length > 0 ? filterable : account.attributes.filter((a) => a.filterable),
        )
        const value = field.kind === 'boolean' ? 'true' : r.pick(field.options ?? [])
        q = `gameId=${g.id}&goodsType=ACCOUNT&${enc(`attrs[${field.key}]`)}=${enc(value)}&${page}`
        break
      }
      case 4:
        q = `keyword=${enc(keywordOf())}&${page}`
        break
      case 5:
        q = `gameId=${g.id}&keyword=${enc(keywordOf())}&${page}`
        break
      case 6:
        q = `gameId=${g.id}&sort=price_asc&${page}`
        break
      case 7:
        q = `gameId=${g.id}&sort=price_desc&${page}`
        break
      case 8:
        q = `gameId=${g.id}&sort=newest&${page}`
        break
      default:
        q = `gameId=${g.id}&pageNum=${r.int(20, 50)}&pageSize=20&sort=${r.pick(['default', 'price_asc', 'newest'])}`
    }
    out.push([kind, `/api/goods/search?${q}`])
  }
  return out
}

// ---------------------------------------------------------------------------------------------- main

/** The answer cache off, the listings' rows kept as JSON (goods/brief-json.ts) as in production. */
const LISTING_ROWS_KEPT = { goodsSearchCacheMs: 0, goodsBriefCacheMs: 30_000 }

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

async function throughput(port: number, paths: Array<[number, string]>) {
  const res = await load(port, paths, { concurrency: 32, durationMs: SECONDS * 1000 })
  return { rps: res.done / res.seconds, errors: res.errors, sample: res.sample }
}

interface Figures {
  p95: number
  /** list throughput over bare node:http: production (answers reused), answers off with the listings' rows kept, nothing kept */
  ratio: number
  keptRatio: number
  coldRatio: number
  rps: number
  /** where the caches-off app listens */
  port: number
}

/**
 * Search latency (caches off) and list throughput beside bare node:http: production, answers off with
 * the listings' rows kept (goods/brief-json.ts), and nothing kept.
 */
async function measure(
  label: string,
  apps: { cold: FastifyInstance; kept: FastifyInstance; warm: FastifyInstance },
  games: GameInfo[],
): Promise<Figures> {
  const coldPort = await listen(apps.cold)
  const keptPort = await listen(apps.kept)
  const warmPort = await listen(apps.warm)
  // warm-up: the OS page cache and the database's, as on a server that has been running
  const mix = queryMix(games, QUERIES)
  await load(coldPort, queryMix(games, 1000, 99), { concurrency: 2, count: 1000 })

  const res = await load(coldPort, mix, { concurrency: CONCURRENCY, count: mix.length })
  console.log(
    `\n${label}: search latency over HTTP, caches off, ${mix.length} requests, concurrency ${CONCURRENCY} (${(res.done / res.seconds).toFixed(0)} req/s, ${res.errors} errors)`,
  )
  if (res.errors > 0) console.log(`  first error: ${res.sample}`)
  console.log(
    `  ${'kind'.padEnd(22)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  )
  const row = (name: string, values: number[]) => {
    const s = [...values].sort((a, b) => a - b)
    console.log(
      `  ${name.padEnd(22)} ${String(s.length).padStart(5)} ${pct(s, 50).toFixed(2).padStart(8)} ${pct(s, 95).toFixed(2).padStart(8)} ${pct(s, 99).toFixed(2).padStart(8)} ${s[s.length - 1].toFixed(2).padStart(8)}`,
    )
    return pct(s, 95)
  }
  const all: number[] = []
  KINDS.forEach((name, kind) => {
    const values: number[] = []
    for (let i = 0; i < res.kinds.length; i++) if (res.kinds[i] === kind) values.push(res.latencies[i])
    all.push(...values)
    row(name, values)
  })
  const p95 = row('overall', all)

  // list throughput: a game's first page (the list page as opened from the home page)
  const listPaths: Array<[number, string]> = games.map((g) => [
    0,
    `/api/goods/search?gameId=${g.id}&pageNum=1&pageSize=20`,
  ])
  const sampleBody = await (await fetch(`http://127.0.0.1:${coldPort}${listPaths[0][1]}`)).text()
  const bare: Server = createServer((_req, reply) => {
    reply.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(sampleBody),
    })
    reply.end(sampleBody)
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const barePort = (bare.address() as AddressInfo).port

  console.log(
    `\n${label}: list throughput, ${SECONDS} s each, concurrency 32, keep-alive, body ${Buffer.byteLength(sampleBody)} bytes`,
  )
  const bareRun = await throughput(barePort, listPaths)
  const warmRun = await throughput(warmPort, listPaths)
  const keptRun = await throughput(keptPort, listPaths)
  const coldRun = await throughput(coldPort, listPaths)
  const line = (name: string, run: { rps: number; errors: number }) =>
    console.log(
      `  ${name.padEnd(52)}: ${run.rps.toFixed(0).padStart(6)} req/s  ratio ${(run.rps / bareRun.rps).toFixed(2)}  (${run.errors} errors)`,
    )
  console.log(
    `  ${'bare node:http, pre-serialised body'.padEnd(52)}: ${bareRun.rps.toFixed(0).padStart(6)} req/s`,
  )
  line('app, production (answers reused 3 s)', warmRun)
  line("app, answers off, listings' rows kept (ids from the db)", keptRun)
  line('app, nothing kept (rows from the db, serialised)', coldRun)
  bare.close()
  return {
    p95,
    ratio: warmRun.rps / bareRun.rps,
    keptRatio: keptRun.rps / bareRun.rps,
    coldRatio: coldRun.rps / bareRun.rps,
    rps: res.done / res.seconds,
    port: coldPort,
  }
}

/**
 * Copies the seeded SQLite database into a new PostgreSQL database (random name) made by the app's
 * migrations: each table streamed as CSV into `psql \copy` (COPY FROM STDIN) with triggers and
 * foreign-key checks off for the session, goods.search_terms computed on the way (through the GIN
 * pending list, flushed afterwards), then sequences moved past the ids and VACUUM ANALYZE.
 */
async function copyToPostgres(sqliteDir: string, adminUrl: string) {
  const dbName = `bench_search_${Math.random().toString(36).slice(2, 10)}`
  const url = await createScratchDatabase(adminUrl, dbName)
  const dataDir = join(sqliteDir, 'pg')
  const drop = () => dropScratchDatabase(adminUrl, dbName)
  try {
    const schema = await buildApp({
      dataDir,
      databaseUrl: url,
      seedDemo: false,
      captchaEnabled: false,
    })
    await schema.close()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const tables = [
      'games',
      'game_servers',
      'game_configs',
      'users',
      'user_tokens',
      'goods',
      'goods_attr_index',
      'goods_counts',
    ]
    await client.query(`truncate ${tables.join(', ')} cascade`)
    // the load goes through the GIN pending list (batched), moved into the index after the COPY
    await client.query('alter index goods_search_terms set (fastupdate = on)')
    const raw = new SQLite(join(sqliteDir, 'market.db'), { readonly: true })
    const csv = (v: unknown) => (v === null || v === undefined ? '' : `"${String(v).replace(/"/g, '""')}"`)
    for (const table of tables) {
      const pgColumns = new Set(
        (
          await client.query(`select column_name from information_schema.columns where table_name = $1`, [
            table,
          ])
        ).rows.map((r: { column_name: string }) => r.column_name),
      )
      const columns = (raw.prepare(`pragma table_info(${table})`).all() as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((c) => pgColumns.has(c))
      const withTerms = table === 'goods'
      const list = [...columns, ...(withTerms ? ['search_terms'] : [])]
      const psql = spawn(
        'psql',
        [
          url,
          '-q',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          'set session_replication_role = replica',
          '-c',
          `\\copy ${table} (${list.join(', ')}) from stdin with (format csv)`,
        ],
        { stdio: ['pipe', 'inherit', 'inherit'] },
      )
      const done = new Promise<number | null>((resolve) => psql.once('exit', resolve))
      let buffer = ''
      for (const row of raw.prepare(`select * from ${table}`).iterate() as Iterable<
        Record<string, unknown>
      >) {
        const values = columns.map((c) => csv(row[c]))
        if (withTerms) {
          const terms =
            row.status === 'ON_SALE' && row.deleted_at === null
              ? storedSearchTerms(Number(row.id), String(row.title), {
                  gameId: Number(row.game_id),
                  goodsType: row.goods_type as GoodsType,
                  serverId: row.server_id as number | null,
                  areaId: row.area_id as number | null,
                  platform: row.platform as string | null,
                })
              : null
          values.push(terms ? csv(`{${terms.map((t) => `"${t}"`).join(',')}}`) : '')
        }
        buffer += values.join(',') + '\n'
        if (buffer.length > 1 << 20) {
          if (!psql.stdin.write(buffer)) await new Promise((r) => psql.stdin.once('drain', r))
          buffer = ''
        }
      }
      psql.stdin.end(buffer)
      if ((await done) !== 0) throw new Error(`COPY of ${table} failed`)
      if (columns.includes('id'))
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
        )
    }
    raw.close()
    await client.query(`select gin_clean_pending_list('goods_search_terms'::regclass)`)
    await client.query('alter index goods_search_terms set (fastupdate = off)')
    // as autovacuum leaves a running server: statistics, visibility map
    await client.query('vacuum analyze')
    await client.end()
  } catch (err) {
    await drop()
    throw err
  }
  return { dbName, url, dataDir, drop, keep: () => Promise.resolve() }
}

/** The SQLite runs: search latency and list throughput, rendered pages, the batch preview. */
async function sqlitePhases(dataDir: string, games: GameInfo[], benchToken: string) {
  // the app twice on the same file: caches off (every answer from the database) and as in production
  // the cold app also renders the public pages when the web bundle and page renderer are built
  // SQL_PROFILE times the statements of these apps (docs/scaling.md); buildApp reads no environment
  const env = { ...NO_ENV, sqlProfile: process.env.SQL_PROFILE }
  const cold = await buildApp({
    env,
    dataDir,
    seedDemo: false,
    captchaEnabled: false,
    goodsSearchCacheMs: 0,
    webRoot: WEB_ROOT,
    ssrEntry: SSR_ENTRY,
    pageCacheMs: 0,
  })
  const warm = await buildApp({ env, dataDir, seedDemo: false, captchaEnabled: false })
  const kept = await buildApp({ ...LISTING_ROWS_KEPT, env, dataDir, seedDemo: false, captchaEnabled: false })
  const sqlite = await measure('SQLite', { cold, kept, warm }, games)
  const coldPort = sqlite.port
  const row = (name: string, values: number[]) => {
    const s = [...values].sort((a, b) => a - b)
    console.log(
      `  ${name.padEnd(22)} ${String(s.length).padStart(5)} ${pct(s, 50).toFixed(2).padStart(8)} ${pct(s, 95).toFixed(2).padStart(8)} ${pct(s, 99).toFixed(2).padStart(8)} ${s[s.length - 1].toFixed(2).padStart(8)}`,
    )
    return pct(s, 95)
  }

  // rendered pages (docs/ssr.md): the same app, caches off, HTML of a listing and of a game's list
  const renderP95: Record<string, number> = {}
  if (existsSync(SSR_ENTRY) && existsSync(join(WEB_ROOT, 'index.html'))) {
    const r = prng(11)
    const pages: Array<[string, () => string]> = [
      ['detail', () => `/detail/${r.int(1, LISTINGS)}.html`],
      ['list', () => `/list.html?gameId=${r.pick(games).id}`],
    ]
    console.log(
      `\nrendered pages over HTTP, caches off, ${RENDERS} each, one at a time, gzip as a browser asks`,
    )
    for (const [name, next] of pages) {
      // from the client thread, as the throughput runs: the bench's own reading of ~300 KB pages
      // stays off the server's event loop (it was ~10 % of it when fetched here)
      const paths = (n: number) => Array.from({ length: n }, (): [number, string] => [0, next()])
      await load(coldPort, paths(20), { concurrency: 1, count: 20, html: true })
      const res = await load(coldPort, paths(RENDERS), { concurrency: 1, count: RENDERS, html: true })
      renderP95[name] = row(`render ${name}`, [...res.latencies])
      if (res.errors > 0) console.log(`  ${res.errors} answers other than 200/404, first: ${res.sample}`)
    }
  } else {
    console.log('\nrendered pages: skipped (run npm run build:web first)')
  }

  // batch preview of 1,000 rows over HTTP
  const king = games.find((g) => g.nameCn === '王者荣耀')!
  const account = king.types.find((t) => t.goodsType === 'ACCOUNT')!
  const area = (
    await cold.db
      .selectFrom('game_servers')
      .select(['id', 'name'])
      .where('id', '=', king.areas[0].id)
      .executeTakeFirstOrThrow()
  ).name
  const server = (
    await cold.db
      .selectFrom('game_servers')
      .select('name')
      .where('id', '=', king.areas[0].servers[0])
      .executeTakeFirstOrThrow()
  ).name
  const header = [
    '标题',
    '描述',
    '价格(元)',
    '库存',
    '平台',
    '大区',
    '服务器',
    ...account.attributes.map((a) => a.label),
  ]
  const value = (a: AttributeField) =>
    a.kind === 'select'
      ? a.options![0]
      : a.kind === 'number'
        ? String(a.min ?? 1)
        : a.kind === 'boolean'
          ? '是'
          : a.kind === 'multiselect'
            ? a.options!.slice(0, 2).join('、')
            : ''
  const lines = [header.join(',')]
  for (let i = 0; i < 1000; i++)
    lines.push(
      [
        `批量账号${i}`,
        '批量导入的账号',
        `${100 + i}.00`,
        '1',
        '',
        area,
        server,
        ...account.attributes.map(value),
      ].join(','),
    )
  const form = new FormData()
  form.append('gameId', String(king.id))
  form.append('goodsType', 'ACCOUNT')
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'batch.csv')
  const previewStarted = performance.now()
  const preview = (await (
    await fetch(`http://127.0.0.1:${coldPort}/api/goods/seller/batch/preview`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${benchToken}` },
    })
  ).json()) as { code: number; msg: string; data?: { validRows: number } }
  const previewMs = performance.now() - previewStarted
  console.log(
    `\nbatch preview, 1,000 CSV rows over HTTP: ${previewMs.toFixed(0)} ms (code ${preview.code}, ${preview.data?.validRows ?? preview.msg} valid)`,
  )

  await cold.close()
  await warm.close()
  await kept.close()
  return { sqlite, renderP95, previewMs }
}

/** A database kept by an earlier run (BENCH_PG_DB): migrated by the app on start, never dropped. */
function reusePostgres(sqliteDir: string, adminUrl: string, dbName: string) {
  if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`BENCH_PG_DB: not a database name: ${dbName}`)
  const done = () => Promise.resolve()
  return {
    dbName,
    url: databaseUrlOf(adminUrl, dbName),
    dataDir: join(sqliteDir, 'pg'),
    drop: done,
    keep: done,
  }
}

async function main() {
  const started = performance.now()
  const dataDir = REUSE_DIR ?? (await mkdtemp(join(tmpdir(), 'bench-search-')))
  const keepDir = process.env.BENCH_KEEP === '1' || REUSE_DIR !== undefined
  console.log(`bench-search: ${LISTINGS.toLocaleString()} listings in ${dataDir}`)
  try {
    let games: GameInfo[]
    if (REUSE_DIR) {
      const raw = new SQLite(join(dataDir, 'market.db'), { readonly: true })
      games = loadGames(raw)
      raw.close()
      console.log('\nseeding: skipped, the kept seed is reused (BENCH_DIR)')
    } else {
      const seedStarted = performance.now()
      const seeded = await seed(dataDir)
      games = seeded.games
      const seedSeconds = (performance.now() - seedStarted) / 1000
      const size = (await stat(join(dataDir, 'market.db'))).size
      console.log(`\nseeding: ${seedSeconds.toFixed(1)} s, database ${(size / 1024 / 1024).toFixed(0)} MB`)
      for (const line of seeded.timings) console.log(`  ${line}`)
    }
    const sqliteRun = SQLITE_PHASES ? await sqlitePhases(dataDir, games, BENCH_TOKEN) : null
    if (!sqliteRun) console.log('\nSQLite: skipped (BENCH_SQLITE=0)')

    // DATABASE_URL: the same data copied into a new PostgreSQL database with COPY, the same runs
    if (process.env.DATABASE_URL) {
      const pgStarted = performance.now()
      const copy = REUSE_PG_DB
        ? reusePostgres(dataDir, process.env.DATABASE_URL, REUSE_PG_DB)
        : await copyToPostgres(dataDir, process.env.DATABASE_URL)
      console.log(
        REUSE_PG_DB
          ? `\nPostgreSQL: ${copy.dbName}, reused (BENCH_PG_DB)`
          : `\nPostgreSQL: ${copy.dbName}, copied with COPY in ${((performance.now() - pgStarted) / 1000).toFixed(1)} s`,
      )
      try {
        const pgCold = await buildApp({
          dataDir: copy.dataDir,
          databaseUrl: copy.url,
          seedDemo: false,
          captchaEnabled: false,
          goodsSearchCacheMs: 0,
        })
        const pgWarm = await buildApp({
          dataDir: copy.dataDir,
          databaseUrl: copy.url,
          seedDemo: false,
          captchaEnabled: false,
        })
        const pgKept = await buildApp({
          ...LISTING_ROWS_KEPT,
          dataDir: copy.dataDir,
          databaseUrl: copy.url,
          seedDemo: false,
          captchaEnabled: false,
        })
        const pgFigures = await measure('PostgreSQL', { cold: pgCold, kept: pgKept, warm: pgWarm }, games)
        await pgCold.close()
        await pgKept.close()
        await pgWarm.close()
        const sqlite = sqliteRun?.sqlite
        const both = (a: number | undefined, b: number, digits: number) =>
          `${(a === undefined ? '-' : a.toFixed(digits)).padStart(9)} ${b.toFixed(digits).padStart(11)}`
        console.log('\n                          SQLite   PostgreSQL')
        console.log(`  search p95 (ms)       ${both(sqlite?.p95, pgFigures.p95, 2)}`)
        console.log(`  search req/s          ${both(sqlite?.rps, pgFigures.rps, 0)}`)
        console.log(`  list ratio, cached    ${both(sqlite?.ratio, pgFigures.ratio, 2)}`)
        console.log(`  list ratio, rows kept ${both(sqlite?.keptRatio, pgFigures.keptRatio, 2)}`)
        console.log(`  list ratio, nothing   ${both(sqlite?.coldRatio, pgFigures.coldRatio, 2)}`)
      } finally {
        if (process.env.BENCH_KEEP === '1' || REUSE_PG_DB) {
          console.log(`kept PostgreSQL database ${copy.dbName}`)
          await copy.keep()
        } else await copy.drop()
      }
    }
    if (sqliteRun) {
      const { sqlite, renderP95, previewMs } = sqliteRun
      const { p95, ratio, keptRatio, coldRatio } = sqlite
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met')
      const renders = Object.values(renderP95)
      console.log(
        `\ntargets (SQLite): search p95 ${p95.toFixed(2)} ms (≤ 25: ${met(p95 <= 25)}); render p95 ${
          Object.entries(renderP95)
            .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
            .join(', ') || 'not measured'
        } (≤ 30: ${renders.length > 0 ? met(renders.every((v) => v <= 30)) : 'not measured'}); list throughput ratio without the answer cache ${keptRatio.toFixed(2)} (≥ 0.3: ${met(keptRatio >= 0.3)}), with it ${ratio.toFixed(2)}, with nothing kept ${coldRatio.toFixed(2)}; 1,000-row preview ${previewMs.toFixed(0)} ms (< 2000: ${met(previewMs < 2000)})`,
      )
    }
    console.log(`total bench time ${((performance.now() - started) / 1000).toFixed(0)} s`)
  } finally {
    if (keepDir) console.log(`kept ${dataDir}`)
    else await rm(dataDir, { recursive: true, force: true })
  }
}

await main()

/**
 * `npm run bench:ai`: AI drawing with the built-in sandbox provider (docs/ai-drawing.md, "Speed").
 *
 * 1. Jobs: a scratch database, 20 users each queue 10 jobs at once (200 jobs, 1–2 pictures each)
 *    through the service (the same checks as the HTTP route); the worker draws them with bounded
 *    concurrency. Prints jobs/s and pictures/s from the first queueing to the last finish, the queue
 *    wait (claimed − queued) p50/p95, and checks that no job is lost (all 200 succeeded) or done
 *    twice (each claimed once, exactly `count` works per job, one stored image per work).
 * 2. Gallery: 100,000 works bulk-inserted (70 % public), then the gallery's first page (newest, most
 *    liked, one style) answered by the real app through inject: p50/p95 with the module's indexes,
 *    and the same queries again without them as the baseline.
 *
 * Options (env): BENCH_WORKS (100000), BENCH_REQUESTS (300 per query kind), AI_CONCURRENCY (2),
 * AI_SANDBOX_LATENCY_MS (50), BENCH_KEEP=1 keeps the temp dirs.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/server/app'

const WORKS = Number(process.env.BENCH_WORKS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const CONCURRENCY = Number(process.env.AI_CONCURRENCY ?? 2)
const LATENCY = Number(process.env.AI_SANDBOX_LATENCY_MS ?? 50)
const USERS = 20
const JOBS_PER_USER = 10
const STYLES = ['anime', 'realistic', 'ink', 'pixel', 'cyberpunk', 'watercolor', '3d']

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (n: number) => `${n.toFixed(1)} ms`

async function addUsers(app: FastifyInstance, n: number, now: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const row = await app.db
      .insertInto('users')
      .values({
        user_name: `bench${i}`,
        nick_name: `压测用户${i}`,
        password_hash: 'x',
        avatar: '',
        phone: '',
        email: '',
        user_code: `B${i}`,
        status: '0',
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(row.id)
  }
  return ids
}

async function setConfig(app: FastifyInstance, key: string, value: string) {
  await app.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', key).execute()
}

async function benchJobs() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-ai-jobs-'))
  const app = await buildApp({
    dataDir: dir,
    seedDemo: false,
    captchaEnabled: false,
    ai: { provider: 'sandbox', sandboxLatencyMs: LATENCY, concurrency: CONCURRENCY, pollMs: 50 },
  })
  try {
    await setConfig(app, 'ai.draw.dailyQuota', '1000')
    await setConfig(app, 'ai.draw.maxConcurrent', String(JOBS_PER_USER))
    const users = await addUsers(app, USERS, Date.now())
    const started = Date.now()
    await Promise.all(
      users.map(async (userId, u) => {
        for (let j = 0; j < JOBS_PER_USER; j++) {
          await app.ai.create(userId, {
            prompt: `压测 ${u}-${j} 山海之间的城堡`,
            style: STYLES[(u + j) % STYLES.length]!,
            size: (['square', 'cover', 'poster'] as const)[j % 3]!,
            count: 1 + ((u + j) % 2),
          })
        }
      }),
    )
    const queuedIn = Date.now() - started
    for (;;) {
      const open = await app.db
        .selectFrom('ai_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow()
      if (Number(open.n) === 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
    await app.ai.idle()
    const jobs = await app.db.selectFrom('ai_jobs').selectAll().execute()
    const finished = Math.max(...jobs.map((j) => Number(j.finished_at)))
    const seconds = (finished - started) / 1000
    const works = await app.db.selectFrom('ai_works').select(['job_id', 'image_id']).execute()
    const images = await app.db.selectFrom('goods_images').select('id').execute()
    const waits = jobs.map((j) => Number(j.started_at) - Number(j.created_at)).sort((a, b) => a - b)
    const perJob = new Map<number, number>()
    for (const w of works) perJob.set(w.job_id, (perJob.get(w.job_id) ?? 0) + 1)
    const pictures = jobs.reduce((s, j) => s + j.count, 0)
    const lost = USERS * JOBS_PER_USER - jobs.filter((j) => j.status === 'succeeded').length
    const twice =
      jobs.filter((j) => j.attempts !== 1 || perJob.get(j.id) !== j.count).length +
      (new Set(works.map((w) => w.image_id)).size !== works.length ? 1 : 0) +
      (images.length !== works.length ? 1 : 0)
    console.log(
      `\n== jobs: ${jobs.length} jobs from ${USERS} users, ${pictures} pictures, sandbox ${LATENCY} ms/picture, worker concurrency ${CONCURRENCY}`,
    )
    console.log(`queued all in ${queuedIn} ms; done in ${seconds.toFixed(2)} s`)
    console.log(
      `throughput: ${(jobs.length / seconds).toFixed(1)} jobs/s, ${(pictures / seconds).toFixed(1)} pictures/s`,
    )
    console.log(
      `queue wait: p50 ${ms(pct(waits, 50))} · p95 ${ms(pct(waits, 95))} · max ${ms(waits.at(-1)!)}`,
    )
    console.log(
      `lost: ${lost} · done twice: ${twice} (works ${works.length}, stored images ${images.length}) → ${lost === 0 && twice === 0 ? 'OK' : 'FAILED'}`,
    )
    if (lost || twice) process.exitCode = 1
  } finally {
    await app.close()
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true })
  }
}

function bulkWorks(file: string, userIds: number[], now: number) {
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  let seed = 12345
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
  const job = db.prepare(
    `insert into ai_jobs (user_id, prompt, negative_prompt, style, size, width, height, count, seed, status, progress, attempts, provider, next_attempt_at, created_at, started_at, finished_at)
     values (?, ?, '', ?, 'square', 1024, 1024, 4, 1, 'succeeded', 100, 1, 'sandbox', ?, ?, ?, ?)`,
  )
  const work = db.prepare(
    `insert into ai_works (job_id, idx, user_id, image_id, width, height, prompt, negative_prompt, style, size, seed, published, published_at, hidden, deleted, visible, like_count, fav_count, created_at)
     values (?, ?, ?, ?, 1024, 1024, ?, '', ?, 'square', ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  )
  db.transaction(() => {
    for (let i = 0; i < WORKS; i += 4) {
      const user = userIds[i % userIds.length]!
      const style = STYLES[Math.floor(rand() * STYLES.length)]!
      const at = now - Math.floor(rand() * 90 * 86_400_000)
      const prompt = `作品 ${i} 的描述`
      const jobId = Number(job.run(user, prompt, style, at, at, at, at).lastInsertRowid)
      for (let k = 0; k < 4 && i + k < WORKS; k++) {
        const published = rand() < 0.75 ? 1 : 0
        const hidden = rand() < 0.05 ? 1 : 0
        const likes = Math.floor(rand() ** 3 * 500)
        work.run(
          jobId,
          k,
          user,
          (i + k).toString(16).padStart(32, '0'),
          prompt,
          style,
          k,
          published,
          published ? at + k : null,
          hidden,
          published && !hidden ? 1 : 0,
          likes,
          Math.floor(likes / 3),
          at,
        )
      }
    }
  })()
  db.exec('analyze')
  db.close()
}

async function measure(app: FastifyInstance, label: string) {
  const kinds = [
    ['newest', '/api/ai/work/gallery?pageNum=1&pageSize=24'],
    ['most liked', '/api/ai/work/gallery?pageNum=1&pageSize=24&sort=hot'],
    ['one style', '/api/ai/work/gallery?pageNum=1&pageSize=24&style=ink'],
  ] as const
  const all: number[] = []
  const lines: string[] = []
  let ip = 1
  for (const [kind, url] of kinds) {
    const times: number[] = []
    for (let i = 0; i < REQUESTS + 20; i++) {
      const t0 = performance.now()
      const res = await app.inject({
        method: 'GET',
        url,
        remoteAddress: `10.9.${(ip >> 8) & 255}.${ip++ & 255}`,
      })
      const t = performance.now() - t0
      if (res.json().code !== 200) throw new Error(`gallery answered ${res.body.slice(0, 200)}`)
      if (i >= 20) times.push(t) // warm-up excluded
    }
    times.sort((a, b) => a - b)
    all.push(...times)
    lines.push(`  ${kind.padEnd(11)} p50 ${ms(pct(times, 50))} · p95 ${ms(pct(times, 95))}`)
  }
  all.sort((a, b) => a - b)
  console.log(`${label}: p50 ${ms(pct(all, 50))} · p95 ${ms(pct(all, 95))} · p99 ${ms(pct(all, 99))}`)
  for (const line of lines) console.log(line)
  return pct(all, 95)
}

async function benchGallery() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-ai-gallery-'))
  let app = await buildApp({ dataDir: dir, seedDemo: false, captchaEnabled: false, ai: { provider: 'off' } })
  const users = await addUsers(app, 200, Date.now())
  await app.close()
  const loading = Date.now()
  bulkWorks(join(dir, 'market.db'), users, Date.now())
  console.log(
    `\n== gallery: ${WORKS.toLocaleString('en')} works loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s; first page of 24, ${REQUESTS} requests per kind, through the app (inject)`,
  )
  try {
    app = await buildApp({ dataDir: dir, seedDemo: false, captchaEnabled: false, ai: { provider: 'off' } })
    const indexed = await measure(app, 'with the gallery indexes')
    await app.close()
    const db = new SQLite(join(dir, 'market.db'))
    for (const name of ['ai_works_gallery_new_idx', 'ai_works_gallery_hot_idx', 'ai_works_gallery_style_idx'])
      db.exec(`drop index ${name}`)
    db.exec('analyze')
    db.close()
    app = await buildApp({ dataDir: dir, seedDemo: false, captchaEnabled: false, ai: { provider: 'off' } })
    const baseline = await measure(app, 'baseline, same queries without them')
    console.log(
      `target p95 ≤ 20 ms: ${indexed <= 20 ? 'met' : 'MISSED'} (${ms(indexed)}; baseline ${ms(baseline)}, ${(baseline / indexed).toFixed(1)}× slower)`,
    )
    if (indexed > 20) process.exitCode = 1
  } finally {
    await app.close()
    if (!process.env.BENCH_KEEP) await rm(dir, { recursive: true, force: true })
  }
}

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')} (other processes share it)`,
)
if (!process.env.BENCH_GALLERY_ONLY) await benchJobs()
await benchGallery()

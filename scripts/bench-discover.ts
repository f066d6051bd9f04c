/**
 * `npx tsx scripts/bench-discover.ts`: latency of the similar-listings and suggestion endpoints on
 * the seeded demo database (docs/valuation.md). Builds the app on a fresh demo-seeded SQLite data dir
 * in a temp folder and calls it in-process (`inject`, a fresh client address per call so the rate
 * limit does not bite), printing p50/p95 for each endpoint twice: as served (the 30 s answer caches
 * on) and cold (the caches cleared before every call, so every answer comes from the database).
 *
 * Options (env): BENCH_REQUESTS (default 400 per series).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../src/server/app'
import type { Db } from '../src/server/db'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400)

function pct(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-discover-'))
  const app = await buildApp({ dataDir, seedDemo: true, logger: false })
  await app.ready()
  const db = (app as unknown as { db: Db }).db
  const invalidation = (app as unknown as { invalidation: { emit(topic: string): void } }).invalidation
  const onSale = await db
    .selectFrom('goods')
    .select(['id', 'game_id', 'title'])
    .where('status', '=', 'ON_SALE')
    .execute()
  // keywords: the first two letters of each title's first run, and whole first runs
  const words = [
    ...new Set(
      onSale.flatMap((g) => {
        const run = (g.title.match(/[\p{L}\p{N}]+/gu) ?? [''])[0]
        return [[...run].slice(0, 2).join(''), run.slice(0, 8)]
      }),
    ),
  ].filter(Boolean)
  let ip = 0
  const hit = async (url: string) => {
    ip += 1
    const t0 = performance.now()
    const res = await app.inject({ method: 'GET', url, remoteAddress: `10.9.${(ip >> 8) & 255}.${ip & 255}` })
    const ms = performance.now() - t0
    const code = (res.json() as { code: number }).code
    if (code !== 200) throw new Error(`${url}: ${res.body}`)
    return ms
  }
  const series = async (name: string, urlOf: (i: number) => string, cold: boolean) => {
    const times: number[] = []
    for (let i = 0; i < 20; i++) await hit(urlOf(i)) // warm-up (JIT, statement cache)
    for (let i = 0; i < REQUESTS; i++) {
      if (cold) invalidation.emit('goods')
      times.push(await hit(urlOf(i)))
    }
    times.sort((a, b) => a - b)
    console.log(
      `${name.padEnd(28)} n=${REQUESTS}  p50 ${pct(times, 0.5).toFixed(2)} ms  p95 ${pct(times, 0.95).toFixed(2)} ms  max ${times[times.length - 1].toFixed(2)} ms`,
    )
  }
  console.log(`demo database: ${onSale.length} listings on sale, ${words.length} keywords`)
  const similar = (i: number) => `/api/discover/similar/${onSale[i % onSale.length].id}`
  const suggest = (i: number) => {
    const g = onSale[i % onSale.length]
    const w = words[i % words.length]
    return `/api/discover/suggest?keyword=${encodeURIComponent(w)}${i % 2 ? `&gameId=${g.game_id}` : ''}`
  }
  await series('similar (as served)', similar, false)
  await series('similar (cold)', similar, true)
  await series('suggest (as served)', suggest, false)
  await series('suggest (cold)', suggest, true)
  await app.close()
  await rm(dataDir, { recursive: true, force: true })
}

void main()

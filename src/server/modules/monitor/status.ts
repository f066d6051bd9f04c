/**
 * 系统状态 (docs/operations.md, "Monitoring"): the figures of /metrics for the console — this
 * process, its database and Redis, the jobs, the requests of the last minutes, the payments by state.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { sql } from 'kysely'
import type { StatusJob, SystemStatus } from '../../../shared/api/monitor'
import type { Jobs } from '../../cluster/jobs'
import type { SharedState } from '../../cluster/state'
import type { Db, DbDialect } from '../../db'
import type { AppMetrics } from '../../plugins/metrics'
import type { EventBus } from '../events/bus'
import type { PayStateCounts } from '../pay/state-counts'

/** The version in the nearest package.json above this file (sources and the built server alike). */
function appVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }
      if (pkg.version) return pkg.version
    } catch {
      // not here: one folder up
    }
    dir = dirname(dir)
  }
  return 'unknown'
}

const VERSION = appVersion()
const CHECK_TIMEOUT_MS = 2000

const within = <T>(work: Promise<T>, fallback: T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer))
}

/** How far past its period a job's next run is (ms), from its last start in this process. */
export function overdueMs(job: { everyMs: number; lastStartedAt: number }, now: number): number | null {
  if (job.lastStartedAt === 0) return null
  if (job.everyMs === 0) return 0
  return Math.max(0, now - job.lastStartedAt - job.everyMs)
}

/** The pool's figures as the metrics have them (plugins/metrics.ts: PostgreSQL only). */
async function poolUse(metrics: AppMetrics): Promise<SystemStatus['database']['pool']> {
  const [total, idle, waiting, max] = await Promise.all([
    metrics.value('db_pool_connections', { state: 'total' }),
    metrics.value('db_pool_connections', { state: 'idle' }),
    metrics.value('db_pool_connections', { state: 'waiting' }),
    metrics.value('db_pool_max'),
  ])
  if (total === undefined || idle === undefined || waiting === undefined || max === undefined) return null
  return { total, idle, waiting, max }
}

export interface StatusDeps {
  db: Db
  dialect: DbDialect
  shared: SharedState
  jobs: Jobs
  bus: EventBus
  metrics: AppMetrics
  pendingMigrations: () => Promise<string[]>
  payCounts: () => Promise<PayStateCounts>
}

export function statusService(deps: StatusDeps) {
  let loop: IntervalHistogram | null = null
  return {
    async status(): Promise<SystemStatus> {
      const now = Date.now()
      // the event-loop delay is measured from the first look on (test apps never pay for it)
      let eventLoop: SystemStatus['eventLoop'] = null
      if (loop && loop.count > 0) {
        eventLoop = {
          p50Ms: loop.percentile(50) / 1e6,
          p99Ms: loop.percentile(99) / 1e6,
          maxMs: loop.max / 1e6,
        }
        loop.reset()
      } else if (!loop) {
        loop = monitorEventLoopDelay({ resolution: 20 })
        loop.enable()
      }
      const up = await within(
        sql`select 1`.execute(deps.db).then(() => true),
        false,
      )
      const [pendingMigrations, redis, pay] = await Promise.all([
        up ? within(deps.pendingMigrations(), [] as string[]) : Promise.resolve([] as string[]),
        deps.shared.kind === 'redis'
          ? within(
              deps.shared.ping().then((ok): 'ok' | 'down' => (ok ? 'ok' : 'down')),
              'down' as const,
            )
          : Promise.resolve('unused' as const),
        up
          ? within(deps.payCounts(), { attempts: {}, payouts: {}, refunds: {} })
          : Promise.resolve({ attempts: {}, payouts: {}, refunds: {} }),
      ])
      const memory = process.memoryUsage()
      const jobs: StatusJob[] = deps.jobs.list().map((j) => ({
        name: j.name,
        mode: j.mode,
        everyMs: j.everyMs,
        runs: j.runs,
        failures: j.failures,
        lastStartedAt: j.lastStartedAt || null,
        lastDurationMs:
          j.runs > 0 && j.lastEndedAt >= j.lastStartedAt ? j.lastEndedAt - j.lastStartedAt : null,
        lastLagMs: j.runs > 0 ? j.lastLagMs : null,
        overdueMs: overdueMs(j, now),
      }))
      return {
        at: now,
        version: VERSION,
        node: process.version,
        pid: process.pid,
        uptimeSeconds: Math.round(process.uptime()),
        memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
        database: { kind: deps.dialect, up, pool: await poolUse(deps.metrics), pendingMigrations },
        redis,
        eventLoop,
        requests: deps.metrics.recentMinutes().map((m) => ({
          at: m.at,
          requests: m.requests,
          errors: m.errors,
          meanMs: m.requests > 0 ? Math.round((m.seconds / m.requests) * 10_000) / 10 : 0,
        })),
        jobs,
        pay,
        liveConnections: deps.bus.listenerCount(),
      }
    },
    close() {
      loop?.disable()
    },
  }
}

export type StatusService = ReturnType<typeof statusService>

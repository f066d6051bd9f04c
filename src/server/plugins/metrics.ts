/**
 * Metrics in the Prometheus text format at GET /metrics (docs/operations.md, "Monitoring"), one
 * prom-client Registry per app (tests build several apps in one process; the global default
 * registry is never used):
 *
 * - requests: `http_requests_total{method,route,code}` and `http_request_duration_seconds{method,route}`
 *   (a histogram). `route` is the route's template (`/api/goods/:goodsId`), `/assets/*` for the web
 *   bundle's files, `unmatched` for /api paths of no route, `page` for the other paths the not-found
 *   handler answers (rendered pages, the app's shell); `code` the business code of an error envelope (API errors are HTTP 200 with the code in
 *   the body: plugins/envelope.ts), else the HTTP status. The live-event stream is not timed.
 * - the process: prom-client's default metrics (CPU, memory, GC, handles, event-loop lag), started
 *   with the first scrape or 系统状态 view, so the test apps that never scrape do not carry them;
 * - the database: `db_info{kind}`, and on PostgreSQL the pool `db_pool_connections{state}` (total,
 *   idle, waiting) and `db_pool_max`;
 * - jobs (cluster/jobs.ts): runs, failures, period, how late the last run started after it was due,
 *   its duration and its start time, per job;
 * - `live_event_connections`: open live-event streams of this process;
 * - what modules add (`metrics.gauge`): payments, payouts and refunds by state (modules/monitor).
 *
 * Who may read /metrics: with METRICS_TOKEN set, a caller sending `Authorization: Bearer <token>`;
 * without it, only a scraper on this host: the connection comes from a loopback address and carries
 * no X-Forwarded-For / X-Real-IP / Forwarded header (a request relayed by an nginx on the same host
 * comes from loopback too, but names its client). Others get 404, as if it did not exist.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Jobs } from '../cluster/jobs'
import type { PoolUse } from '../db'
import type { EventBus } from '../modules/events/bus'
import { API_BASE } from '../../shared/constants'
import { errorCodeOf } from './envelope'

export const METRICS_PATH = '/metrics'
/** Request counts kept per minute for 系统状态 (this many minutes). */
const MINUTES_KEPT = 15
const MINUTE = 60_000

export interface MinuteFigures {
  /** the minute's start, epoch ms */
  at: number
  requests: number
  /** answers with a 5xx status or a business code 500 */
  errors: number
  /** sum of the requests' durations in seconds */
  seconds: number
}

export interface GaugeRow {
  labels: Record<string, string>
  value: number
}

export interface AppMetrics {
  registry: Registry
  /** a gauge whose rows are read at each scrape (`read` should be cheap or cached; a failure: no rows) */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<GaugeRow[]>): void
  /** the request figures of the last minutes, oldest first, the current minute last */
  recentMinutes(): MinuteFigures[]
  /** starts the process metrics (idempotent) */
  startProcessMetrics(): void
  /** a metric's current value (after its collection); undefined when it has none */
  value(name: string, labels?: Record<string, string>): Promise<number | undefined>
  /** counts one answered request in the per-minute figures (registerMetrics' hook) */
  countRequest(seconds: number, failed: boolean): void
}

export function createMetrics(): AppMetrics {
  const registry = new Registry()
  const minutes: MinuteFigures[] = []
  let processStarted = false
  const metrics: AppMetrics = {
    registry,
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          // a failed read (the database away) leaves the gauge empty; the rest of the scrape answers
          const rows = await read().catch(() => [])
          this.reset()
          for (const row of rows) this.set(row.labels, row.value)
        },
      })
    },
    recentMinutes() {
      const now = Date.now()
      return minutes.filter((m) => m.at > now - MINUTES_KEPT * MINUTE).map((m) => ({ ...m }))
    },
    startProcessMetrics() {
      if (processStarted) return
      processStarted = true
      collectDefaultMetrics({ register: registry })
    },
    async value(name, labels = {}) {
      const metric = registry.getSingleMetric(name)
      if (!metric) return undefined
      const { values } = await metric.get()
      const match = values.find((v) =>
        Object.entries(labels).every(
          ([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want,
        ),
      )
      return match?.value
    },
    countRequest(seconds, failed) {
      const at = Math.floor(Date.now() / MINUTE) * MINUTE
      let last = minutes[minutes.length - 1]
      if (!last || last.at !== at) {
        last = { at, requests: 0, errors: 0, seconds: 0 }
        minutes.push(last)
        if (minutes.length > MINUTES_KEPT) minutes.shift()
      }
      last.requests++
      last.seconds += seconds
      if (failed) last.errors++
    },
  }
  return metrics
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/** A direct connection from this host: loopback, and relayed by no proxy. */
function isLocalScraper(address: string | undefined, headers: Record<string, unknown>): boolean {
  const relayed = ['x-forwarded-for', 'x-real-ip', 'forwarded'].some((h) => headers[h] !== undefined)
  return address !== undefined && LOOPBACK.has(address) && !relayed
}

/**
 * A request's `route` label: its route's template; the web bundle's hashed files (one route per file,
 * plugins/web.ts) as one `/assets/*`, so a new build adds no series. Without a route: `unmatched`
 * under /api, `page` elsewhere (the not-found handler answers the rendered pages and the app's shell,
 * docs/ssr.md, and missing files: the code tells them apart).
 */
export function routeLabel(url: string | undefined, path: string): string {
  if (url === undefined) return path.startsWith(`${API_BASE}/`) || path === API_BASE ? 'unmatched' : 'page'
  return url.startsWith('/assets/') ? '/assets/*' : url
}

/**
 * The request metrics (hooks on every request) and GET /metrics. `untimed`: route templates whose
 * answers are streams (their duration is the connection's life, not an answer's time).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  opts: { token?: string; untimed?: readonly string[] },
) {
  const { registry } = metrics
  const untimed = new Set(opts.untimed ?? [])
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered requests by method, route template and code (business code of an error envelope, else HTTP status).',
    labelNames: ['method', 'route', 'code'],
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route template.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request.routeOptions.url, request.url)
    const status = reply.statusCode
    const code = errorCodeOf(request) ?? status
    requests.inc({ method: request.method, route, code: String(code) })
    if (untimed.has(route)) return
    const seconds = reply.elapsedTime / 1000
    duration.observe({ method: request.method, route }, seconds)
    metrics.countRequest(seconds, status >= 500 || code >= 500)
  })

  app.get(METRICS_PATH, async (request, reply) => {
    const allowed = opts.token
      ? sameSecret(request.headers.authorization ?? '', `Bearer ${opts.token}`)
      : isLocalScraper(request.socket.remoteAddress, request.headers)
    if (!allowed) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found')
    metrics.startProcessMetrics()
    const text = await registry.metrics()
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text)
  })
}

/** The gauges of the app's own parts: database, jobs, live-event streams. */
export function watchApp(
  metrics: AppMetrics,
  parts: { dbKind: 'sqlite' | 'postgres'; pool: (() => PoolUse) | null; jobs: Jobs; bus: EventBus },
) {
  const { registry } = metrics
  const dbInfo = new Gauge({
    name: 'db_info',
    help: 'The database in use (kind: sqlite or postgres); always 1.',
    labelNames: ['kind'],
    registers: [registry],
  })
  dbInfo.set({ kind: parts.dbKind }, 1)
  const pool = parts.pool
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = pool()
        this.set({ state: 'total' }, use.total)
        this.set({ state: 'idle' }, use.idle)
        this.set({ state: 'waiting' }, use.waiting)
      },
    })
    new Gauge({
      name: 'db_pool_max',
      help: 'PostgreSQL pool size limit.',
      registers: [registry],
      collect() {
        this.set(pool().max)
      },
    })
  }

  const jobGauge = (
    name: string,
    help: string,
    read: (job: ReturnType<Jobs['list']>[number]) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      collect() {
        this.reset()
        for (const job of parts.jobs.list()) {
          const value = read(job)
          if (value !== null) this.set({ job: job.name }, value)
        }
      },
    })
  jobGauge('job_runs_total', 'Runs of the job in this process.', (j) => j.runs)
  jobGauge(
    'job_failures_total',
    'Failed runs of the job in this process (a lease that failed counts too).',
    (j) => j.failures,
  )
  jobGauge('job_interval_seconds', 'The job period (0: only when kicked).', (j) => j.everyMs / 1000)
  jobGauge(
    'job_last_start_lag_seconds',
    'How late the last run started after it was due (a running previous run, the lease).',
    (j) => (j.runs > 0 ? j.lastLagMs / 1000 : null),
  )
  jobGauge('job_last_duration_seconds', 'How long the last finished run took.', (j) =>
    j.lastEndedAt >= j.lastStartedAt && j.runs > 0 ? (j.lastEndedAt - j.lastStartedAt) / 1000 : null,
  )
  jobGauge(
    'job_last_started_timestamp_seconds',
    'When the last run started (epoch seconds; absent: never in this process).',
    (j) => (j.lastStartedAt > 0 ? j.lastStartedAt / 1000 : null),
  )
  new Gauge({
    name: 'live_event_connections',
    help: 'Open live-event streams (Server-Sent Events) of this process.',
    registers: [registry],
    collect() {
      this.set(parts.bus.listenerCount())
    },
  })
}

/**
 * 系统状态 (docs/operations.md, "Monitoring"): the figures of /metrics as JSON for the staff console,
 * for operators who do not run Prometheus. They are this server process's (several processes behind
 * a balancer each answer their own; the payments by state are the database's). Plain data.
 */
import { PERMS } from '../permissions'
import { data, endpoint } from './contract'

export interface StatusMinute {
  /** the minute's start, epoch ms */
  at: number
  requests: number
  /** answers with a 5xx status or a business code 500 */
  errors: number
  /** the requests' mean duration in ms (0 without requests) */
  meanMs: number
}

export interface StatusJob {
  name: string
  /** once: one process at a time (a lease); everywhere: each process */
  mode: 'once' | 'everywhere'
  /** period in ms (0: only when kicked) */
  everyMs: number
  runs: number
  failures: number
  /** when the last run started in this process (epoch ms; null: never) */
  lastStartedAt: number | null
  /** how long the last finished run took (ms) */
  lastDurationMs: number | null
  /** how late the last run started after it was due (ms) */
  lastLagMs: number | null
  /** how far past its period the next run is now (ms; 0: not late; null: never ran here) */
  overdueMs: number | null
}

export interface SystemStatus {
  /** when the figures were taken (epoch ms) */
  at: number
  version: string
  node: string
  pid: number
  uptimeSeconds: number
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number }
  database: {
    kind: 'sqlite' | 'postgres'
    up: boolean
    /** PostgreSQL's pool (null on SQLite: one connection) */
    pool: { total: number; idle: number; waiting: number; max: number } | null
    /** migrations of this build the database has not run */
    pendingMigrations: string[]
  }
  /** ok / down with REDIS_URL; unused without */
  redis: 'ok' | 'down' | 'unused'
  /** event-loop delay since the previous look (ms); null until measured */
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number } | null
  /** the last minutes' requests, oldest first (this process) */
  requests: StatusMinute[]
  jobs: StatusJob[]
  /** rows by state: payment attempts, payouts (withdrawals paid by transfer), refunds */
  pay: {
    attempts: Record<string, number>
    payouts: Record<string, number>
    refunds: Record<string, number>
  }
  /** open live-event streams of this process */
  liveConnections: number
}

export const MONITOR_STAFF = {
  /** 系统状态: this process's figures */
  status: endpoint({
    method: 'GET',
    path: '/console/monitor/status',
    access: 'user',
    permission: PERMS.systemStatusView,
    answer: data<SystemStatus>(),
  }),
}

/**
 * The one way to run periodic and queued work (docs/architecture.md, "Jobs"): `schedule(name,
 * everyMs, run)`. Every job of every module goes through it — the trade time rules, 包赔 releases,
 * account write-offs, saved-search alerts, the WeChat outbox, the AI drawing queue.
 *
 * - A run never overlaps the previous one of the same job (in this process).
 * - `once` (the default): one process at a time runs the job — the holder of a lease named after it
 *   in the shared state (cluster/state.ts: this process alone without REDIS_URL, a Redis key with
 *   it), kept for three periods, so another process takes over when the holder stops.
 *   `everywhere`: each process runs it, for work claimed row by row (the AI queue's conditional
 *   UPDATE claims a job for one run whichever process asks).
 * - `kick(name)`: run soon, without waiting for the period (new work arrived: a queued AI job, an
 *   event for the WeChat outbox).
 * - A failed run is logged with the job's name; the next period tries again.
 * - `everyMs` 0: no timer (tests run the work themselves, e.g. `app.trade.sweep()`); kick still runs.
 * - `stop()` (the app's close): no new runs; waits for the running ones.
 *
 * Why not a queue library: pg-boss needs PostgreSQL and BullMQ needs Redis, but the embedded install
 * (one process, SQLite) must run the same jobs; ours are a handful of periodic sweeps whose state is
 * already in their own tables (due rows, claimed jobs), so a lease and a timer are the whole need.
 */
import type { SharedState } from './state'

export interface JobOptions {
  /** 'once' (default): one process at a time (a lease); 'everywhere': every process */
  mode?: 'once' | 'everywhere'
}

export interface JobState {
  name: string
  everyMs: number
  mode: 'once' | 'everywhere'
  runs: number
  failures: number
  /** when the last run started and ended (epoch ms, real time; 0: never) */
  lastStartedAt: number
  lastEndedAt: number
  /** how late the last run started after it was due (its timer or kick; waiting for a running one counts) */
  lastLagMs: number
}

export interface Jobs {
  schedule(name: string, everyMs: number, run: () => Promise<unknown>, options?: JobOptions): void
  /** runs the job soon (now when idle; right after the current run otherwise) */
  kick(name: string): void
  /** the jobs and their counters (diagnostics, tests) */
  list(): JobState[]
  stop(): Promise<void>
}

interface Job extends JobState {
  run: () => Promise<unknown>
  timer: NodeJS.Timeout | null
  running: Promise<void> | null
  again: boolean
  /** when the next run became due (the earliest tick or kick not yet run); null: none waiting */
  dueAt: number | null
}

export function createJobs(shared: SharedState, log: (err: unknown, job: string) => void): Jobs {
  const jobs = new Map<string, Job>()
  let stopped = false

  function start(job: Job): void {
    if (stopped) return
    job.dueAt ??= Date.now()
    if (job.running) {
      job.again = true
      return
    }
    job.running = (async () => {
      try {
        do {
          job.again = false
          if (
            job.mode === 'once' &&
            !(await shared.lease(`job:${job.name}`, Math.max(job.everyMs, 10_000) * 3))
          ) {
            job.dueAt = null // another process holds the lease: not ours to run
            return
          }
          job.lastStartedAt = Date.now()
          job.lastLagMs = job.lastStartedAt - (job.dueAt ?? job.lastStartedAt)
          job.dueAt = null
          job.runs++
          try {
            await job.run()
          } catch (err) {
            job.failures++
            log(err, job.name)
          } finally {
            job.lastEndedAt = Date.now()
          }
        } while (job.again && !stopped)
      } catch (err) {
        // the lease itself failed (Redis away): the next period tries again
        job.failures++
        log(err, job.name)
      } finally {
        job.running = null
      }
    })()
  }

  return {
    schedule(name, everyMs, run, options = {}) {
      if (jobs.has(name)) throw new Error(`job ${name} is scheduled twice`)
      const job: Job = {
        name,
        everyMs,
        mode: options.mode ?? 'once',
        runs: 0,
        failures: 0,
        lastStartedAt: 0,
        lastEndedAt: 0,
        lastLagMs: 0,
        dueAt: null,
        run,
        timer: null,
        running: null,
        again: false,
      }
      if (everyMs > 0) {
        job.timer = setInterval(() => start(job), everyMs)
        job.timer.unref()
      }
      jobs.set(name, job)
    },
    kick(name) {
      const job = jobs.get(name)
      if (!job) throw new Error(`no job named ${name}`)
      setImmediate(() => start(job))
    },
    list: () =>
      [...jobs.values()].map(
        ({ name, everyMs, mode, runs, failures, lastStartedAt, lastEndedAt, lastLagMs }) => ({
          name,
          everyMs,
          mode,
          runs,
          failures,
          lastStartedAt,
          lastEndedAt,
          lastLagMs,
        }),
      ),
    async stop() {
      stopped = true
      for (const job of jobs.values()) if (job.timer) clearInterval(job.timer)
      await Promise.allSettled([...jobs.values()].map((job) => job.running))
    },
  }
}

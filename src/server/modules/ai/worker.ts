/**
 * The AI drawing job worker (docs/ai-drawing.md, "Jobs"). Jobs wait in `ai_jobs`; a run claims the
 * oldest due queued job with one conditional UPDATE and gets a fresh run token — only that run may
 * move the job on. Each picture is drawn by the provider under the per-job time-out, stored through
 * the image module (re-encoded, watermarked) and recorded as a work at once, unique per (job, index),
 * so a resumed job skips pictures already stored and never stores one twice. Provider errors that
 * may pass are retried with exponential back-off up to `maxAttempts`; others fail the job. At start,
 * jobs a stopped process left running are queued again or, past `maxAttempts`, failed. Every move is
 * published to the owner's live events. The service (service.ts) queues, cancels and reads jobs.
 */
import { randomUUID } from 'node:crypto'
import { AI_LIMITS, AI_MSG, type AiJobStatus } from '../../../shared/api'
import type { AiJobEvent } from '../../../shared/live-events'
import type { EventBus } from '../events/bus'
import type { ImageService } from '../image/service'
import { ProviderError, type ImageProvider } from './providers'
import type { AiRepo, JobRow } from './repo'

export interface AiWorkerOptions {
  /** jobs drawn at the same time (default 2) */
  concurrency?: number
  /** one attempt of a job may take this long (default 120 s) */
  jobTimeoutMs?: number
  /** attempts before a job fails (default 3) */
  maxAttempts?: number
  /** back-off before the 2nd attempt; doubles each time (default 2 s) */
  retryBaseMs?: number
  /** how often due retries are looked for (default 1 s; 0: only when a job is queued) */
  pollMs?: number
}

/** A run's job was cancelled by its owner (or lost its run token): the run stops quietly. */
export class Cancelled extends Error {}

const SHUTDOWN = new Error('shutdown')

export function aiWorker(deps: {
  repo: AiRepo
  provider: ImageProvider | null
  images: Pick<ImageService, 'upload'>
  bus: EventBus
  now: () => number
  options?: AiWorkerOptions
}) {
  const { repo, provider, images, bus, now } = deps
  const concurrency = Math.max(1, deps.options?.concurrency ?? 2)
  const jobTimeoutMs = deps.options?.jobTimeoutMs ?? 120_000
  const maxAttempts = Math.max(1, deps.options?.maxAttempts ?? 3)
  const retryBaseMs = deps.options?.retryBaseMs ?? 2_000
  const pollMs = deps.options?.pollMs ?? 1_000

  async function publishJob(job: JobRow, status: AiJobStatus, progress: number, done: number) {
    const event: AiJobEvent = {
      type: 'ai-job',
      data: {
        jobId: job.id,
        status,
        progress,
        done,
        count: job.count,
        prompt: [...job.prompt].slice(0, 30).join(''),
      },
    }
    await bus
      .publish(job.user_id, event)
      .catch((err: unknown) => console.error('[ai] event not published', err))
  }

  const running = new Map<number, AbortController>()
  const inflight = new Set<Promise<void>>()
  // until start(): nothing is claimed before the orphans of a stopped process are recovered
  let stopped = true
  let pumping = false
  let again = false

  async function pump(): Promise<void> {
    if (pumping) {
      again = true
      return
    }
    pumping = true
    try {
      do {
        again = false
        while (!stopped && provider && running.size < concurrency) {
          const token = randomUUID()
          const job = await repo.claim(token, now())
          if (!job) break
          const controller = new AbortController()
          running.set(job.id, controller)
          const p: Promise<void> = run(job, token, controller)
            .catch((err: unknown) => console.error('[ai] job run failed', job.id, err))
            .finally(() => {
              running.delete(job.id)
              inflight.delete(p)
              if (!stopped) void pump()
            })
          inflight.add(p)
        }
      } while (again && !stopped)
    } finally {
      pumping = false
    }
  }

  async function run(job: JobRow, token: string, controller: AbortController): Promise<void> {
    const signal = controller.signal
    const timeout = setTimeout(() => controller.abort(new ProviderError('timeout', true)), jobTimeoutMs)
    const done = new Set(await repo.doneIndexes(job.id))
    let lastProgress = -1
    const progressOf = (fraction: number) =>
      Math.min(99, Math.floor(((done.size + fraction) / job.count) * 100))
    const report = async (fraction: number) => {
      const progress = progressOf(fraction)
      if (progress === lastProgress) return
      lastProgress = progress
      if (!(await repo.updateRun(job.id, token, { progress }))) throw new Cancelled()
      await publishJob(job, 'running', progress, done.size)
    }
    try {
      await report(0)
      for (let idx = 0; idx < job.count; idx++) {
        if (done.has(idx)) continue
        const seed = (Number(job.seed) + idx) % (AI_LIMITS.seedMax + 1)
        const picture = await provider!.generate({
          prompt: job.prompt,
          negativePrompt: job.negative_prompt,
          style: job.style,
          width: job.width,
          height: job.height,
          seed,
          signal,
          onProgress: (f) => void report(f).catch(() => undefined),
        })
        if (signal.aborted) throw signal.reason as Error
        let stored
        try {
          stored = await images.upload(job.user_id, picture)
        } catch {
          throw new ProviderError('provider answered an unusable image', true)
        }
        // the job may have been cancelled meanwhile: the picture is kept only while this run owns it
        const owned = await repo.jobByToken(token)
        if (!owned || owned.status !== 'running') throw new Cancelled()
        await repo.insertWork({
          job_id: job.id,
          idx,
          user_id: job.user_id,
          image_id: stored.imageId,
          width: stored.width,
          height: stored.height,
          prompt: job.prompt,
          negative_prompt: job.negative_prompt,
          style: job.style,
          size: job.size,
          seed,
          published_at: null,
          hidden_reason: null,
          hidden_by: null,
          hidden_at: null,
          created_at: now(),
        })
        done.add(idx)
        await report(0)
      }
      if (
        await repo.updateRun(job.id, token, {
          status: 'succeeded',
          progress: 100,
          error: null,
          finished_at: now(),
          run_token: null,
        })
      )
        await publishJob(job, 'succeeded', 100, done.size)
    } catch (err) {
      if (err instanceof Cancelled) return
      const reason = signal.aborted ? signal.reason : err
      if (reason === SHUTDOWN) return // left running: the next start resumes it
      if (reason instanceof Cancelled) return
      const retryable = reason instanceof ProviderError ? reason.retryable : false
      const timedOut = reason instanceof ProviderError && reason.message === 'timeout'
      if (!(reason instanceof ProviderError)) console.error('[ai] job failed', job.id, reason)
      const attempts = job.attempts // already counted by the claim
      if (retryable && attempts < maxAttempts) {
        if (
          await repo.updateRun(job.id, token, {
            status: 'queued',
            run_token: null,
            error: timedOut ? AI_MSG.TIMEOUT : AI_MSG.PROVIDER_FAILED,
            next_attempt_at: now() + retryBaseMs * 2 ** (attempts - 1),
          })
        )
          await publishJob(job, 'queued', progressOf(0), done.size)
      } else if (
        await repo.updateRun(job.id, token, {
          status: 'failed',
          run_token: null,
          error: timedOut ? AI_MSG.TIMEOUT : AI_MSG.PROVIDER_FAILED,
          finished_at: now(),
        })
      ) {
        await publishJob(job, 'failed', progressOf(0), done.size)
      }
    } finally {
      clearTimeout(timeout)
    }
  }

  return {
    publishJob,
    /** Recovers what a stopped process left running, then starts the worker. */
    async start() {
      for (const job of await repo.orphans()) {
        if (job.attempts >= maxAttempts) {
          await repo.failOrphan(job.id, AI_MSG.RESTART_FAILED, now())
          await publishJob(job, 'failed', job.progress, 0)
        } else {
          await repo.requeueOrphan(job.id, now())
        }
      }
      stopped = false
      await pump()
    },

    /** Stops claiming; running jobs are abandoned as they are (the next start resumes them). */
    async stop() {
      stopped = true
      for (const controller of running.values()) controller.abort(SHUTDOWN)
      await Promise.allSettled([...inflight])
    },

    /** tests and the bench: wait until no job is running */
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight])
    },

    /**
     * Looks for work now (a job was queued), and every `pollMs` for due retries: the app's job
     * `ai-jobs` (cluster/jobs.ts), run in every process (a claim takes a job for one run).
     */
    kick: () => pump(),
    pollMs,

    /** Stops the run of a job its owner cancelled (the row is already cancelled). */
    abort(jobId: number) {
      running.get(jobId)?.abort(new Cancelled())
    },
  }
}

export type AiWorker = ReturnType<typeof aiWorker>

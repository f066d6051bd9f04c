/**
 * AI drawing (docs/ai-drawing.md): the checks before a job is queued (provider configured, style
 * known, blocked words, daily free quota, per-user concurrency), the job worker, works and the
 * gallery, likes and favourites, and the staff tools.
 *
 * Worker: jobs wait in `ai_jobs`. A run claims the oldest due queued job with one conditional UPDATE
 * (it gets a fresh run token; only that run may move the job on), draws each picture with the
 * provider under a per-job time-out, stores it through the image module (re-encoded, watermarked)
 * and records it as a work at once — unique per (job, index), so a resumed job skips pictures already
 * stored and never stores one twice. Provider errors that may pass are retried with exponential
 * back-off up to `maxAttempts`; others fail the job. The owner may cancel a queued or running job.
 * At start, jobs a stopped process left running are queued again (their stored pictures stay) or,
 * past `maxAttempts`, failed. Every move is published to the owner's live events.
 */
import { buffer } from 'node:stream/consumers'
import { randomUUID, randomInt } from 'node:crypto'
import {
  AI_LIMITS,
  AI_MSG,
  AI_SIZES,
  AI_STYLE_DICT,
  Code,
  type AiAdminWorksQuery,
  type AiBlockedWord,
  type AiCreateBody,
  type AiGalleryQuery,
  type AiJob,
  type AiJobStatus,
  type AiOptions,
  type AiSize,
  type AiWork,
  type AiWordsQuery,
  type PageQuery,
} from '../../../shared/api'
import type { AiJobEvent } from '../../../shared/live-events'
import { MSG } from '../../../shared/messages'
import { PAGINATION } from '../../../shared/constants'
import type { Db } from '../../db'
import { record, type Actor } from '../oplog/service'
import { AI_CONFIG_KEYS } from '../../db/seed/ai'
import { ApiError } from '../../plugins/envelope'
import type { AuthService } from '../auth/service'
import type { ExportsService } from '../common/exports'
import type { EventBus } from '../events/bus'
import { imageUrl, thumbUrl, type ImageService } from '../image/service'
import type { SystemService } from '../system/service'
import { ProviderError, type ImageProvider } from './providers'
import { aiRepo, type JobRow, type WorkRow } from './repo'

const DAY = 24 * 60 * 60 * 1000
const CHINA_OFFSET = 8 * 60 * 60 * 1000
const STYLE_TTL_MS = 10_000

/** The start (epoch ms) of the China-time day containing `at`: the daily quota resets then. */
export const chinaDayStart = (at: number) => Math.floor((at + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET

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

export interface AiServiceDeps {
  db: Db
  provider: ImageProvider | null
  images: ImageService
  auth: Pick<AuthService, 'isStaff' | 'userIdByName' | 'publicNames' | 'setAvatar'>
  system: SystemService
  exports: ExportsService
  bus: EventBus
  now: () => number
  worker?: AiWorkerOptions
}

const bad = (msg: string) => new ApiError(Code.BAD_REQUEST, msg)
const notFound = (msg: string) => new ApiError(Code.NOT_FOUND, msg)

class Cancelled extends Error {}

function pageOf(q: PageQuery) {
  const pageNum = q.pageNum ?? PAGINATION.page
  const pageSize = q.pageSize ?? PAGINATION.limit
  return { offset: (pageNum - 1) * pageSize, limit: pageSize }
}

/** The first blocked word the text contains (case-insensitive, spaces ignored), or null. */
export function findBlockedWord(text: string, words: readonly string[]): string | null {
  const plain = text.toLowerCase().replace(/\s+/g, '')
  for (const word of words) {
    const w = word.toLowerCase().replace(/\s+/g, '')
    if (w && plain.includes(w)) return word
  }
  return null
}

export function aiService(deps: AiServiceDeps) {
  const { db, provider, images, auth, system, exports, bus, now } = deps
  const repo = aiRepo(db)
  const concurrency = Math.max(1, deps.worker?.concurrency ?? 2)
  const jobTimeoutMs = deps.worker?.jobTimeoutMs ?? 120_000
  const maxAttempts = Math.max(1, deps.worker?.maxAttempts ?? 3)
  const retryBaseMs = deps.worker?.retryBaseMs ?? 2_000
  const pollMs = deps.worker?.pollMs ?? 1_000

  // ---- configuration read per request (staff change it in the console)

  async function configInt(key: string, fallback: number): Promise<number> {
    const n = Number(await system.configValue(key))
    return Number.isSafeInteger(n) && n >= 0 ? n : fallback
  }
  const dailyQuota = () => configInt(AI_CONFIG_KEYS.dailyQuota, 20)
  const maxConcurrent = () => configInt(AI_CONFIG_KEYS.maxConcurrent, 2)

  // the style dictionary, read again at most every STYLE_TTL_MS (every gallery page names styles)
  let styleCache: { at: number; styles: Promise<Array<{ value: string; label: string }>> } | null = null
  function styles() {
    if (!styleCache || now() - styleCache.at > STYLE_TTL_MS || now() < styleCache.at) {
      const loading = system
        .dictData(AI_STYLE_DICT)
        .then((rows) => rows.map((d) => ({ value: d.dictValue, label: d.dictLabel })))
      loading.catch(() => (styleCache = null))
      styleCache = { at: now(), styles: loading }
    }
    return styleCache.styles
  }

  // blocked words: cached, reloaded when staff edit them
  let wordCache: string[] | null = null
  const blockedWords = async () => (wordCache ??= await repo.allWords())

  // ---- rows → answers

  async function toWorks(rows: WorkRow[], viewerId: number | null): Promise<AiWork[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.id)
    const [labels, names, liked, favourited] = await Promise.all([
      styles(),
      auth.publicNames([...new Set(rows.map((r) => r.user_id))]),
      viewerId ? repo.reactedIds('ai_likes', viewerId, ids) : new Set<number>(),
      viewerId ? repo.reactedIds('ai_favourites', viewerId, ids) : new Set<number>(),
    ])
    return rows.map((r) => ({
      workId: r.id,
      jobId: r.job_id,
      url: imageUrl(r.image_id),
      thumbUrl: thumbUrl(r.image_id),
      width: r.width,
      height: r.height,
      prompt: r.prompt,
      negativePrompt: r.negative_prompt,
      style: r.style,
      styleLabel: labels.find((s) => s.value === r.style)?.label ?? r.style,
      size: r.size as AiSize,
      seed: Number(r.seed),
      authorId: r.user_id,
      authorName: names.get(r.user_id) ?? '用户',
      published: r.published === 1,
      publishedAt: r.published_at === null ? null : Number(r.published_at),
      hidden: r.hidden === 1,
      hiddenReason: r.hidden === 1 ? r.hidden_reason : null,
      likeCount: r.like_count,
      favouriteCount: r.fav_count,
      liked: liked.has(r.id),
      favourited: favourited.has(r.id),
      createdAt: Number(r.created_at),
    }))
  }

  async function toJobs(rows: JobRow[]): Promise<AiJob[]> {
    const works = await toWorks(await repo.worksOfJobs(rows.map((r) => r.id)), rows[0]?.user_id ?? null)
    return rows.map((r) => ({
      jobId: r.id,
      status: r.status as AiJobStatus,
      progress: r.progress,
      prompt: r.prompt,
      negativePrompt: r.negative_prompt,
      style: r.style,
      size: r.size as AiSize,
      count: r.count,
      seed: Number(r.seed),
      attempts: r.attempts,
      error: r.error,
      createdAt: Number(r.created_at),
      startedAt: r.started_at === null ? null : Number(r.started_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
      works: works.filter((w) => w.jobId === r.id),
    }))
  }

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

  // ---- the worker

  const running = new Map<number, AbortController>()
  const inflight = new Set<Promise<void>>()
  let stopped = false
  let pumping = false
  let again = false
  let timer: NodeJS.Timeout | null = null

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

  const SHUTDOWN = new Error('shutdown')

  function ensureOwner<T extends { user_id: number }>(row: T | undefined, userId: number, msg: string): T {
    if (!row || row.user_id !== userId) throw notFound(msg)
    return row
  }

  async function ownWork(userId: number, workId: number): Promise<WorkRow> {
    const row = ensureOwner(await repo.work(workId), userId, AI_MSG.WORK_NOT_FOUND)
    if (row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
    return row
  }

  async function imageBuffer(row: WorkRow): Promise<Buffer> {
    const file = await images.fileOf(`${row.image_id}.jpg`)
    if (!file) throw notFound(AI_MSG.WORK_NOT_FOUND)
    return buffer(file.open())
  }

  /**
   * Staff actions: the change and its operation-log row (modules/oplog, docs/console.md) in one
   * transaction.
   */
  async function staffAction(
    actor: Actor,
    entry: { action: string; target: string | number; before?: unknown; after?: unknown; detail?: string },
    change: (tx: ReturnType<typeof aiRepo>) => Promise<void>,
  ) {
    await db.transaction().execute(async (trx) => {
      await change(aiRepo(trx))
      await record(trx, { actor, module: 'ai', ...entry, at: now() })
    })
  }

  return {
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
      if (pollMs > 0) {
        timer = setInterval(() => void pump(), pollMs)
        timer.unref()
      }
      await pump()
    },

    /** Stops claiming; running jobs are abandoned as they are (the next start resumes them). */
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = null
      for (const controller of running.values()) controller.abort(SHUTDOWN)
      await Promise.allSettled([...inflight])
    },

    /** tests and the bench: wait until no job is running */
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight])
    },

    kick: () => pump(),

    async options(userId: number | null): Promise<AiOptions> {
      return {
        styles: await styles(),
        sizes: (Object.keys(AI_SIZES) as AiSize[]).map((key) => ({ key, ...AI_SIZES[key] })),
        dailyQuota: await dailyQuota(),
        usedToday: userId ? await repo.imagesSince(userId, chinaDayStart(now())) : 0,
        maxConcurrent: await maxConcurrent(),
        provider: provider ? { name: provider.label, sandbox: provider.sandbox } : null,
      }
    },

    async create(userId: number, body: AiCreateBody): Promise<AiJob> {
      if (!provider) throw bad(AI_MSG.NOT_CONFIGURED)
      const prompt = body.prompt.trim()
      const negative = (body.negativePrompt ?? '').trim()
      if (!prompt) throw bad('画面描述不能为空')
      if (!(await styles()).some((s) => s.value === body.style)) throw bad(AI_MSG.STYLE_UNKNOWN)
      const blocked = findBlockedWord(`${prompt}\n${negative}`, await blockedWords())
      if (blocked) throw bad(AI_MSG.BLOCKED(blocked))
      const size = AI_SIZES[body.size]
      const quota = await dailyQuota()
      const limit = await maxConcurrent()
      const at = now()
      const row = await db.transaction().execute(async (trx) => {
        const tx = aiRepo(trx)
        const used = await tx.imagesSince(userId, chinaDayStart(at))
        if (used >= quota) throw bad(AI_MSG.QUOTA_USED_UP(quota))
        if (used + body.count > quota) throw bad(AI_MSG.QUOTA_NOT_ENOUGH(quota - used))
        if ((await tx.activeJobs(userId)) >= limit) throw bad(AI_MSG.TOO_MANY_RUNNING(limit))
        return tx.insertJob({
          user_id: userId,
          prompt,
          negative_prompt: negative,
          style: body.style,
          size: body.size,
          width: size.width,
          height: size.height,
          count: body.count,
          seed: body.seed ?? randomInt(0, AI_LIMITS.seedMax),
          status: 'queued',
          error: null,
          provider: provider.name,
          run_token: null,
          next_attempt_at: at,
          created_at: at,
          started_at: null,
          finished_at: null,
        })
      })
      await publishJob(row, 'queued', 0, 0)
      void pump()
      return (await toJobs([row]))[0]!
    },

    async jobs(userId: number, q: PageQuery) {
      const { rows, total } = await repo.jobsOf(userId, pageOf(q).offset, pageOf(q).limit)
      return { rows: await toJobs(rows), total }
    },

    async job(userId: number, jobId: number): Promise<AiJob> {
      const row = ensureOwner(await repo.job(jobId), userId, AI_MSG.JOB_NOT_FOUND)
      return (await toJobs([row]))[0]!
    },

    async cancel(userId: number, jobId: number) {
      const row = ensureOwner(await repo.job(jobId), userId, AI_MSG.JOB_NOT_FOUND)
      if (!(await repo.cancel(jobId, userId, now()))) throw bad(AI_MSG.NOT_CANCELLABLE)
      running.get(jobId)?.abort(new Cancelled())
      await publishJob(row, 'cancelled', row.progress, 0)
    },

    async myWorks(userId: number, q: PageQuery) {
      const { rows, total } = await repo.worksOf(userId, pageOf(q).offset, pageOf(q).limit)
      return { rows: await toWorks(rows, userId), total }
    },

    async gallery(viewerId: number | null, q: AiGalleryQuery) {
      const { offset, limit } = pageOf(q)
      const { rows, total } = await repo.gallery({
        sort: q.sort ?? 'new',
        style: q.style || undefined,
        offset,
        limit,
      })
      return { rows: await toWorks(rows, viewerId), total }
    },

    /** A work: anyone sees a gallery work; the owner and staff also see private and hidden ones. */
    async detail(viewerId: number | null, workId: number): Promise<AiWork> {
      const row = await repo.work(workId)
      if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
      const allowed =
        row.visible === 1 ||
        (viewerId !== null && (row.user_id === viewerId || (await auth.isStaff(viewerId))))
      if (!allowed) throw notFound(AI_MSG.WORK_NOT_FOUND)
      return (await toWorks([row], viewerId))[0]!
    },

    async publish(userId: number, workId: number, publish: boolean) {
      const row = await ownWork(userId, workId)
      if (publish && row.hidden === 1) throw bad(AI_MSG.HIDDEN_NO_PUBLISH)
      await repo.setWork(workId, {
        published: publish ? 1 : 0,
        published_at: publish ? (row.published_at ?? now()) : row.published_at,
      })
    },

    async remove(userId: number, workId: number) {
      await ownWork(userId, workId)
      await repo.setWork(workId, { deleted: 1 })
    },

    async like(userId: number, workId: number, on: boolean) {
      await visibleWork(workId, userId, on)
      const likeCount = await repo.react('ai_likes', workId, userId, on, now())
      return { likeCount, liked: on }
    },

    async favourite(userId: number, workId: number, on: boolean) {
      await visibleWork(workId, userId, on)
      const favouriteCount = await repo.react('ai_favourites', workId, userId, on, now())
      return { favouriteCount, favourited: on }
    },

    async favourites(userId: number, q: PageQuery) {
      const { rows, total } = await repo.favouritesOf(userId, pageOf(q).offset, pageOf(q).limit)
      return { rows: await toWorks(rows, userId), total }
    },

    async download(userId: number, workId: number) {
      const row = await ownWork(userId, workId)
      return exports.createFile(userId, `AI绘画-${row.id}`, '.jpg', await imageBuffer(row))
    },

    async useAsAvatar(userId: number, workId: number) {
      const row = await ownWork(userId, workId)
      const avatar = thumbUrl(row.image_id)
      await auth.setAvatar(userId, avatar)
      return { avatar }
    },

    async useAsCover(userId: number, workId: number) {
      const row = await ownWork(userId, workId)
      const image = await images.duplicate(userId, row.image_id)
      if (!image) throw notFound(AI_MSG.WORK_NOT_FOUND)
      return image
    },

    // ---- staff

    async adminWorks(q: AiAdminWorksQuery) {
      const { offset, limit } = pageOf(q)
      let userIds: number[] | undefined
      if (q.authorName) {
        const id = await auth.userIdByName(q.authorName)
        userIds = id ? [id] : []
      }
      const { rows, total } = await repo.adminWorks({
        keyword: q.keyword || undefined,
        userIds,
        state: q.state ?? 'all',
        offset,
        limit,
      })
      return { rows: await toWorks(rows, null), total }
    },

    async hide(actor: Actor, workId: number, reason: string) {
      const row = await repo.work(workId)
      if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
      const why = reason.trim()
      if (!why) throw bad('隐藏原因不能为空')
      await staffAction(
        actor,
        { action: 'hide', target: workId, before: { hidden: row.hidden }, after: { hidden: 1 }, detail: why },
        (tx) =>
          tx.setWork(workId, { hidden: 1, hidden_reason: why, hidden_by: actor.userId, hidden_at: now() }),
      )
    },

    async unhide(actor: Actor, workId: number) {
      const row = await repo.work(workId)
      if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
      await staffAction(
        actor,
        {
          action: 'unhide',
          target: workId,
          before: { hidden: row.hidden, reason: row.hidden_reason },
          after: { hidden: 0 },
        },
        (tx) => tx.setWork(workId, { hidden: 0, hidden_reason: null, hidden_by: null, hidden_at: null }),
      )
    },

    async words(q: AiWordsQuery): Promise<{ rows: AiBlockedWord[]; total: number }> {
      const { offset, limit } = pageOf(q)
      const { rows, total } = await repo.words(q.keyword || undefined, offset, limit)
      return {
        rows: rows.map((r) => ({ wordId: r.id, word: r.word, createdAt: Number(r.created_at) })),
        total,
      }
    },

    async addWord(actor: Actor, word: string) {
      const w = word.trim()
      if (!w) throw bad('违禁词不能为空')
      await staffAction(actor, { action: 'addWord', target: w, after: { word: w } }, async (tx) => {
        if (!(await tx.addWord(w, actor.userId, now()))) throw bad(AI_MSG.WORD_EXISTS)
      })
      wordCache = null
    },

    async removeWord(actor: Actor, wordId: number) {
      await staffAction(actor, { action: 'removeWord', target: wordId }, async (tx) => {
        const word = await tx.removeWord(wordId)
        if (word === null) throw notFound(MSG.NOT_FOUND)
      })
      wordCache = null
    },
  }

  async function visibleWork(workId: number, userId: number, on: boolean) {
    const row = await repo.work(workId)
    if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
    // taking a like or favourite back always works; giving one needs a gallery work (or one's own)
    if (on && row.visible !== 1 && row.user_id !== userId) throw notFound(AI_MSG.WORK_NOT_FOUND)
  }
}

export type AiService = ReturnType<typeof aiService>

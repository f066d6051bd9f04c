/**
 * AI drawing (docs/ai-drawing.md): the checks before a job is queued (provider configured, style
 * known, blocked words, daily free quota, per-user concurrency), cancellation by the owner, works and
 * the gallery, likes and favourites, and the staff tools. The job worker is worker.ts.
 */
import { buffer } from 'node:stream/consumers'
import { randomInt } from 'node:crypto'
import {
  AI_LIMITS,
  AI_MSG,
  AI_SIZES,
  AI_STYLE_DICT,
  type AiCreateBody,
  type AiGalleryQuery,
  type AiJob,
  type AiJobStatus,
  type AiOptions,
  type AiSize,
  type AiWork,
  type PageQuery,
} from '../../../shared/api'
import { KeptCache, localInvalidation } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import type { Db } from '../../db'
import { pageWindow } from '../../db/paging'
import { AI_CONFIG_KEYS } from '../../db/seed/ai'
import { badRequest, notFound } from '../../http/errors'
import type { AuthService } from '../auth/service'
import type { ExportsService } from '../common/exports'
import type { EventBus } from '../events/bus'
import { imageUrl, thumbUrl, type ImageService } from '../image/service'
import type { SystemService } from '../system/service'
import type { ImageProvider } from './providers'
import { aiRepo, type JobRow, type WorkRow } from './repo'
import { aiStaff } from './staff'
import { aiWorker, type AiWorkerOptions } from './worker'

const DAY = 24 * 60 * 60 * 1000
const CHINA_OFFSET = 8 * 60 * 60 * 1000
const STYLE_TTL_MS = 10_000

/** The start (epoch ms) of the China-time day containing `at`: the daily quota resets then. */
export const chinaDayStart = (at: number) => Math.floor((at + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET

/** The invalidation topic of the blocked words (staff edit them in the console). */
export const AI_WORDS_TOPIC = 'ai-words'

export interface AiServiceDeps {
  db: Db
  provider: ImageProvider | null
  images: ImageService
  auth: Pick<AuthService, 'isStaff' | 'userIdByName' | 'publicNames' | 'setAvatar'>
  system: SystemService
  exports: ExportsService
  bus: EventBus
  now: () => number
  /** the shared invalidation channel: a staff edit of the blocked words reaches every process */
  invalidation?: Invalidation
  worker?: AiWorkerOptions
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
  const worker = aiWorker({ repo, provider, images, bus, now, options: deps.worker })
  const { publishJob } = worker

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

  // blocked words: kept, reloaded after staff edit them (in any process)
  const invalidation = deps.invalidation ?? localInvalidation()
  const wordCache = new KeptCache<string, string[]>(
    { name: 'ai-blocked-words', max: 1, ttlMs: Infinity, clearedBy: [AI_WORDS_TOPIC] },
    { invalidation },
  )
  async function blockedWords(): Promise<string[]> {
    const hit = wordCache.get('')
    if (hit) return hit
    const since = wordCache.mark()
    const words = await repo.allWords()
    wordCache.set('', words, { since })
    return words
  }

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

  return {
    start: () => worker.start(),
    stop: () => worker.stop(),
    idle: () => worker.idle(),
    kick: () => worker.kick(),
    /** how often the worker looks for due retries (its job's period) */
    pollMs: worker.pollMs,

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
      if (!provider) throw badRequest(AI_MSG.NOT_CONFIGURED)
      const prompt = body.prompt.trim()
      const negative = (body.negativePrompt ?? '').trim()
      if (!prompt) throw badRequest('画面描述不能为空')
      if (!(await styles()).some((s) => s.value === body.style)) throw badRequest(AI_MSG.STYLE_UNKNOWN)
      const blocked = findBlockedWord(`${prompt}\n${negative}`, await blockedWords())
      if (blocked) throw badRequest(AI_MSG.BLOCKED(blocked))
      const size = AI_SIZES[body.size]
      const quota = await dailyQuota()
      const limit = await maxConcurrent()
      const at = now()
      const row = await db.transaction().execute(async (trx) => {
        const tx = aiRepo(trx)
        const used = await tx.imagesSince(userId, chinaDayStart(at))
        if (used >= quota) throw badRequest(AI_MSG.QUOTA_USED_UP(quota))
        if (used + body.count > quota) throw badRequest(AI_MSG.QUOTA_NOT_ENOUGH(quota - used))
        if ((await tx.activeJobs(userId)) >= limit) throw badRequest(AI_MSG.TOO_MANY_RUNNING(limit))
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
      void worker.kick()
      return (await toJobs([row]))[0]!
    },

    async jobs(userId: number, q: PageQuery) {
      const { rows, total } = await repo.jobsOf(userId, pageWindow(q).offset, pageWindow(q).limit)
      return { rows: await toJobs(rows), total }
    },

    async job(userId: number, jobId: number): Promise<AiJob> {
      const row = ensureOwner(await repo.job(jobId), userId, AI_MSG.JOB_NOT_FOUND)
      return (await toJobs([row]))[0]!
    },

    async cancel(userId: number, jobId: number) {
      const row = ensureOwner(await repo.job(jobId), userId, AI_MSG.JOB_NOT_FOUND)
      if (!(await repo.cancel(jobId, userId, now()))) throw badRequest(AI_MSG.NOT_CANCELLABLE)
      worker.abort(jobId)
      await publishJob(row, 'cancelled', row.progress, 0)
    },

    async myWorks(userId: number, q: PageQuery) {
      const { rows, total } = await repo.worksOf(userId, pageWindow(q).offset, pageWindow(q).limit)
      return { rows: await toWorks(rows, userId), total }
    },

    async gallery(viewerId: number | null, q: AiGalleryQuery) {
      const { offset, limit } = pageWindow(q)
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
      if (publish && row.hidden === 1) throw badRequest(AI_MSG.HIDDEN_NO_PUBLISH)
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
      const { rows, total } = await repo.favouritesOf(userId, pageWindow(q).offset, pageWindow(q).limit)
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

    /** Staff tools (staff.ts): the works list, hiding, the blocked words. */
    staff: aiStaff({ db, repo, auth, now, toWorks, onWordsChanged: () => invalidation.emit(AI_WORDS_TOPIC) }),
  }

  async function visibleWork(workId: number, userId: number, on: boolean) {
    const row = await repo.work(workId)
    if (!row || row.deleted === 1) throw notFound(AI_MSG.WORK_NOT_FOUND)
    // taking a like or favourite back always works; giving one needs a gallery work (or one's own)
    if (on && row.visible !== 1 && row.user_id !== userId) throw notFound(AI_MSG.WORK_NOT_FOUND)
  }
}

export type AiService = ReturnType<typeof aiService>

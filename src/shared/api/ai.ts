/**
 * AI drawing (docs/ai-drawing.md): options of the create page, jobs (queued → running → succeeded /
 * failed / cancelled), works (the pictures a job made), the public gallery, likes and favourites,
 * and the staff tools (hide a work with a reason, the blocked-word dictionary). Plain data: no Node,
 * no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, int, oneOf, optional, paging, strict, text } from './fields'
import type { ExportResult } from './common'
import type { GoodsImage } from './goods'

export const AI_SIZES = {
  square: { label: '方形头像 1:1', width: 1024, height: 1024 },
  cover: { label: '封面 16:9', width: 1280, height: 720 },
  poster: { label: '海报 3:4', width: 768, height: 1024 },
} as const
export type AiSize = keyof typeof AI_SIZES
export const AI_SIZE_KEYS = Object.keys(AI_SIZES) as AiSize[]

export const AI_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number]
export const AI_JOB_STATUS_LABELS: Record<AiJobStatus, string> = {
  queued: '排队中',
  running: '生成中',
  succeeded: '已完成',
  failed: '失败',
  cancelled: '已取消',
}

export const AI_LIMITS = {
  promptMax: 500,
  negativeMax: 300,
  countMax: 4,
  seedMax: 2_147_483_647,
  reasonMax: 200,
  wordMax: 40,
} as const

/** The dictionary of style presets (dict_data type). */
export const AI_STYLE_DICT = 'ai_draw_style'

export const AI_MSG = {
  QUOTA_USED_UP: (quota: number) => `今日免费额度已用完（每天 ${quota} 张），请明天再来`,
  QUOTA_NOT_ENOUGH: (left: number) => `今日免费额度只剩 ${left} 张，请减少生成张数`,
  TOO_MANY_RUNNING: (max: number) => `您已有 ${max} 个任务在排队或生成中，请等它们完成后再提交`,
  BLOCKED: (word: string) => `描述中含有违禁词「${word}」，请修改后再提交`,
  NOT_CONFIGURED: 'AI 绘画服务暂未开放，请稍后再试',
  STYLE_UNKNOWN: '画风取值不正确',
  JOB_NOT_FOUND: '任务不存在',
  WORK_NOT_FOUND: '作品不存在或已被删除',
  NOT_CANCELLABLE: '任务已结束，无法取消',
  HIDDEN_NO_PUBLISH: '作品已被平台隐藏，无法发布到画廊',
  WORD_EXISTS: '该违禁词已存在',
  PROVIDER_FAILED: '绘画服务暂时不可用，请稍后重试',
  TIMEOUT: '生成超时，请稍后重试',
  RESTART_FAILED: '服务重启，任务未能完成，请重新提交',
} as const

export interface AiStyle {
  value: string
  label: string
}

export interface AiOptions {
  styles: AiStyle[]
  sizes: Array<{ key: AiSize; label: string; width: number; height: number }>
  dailyQuota: number
  /** images drawn today (China time) by the caller; 0 for a visitor */
  usedToday: number
  maxConcurrent: number
  /** the provider's name for the page (沙箱 for the built-in sandbox); null: not configured */
  provider: { name: string; sandbox: boolean } | null
}

export interface AiWork {
  workId: number
  jobId: number
  url: string
  thumbUrl: string
  width: number
  height: number
  prompt: string
  negativePrompt: string
  style: string
  styleLabel: string
  size: AiSize
  seed: number
  authorId: number
  authorName: string
  published: boolean
  publishedAt: number | null
  hidden: boolean
  /** why staff hid it (shown to the owner and to staff) */
  hiddenReason: string | null
  likeCount: number
  favouriteCount: number
  /** the caller liked / favourited it (false for a visitor) */
  liked: boolean
  favourited: boolean
  createdAt: number
}

export interface AiJob {
  jobId: number
  status: AiJobStatus
  /** 0…100 */
  progress: number
  prompt: string
  negativePrompt: string
  style: string
  size: AiSize
  count: number
  seed: number
  attempts: number
  /** why it failed (Chinese), when failed */
  error: string | null
  createdAt: number
  startedAt: number | null
  finishedAt: number | null
  works: AiWork[]
}

export interface AiBlockedWord {
  wordId: number
  word: string
  createdAt: number
}

const workIdBody = strict({ workId: id('作品编号') })

export const AI = {
  options: endpoint({ method: 'GET', path: '/ai/options', access: 'optional', answer: data<AiOptions>() }),
  create: endpoint({
    method: 'POST',
    path: '/ai/job/create',
    access: 'user',
    body: strict({
      prompt: text('画面描述', AI_LIMITS.promptMax),
      negativePrompt: optional(text('反向描述', AI_LIMITS.negativeMax, 0)),
      style: text('画风', 40),
      size: oneOf('尺寸', ['square', 'cover', 'poster'] as const),
      count: int('生成张数', 1, AI_LIMITS.countMax),
      /** absent: a random seed */
      seed: optional(int('随机种子', 0, AI_LIMITS.seedMax)),
    }),
    answer: data<AiJob>(),
  }),
  jobs: endpoint({
    method: 'GET',
    path: '/ai/job/list',
    access: 'user',
    query: strict({ ...paging(50) }),
    answer: page<AiJob>(),
  }),
  job: endpoint({
    method: 'GET',
    path: '/ai/job/:jobId',
    access: 'user',
    params: strict({ jobId: id('任务编号') }),
    answer: data<AiJob>(),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/ai/job/cancel',
    access: 'user',
    body: strict({ jobId: id('任务编号') }),
    answer: none(),
  }),
  myWorks: endpoint({
    method: 'GET',
    path: '/ai/work/my',
    access: 'user',
    query: strict({ ...paging(50) }),
    answer: page<AiWork>(),
  }),
  gallery: endpoint({
    method: 'GET',
    path: '/ai/work/gallery',
    access: 'optional',
    query: strict({
      ...paging(50),
      sort: optional(oneOf('排序', ['new', 'hot'] as const)),
      style: optional(text('画风', 40, 0)),
    }),
    answer: page<AiWork>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/ai/work/detail/:workId',
    access: 'optional',
    params: strict({ workId: id('作品编号') }),
    answer: data<AiWork>(),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/ai/work/publish',
    access: 'user',
    body: strict({ workId: id('作品编号'), publish: bool('是否发布') }),
    answer: none(),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/ai/work/delete',
    access: 'user',
    body: workIdBody,
    answer: none(),
  }),
  like: endpoint({
    method: 'POST',
    path: '/ai/work/like',
    access: 'user',
    body: strict({ workId: id('作品编号'), on: bool('是否点赞') }),
    answer: data<{ likeCount: number; liked: boolean }>(),
  }),
  favourite: endpoint({
    method: 'POST',
    path: '/ai/work/favourite',
    access: 'user',
    body: strict({ workId: id('作品编号'), on: bool('是否收藏') }),
    answer: data<{ favouriteCount: number; favourited: boolean }>(),
  }),
  favourites: endpoint({
    method: 'GET',
    path: '/ai/work/favourites',
    access: 'user',
    query: strict({ ...paging(50) }),
    answer: page<AiWork>(),
  }),
  /** copies the original into the caller's downloads: fetch it with COMMON.downloadTicket / download */
  download: endpoint({
    method: 'POST',
    path: '/ai/work/download',
    access: 'user',
    body: workIdBody,
    answer: data<ExportResult>(),
  }),
  useAsAvatar: endpoint({
    method: 'POST',
    path: '/ai/work/avatar',
    access: 'user',
    body: workIdBody,
    answer: data<{ avatar: string }>(),
  }),
  /** a fresh listing image (goods image) made of the work, for the publish form */
  useAsCover: endpoint({
    method: 'POST',
    path: '/ai/work/cover',
    access: 'user',
    body: workIdBody,
    answer: data<GoodsImage>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const AI_STAFF = {
  works: endpoint({
    method: 'GET',
    path: '/ai/admin/works',
    access: 'user',
    permission: PERMS.aiWorkList,
    query: strict({
      ...paging(100),
      keyword: optional(text('关键词', 50, 0)),
      authorName: optional(text('作者账号', 30, 0)),
      state: optional(oneOf('状态', ['all', 'published', 'hidden', 'private'] as const)),
    }),
    answer: page<AiWork>(),
  }),
  hide: endpoint({
    method: 'POST',
    path: '/ai/admin/work/hide',
    access: 'user',
    permission: PERMS.aiWorkHide,
    body: strict({ workId: id('作品编号'), reason: text('隐藏原因', AI_LIMITS.reasonMax) }),
    answer: none(),
  }),
  unhide: endpoint({
    method: 'POST',
    path: '/ai/admin/work/unhide',
    access: 'user',
    permission: PERMS.aiWorkHide,
    body: workIdBody,
    answer: none(),
  }),
  words: endpoint({
    method: 'GET',
    path: '/ai/admin/words',
    access: 'user',
    permission: PERMS.aiWordsList,
    query: strict({ ...paging(200), keyword: optional(text('关键词', 40, 0)) }),
    answer: page<AiBlockedWord>(),
  }),
  addWord: endpoint({
    method: 'POST',
    path: '/ai/admin/words/add',
    access: 'user',
    permission: PERMS.aiWordsEdit,
    body: strict({ word: text('违禁词', AI_LIMITS.wordMax) }),
    answer: none(),
  }),
  removeWord: endpoint({
    method: 'POST',
    path: '/ai/admin/words/remove',
    access: 'user',
    permission: PERMS.aiWordsEdit,
    body: strict({ wordId: id('违禁词编号') }),
    answer: none(),
  }),
}

export type AiCreateBody = BodyOf<typeof AI.create>
export type AiGalleryQuery = QueryOf<typeof AI.gallery>
export type AiPageQuery = QueryOf<typeof AI.myWorks>
export type AiStaffWorksQuery = QueryOf<typeof AI_STAFF.works>
export type AiWordsQuery = QueryOf<typeof AI_STAFF.words>

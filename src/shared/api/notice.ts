/**
 * Site notices (公告): announcements, platform notices, guides and agreements. Content is plain text
 * (paragraphs split by a blank line) or, for notices written in the console, HTML the server has
 * sanitised (contentFormat 'html'). Staff write them (NOTICE_STAFF).
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, oneOf, optional, paging, strict, text, Type } from './fields'

export const NOTICE_TYPES = ['GUIDE', 'AGREEMENT', 'NOTICE', 'ANNOUNCEMENT'] as const
export type NoticeType = (typeof NOTICE_TYPES)[number]

export const NOTICE_TYPE_LABELS: Record<NoticeType, string> = {
  ANNOUNCEMENT: '网站公告',
  NOTICE: '平台通知',
  GUIDE: '操作指南',
  AGREEMENT: '协议规则',
}

export interface NoticeBrief {
  noticeId: number
  noticeType: NoticeType
  title: string
  /** the game a guide is about (游戏攻略); null for site-wide notices */
  gameId?: number | null
  createdAt: number
}

export type NoticeContentFormat = 'text' | 'html'

export interface Notice extends NoticeBrief {
  content: string
  /** 'html': content is sanitised HTML (server-side, notice/sanitize.ts); absent or 'text': plain text */
  contentFormat?: NoticeContentFormat
  updatedAt: number
}

export const NOTICE = {
  /**
   * published notices, newest first; by type and a title keyword. Game guides (游戏攻略) only with
   * gameId or withGame: the site's notice list leaves them out.
   */
  list: endpoint({
    method: 'GET',
    path: '/platform/notice/list',
    access: 'public',
    query: strict({
      ...paging(),
      noticeType: optional(oneOf('公告类型', NOTICE_TYPES)),
      keyword: optional(text('关键词', 50, 0)),
      /** guides of one game (the walkthrough page) */
      gameId: optional(id('游戏编号')),
      /** true: only notices tied to a game (every walkthrough) */
      withGame: optional(bool('仅游戏攻略')),
    }),
    answer: page<NoticeBrief>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/platform/notice/:noticeId',
    access: 'public',
    params: strict({ noticeId: id('公告编号') }),
    answer: data<Notice>(),
  }),
}

export type NoticeQuery = QueryOf<typeof NOTICE.list>

// ------------------------------------------------------------------ staff: 公告与攻略 (docs/console.md)
// Every notice by type (GUIDE tied to a game is a 游戏攻略 of /walkthrough.html), drafts included.
// Content is rich text: the server keeps only its sanitised HTML (notice/sanitize.ts), and the
// preview shows what the server answers, never the editor's raw text.

/** '0' published (the public list and detail show it), '1' draft or taken down. */
export const NOTICE_STATUSES = ['0', '1'] as const
export type NoticeStatus = (typeof NOTICE_STATUSES)[number]
export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = { '0': '已发布', '1': '未发布' }

export const NOTICE_LIMITS = {
  title: 100,
  /** the editor's HTML, before sanitising */
  content: 100_000,
} as const

export interface StaffNotice extends Notice {
  status: NoticeStatus
  /** the footer's help pages: editable, never unpublished or deleted */
  fixed: boolean
}

const content = Type.String({
  title: '公告内容',
  minLength: 1,
  maxLength: NOTICE_LIMITS.content,
  pattern: '\\S',
})
const byNotice = strict({ noticeId: id('公告编号') })

export const NOTICE_STAFF = {
  list: endpoint({
    method: 'GET',
    path: '/console/notice/list',
    access: 'user',
    permission: PERMS.noticeList,
    query: strict({
      ...paging(),
      noticeType: optional(oneOf('公告类型', NOTICE_TYPES)),
      status: optional(oneOf('状态', NOTICE_STATUSES)),
      keyword: optional(text('标题关键词', 50, 0)),
      gameId: optional(id('游戏编号')),
    }),
    answer: page<Omit<StaffNotice, 'content'>>(),
  }),
  /** content as HTML (a plain-text notice's paragraphs come as <p> elements) */
  detail: endpoint({
    method: 'GET',
    path: '/console/notice/detail',
    access: 'user',
    permission: PERMS.noticeList,
    query: byNotice,
    answer: data<StaffNotice>(),
  }),
  /** the sanitised HTML of editor content: what the public page will show */
  preview: endpoint({
    method: 'POST',
    path: '/console/notice/preview',
    access: 'user',
    permission: PERMS.noticeEdit,
    body: strict({ content }),
    answer: data<{ html: string }>(),
  }),
  /** a new notice (no noticeId, saved as a draft unless publish) or a change of one */
  save: endpoint({
    method: 'POST',
    path: '/console/notice/save',
    access: 'user',
    permission: PERMS.noticeEdit,
    body: strict({
      noticeId: optional(id('公告编号')),
      noticeType: oneOf('公告类型', NOTICE_TYPES),
      title: text('公告标题', NOTICE_LIMITS.title),
      /** the game of a guide (游戏攻略); only for GUIDE */
      gameId: optional(Type.Union([id('游戏编号'), Type.Null()], { title: '游戏编号' })),
      content,
      publish: optional(bool('立即发布')),
    }),
    answer: data<StaffNotice>(),
  }),
  publish: endpoint({
    method: 'POST',
    path: '/console/notice/publish',
    access: 'user',
    permission: PERMS.noticeEdit,
    body: byNotice,
    answer: data<StaffNotice>(),
  }),
  unpublish: endpoint({
    method: 'POST',
    path: '/console/notice/unpublish',
    access: 'user',
    permission: PERMS.noticeEdit,
    body: byNotice,
    answer: data<StaffNotice>(),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/console/notice/delete',
    access: 'user',
    permission: PERMS.noticeEdit,
    body: byNotice,
    answer: data<{ noticeId: number }>(),
  }),
}

export type NoticeStaffListQuery = QueryOf<typeof NOTICE_STAFF.list>
export type NoticeSaveBody = BodyOf<typeof NOTICE_STAFF.save>

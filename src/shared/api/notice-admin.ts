/**
 * Console: 公告与攻略 (docs/console.md) — every notice by type (GUIDE tied to a game is a 游戏攻略 of
 * /walkthrough.html), drafts included; create, edit, publish, unpublish, delete. Content is rich
 * text edited in the console: the server keeps only its sanitised HTML (notice/sanitize.ts), and the
 * preview shows what the server answers, never the editor's raw text. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, oneOf, optional, paging, strict, text, Type } from './fields'
import { NOTICE_TYPES, type Notice } from './notice'

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

export const NOTICE_ADMIN = {
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

export type NoticeAdminListQuery = QueryOf<typeof NOTICE_ADMIN.list>
export type NoticeSaveBody = BodyOf<typeof NOTICE_ADMIN.save>

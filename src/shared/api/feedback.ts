/**
 * 意见反馈: a logged-in user sends a typed feedback (type from the dictionary `platform_feedback_type`)
 * with up to six screenshots; staff reply (the user gets an in-site message) or close it. Rules in
 * docs/platform-pages.md. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { id, list, oneOf, optional, paging, pattern, strict, text, Type } from './fields'
import type { GoodsImage } from './goods'

export const FEEDBACK_DICT = 'platform_feedback_type'
export const FEEDBACK_LIMITS = {
  contentMin: 10,
  contentMax: 1000,
  images: 6,
  contact: 50,
  reply: 1000,
  /** per user and hour */
  perHour: 5,
} as const

export const FEEDBACK_STATUSES = ['PENDING', 'REPLIED', 'CLOSED'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  PENDING: '待处理',
  REPLIED: '已回复',
  CLOSED: '已关闭',
}

export interface FeedbackReply {
  content: string
  createdAt: number
}

export interface Feedback {
  feedbackId: number
  feedbackType: string
  /** the dictionary label */
  typeLabel: string
  content: string
  contact: string
  images: GoodsImage[]
  status: FeedbackStatus
  replies: FeedbackReply[]
  createdAt: number
  updatedAt: number
}

/** What staff see: the author too. */
export interface StaffFeedback extends Feedback {
  userId: number
  userName: string
}

export const FEEDBACK = {
  add: endpoint({
    method: 'POST',
    path: '/platform/feedback/add',
    access: 'user',
    body: strict({
      feedbackType: pattern('反馈类型', '^[A-Z_]{1,30}$', 30),
      content: Type.String({
        title: '反馈内容',
        minLength: FEEDBACK_LIMITS.contentMin,
        maxLength: FEEDBACK_LIMITS.contentMax,
        pattern: '\\S',
      }),
      imageIds: optional(list('截图', text('截图编号', 32), FEEDBACK_LIMITS.images)),
      contact: optional(text('联系方式', FEEDBACK_LIMITS.contact, 0)),
    }),
    answer: data<Feedback>(),
  }),
  /** the caller's feedback, newest first */
  my: endpoint({
    method: 'GET',
    path: '/platform/feedback/my',
    access: 'user',
    query: strict({ ...paging(50) }),
    answer: page<Feedback>(),
  }),
  /** owner only (404 for anyone else) */
  detail: endpoint({
    method: 'GET',
    path: '/platform/feedback/detail/:feedbackId',
    access: 'user',
    params: strict({ feedbackId: id('反馈编号') }),
    answer: data<Feedback>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const FEEDBACK_STAFF = {
  /** staff */
  list: endpoint({
    method: 'GET',
    path: '/platform/feedback/list',
    access: 'user',
    permission: PERMS.feedbackList,
    query: strict({
      ...paging(),
      status: optional(oneOf('状态', FEEDBACK_STATUSES)),
      feedbackType: optional(pattern('反馈类型', '^[A-Z_]{1,30}$', 30)),
    }),
    answer: page<StaffFeedback>(),
  }),
  reply: endpoint({
    method: 'POST',
    path: '/platform/feedback/reply',
    access: 'user',
    permission: PERMS.feedbackReply,
    body: strict({
      feedbackId: id('反馈编号'),
      content: Type.String({
        title: '回复内容',
        minLength: 1,
        maxLength: FEEDBACK_LIMITS.reply,
        pattern: '\\S',
      }),
    }),
    answer: data<StaffFeedback>(),
  }),
  close: endpoint({
    method: 'POST',
    path: '/platform/feedback/close',
    access: 'user',
    permission: PERMS.feedbackReply,
    body: strict({ feedbackId: id('反馈编号') }),
    answer: data<StaffFeedback>(),
  }),
}

export type FeedbackAddBody = BodyOf<typeof FEEDBACK.add>
export type FeedbackListQuery = QueryOf<typeof FEEDBACK_STAFF.list>
export type FeedbackMyQuery = QueryOf<typeof FEEDBACK.my>

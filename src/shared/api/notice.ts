/**
 * Site notices (公告): announcements, platform notices, guides and agreements. Content is plain text
 * (paragraphs split by a blank line) or, for notices written in the console, HTML the server has
 * sanitised (contentFormat 'html').
 */
import { data, endpoint, page, type QueryOf } from './contract'
import { bool, id, oneOf, optional, paging, strict, text } from './fields'

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

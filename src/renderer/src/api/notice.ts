/** Site notices: guides, agreements, notices, announcements. Content is plain text. */
import type { ApiResult, TableResult } from '@shared/api/envelope'
import { fillPath, PATHS } from '@shared/api/paths'
import type { Notice, NoticeBrief, NoticeType } from '@shared/api/types'
import { http } from './http'

export interface NoticeQuery {
  noticeType?: NoticeType
  keyword?: string
  pageNum?: number
  pageSize?: number
}

export function listNotices(query: NoticeQuery): Promise<TableResult<NoticeBrief>> {
  return http.get<TableResult<NoticeBrief>>(PATHS.noticeList, query)
}

/** errors: 'caller' lets the detail page show "not found" in place instead of a toast. */
export async function getNotice(
  noticeId: number,
  options?: { errors?: 'global' | 'caller' },
): Promise<Notice> {
  const res = await http.get<ApiResult<Notice>>(
    fillPath(PATHS.noticeDetail, { noticeId }),
    undefined,
    options,
  )
  if (!res.data) throw new Error('公告不存在')
  return res.data
}

export const NOTICE_TYPE_LABELS: Record<NoticeType, string> = {
  ANNOUNCEMENT: '网站公告',
  NOTICE: '平台通知',
  GUIDE: '操作指南',
  AGREEMENT: '协议规则',
}

export function isNoticeType(value: string | null | undefined): value is NoticeType {
  return value === 'GUIDE' || value === 'AGREEMENT' || value === 'NOTICE' || value === 'ANNOUNCEMENT'
}

/** Paragraphs of a plain-text notice: separated by blank lines; never rendered as HTML. */
export function noticeParagraphs(content: string | null | undefined): string[] {
  return (content ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
}

/** Site notices: guides, agreements, notices, announcements. Content is plain text or server-sanitised HTML (NoticeContent). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { NOTICE, NOTICE_TYPES, type NoticeQuery, type NoticeType } from '@shared/api/notice'
import { call } from './client'

export { NOTICE_TYPE_LABELS } from '@shared/api/notice'

/** Query keys of the notice domain (invalidate `noticeKeys.all` after a change). */
export const noticeKeys = {
  all: ['notice'] as const,
  list: (query: NoticeQuery) => ['notice', 'list', query] as const,
  detail: (noticeId: number) => ['notice', 'detail', noticeId] as const,
}

export const noticeListQuery = (query: NoticeQuery) =>
  queryOptions({
    queryKey: noticeKeys.list(query),
    queryFn: () => call(NOTICE.list, { query }),
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  })

/** errors: 'caller' — the detail page says "not found" in place instead of a toast. */
export const noticeQuery = (noticeId: number) =>
  queryOptions({
    queryKey: noticeKeys.detail(noticeId),
    queryFn: () => call(NOTICE.detail, { params: { noticeId } }, { errors: 'caller' }),
  })

export function isNoticeType(value: string | null | undefined): value is NoticeType {
  return (NOTICE_TYPES as readonly string[]).includes(value ?? '')
}

/** Paragraphs of a plain-text notice: separated by blank lines; never rendered as HTML. */
export function noticeParagraphs(content: string | null | undefined): string[] {
  return (content ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
}

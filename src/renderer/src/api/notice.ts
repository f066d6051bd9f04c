/** Site notices: guides, agreements, notices, announcements. Content is plain text or server-sanitised HTML (NoticeContent). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  NOTICE,
  NOTICE_STAFF,
  NOTICE_TYPES,
  type NoticeQuery,
  type NoticeSaveBody,
  type NoticeStaffListQuery,
  type NoticeType,
} from '@shared/api/notice'
import { call } from './client'
import { useChangeMutation } from './mutation'

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

// ------------------------------------------------------------------ staff: 公告与攻略 (docs/console.md)
// A change also drops the public notice queries of this tab, so the site pages it opens afterwards
// show the change (the server already dropped its own caches).

export const noticeStaffKeys = {
  all: ['staff', 'notices'] as const,
  list: (q: NoticeStaffListQuery) => ['staff', 'notices', 'list', q] as const,
  detail: (noticeId: number) => ['staff', 'notices', 'detail', noticeId] as const,
}

export const staffNoticesQuery = (query: NoticeStaffListQuery) =>
  queryOptions({
    queryKey: noticeStaffKeys.list(query),
    queryFn: () => call(NOTICE_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffNoticeQuery = (noticeId: number) =>
  queryOptions({
    queryKey: noticeStaffKeys.detail(noticeId),
    queryFn: () => call(NOTICE_STAFF.detail, { query: { noticeId } }),
    // the editor opens with this data: refetched only after a save (not on focus, mid-edit)
    staleTime: Infinity,
  })

/** The server's sanitised HTML of editor content (the preview shows only this; nothing to refetch). */
export const useNoticePreview = () =>
  useChangeMutation((content: string) => call(NOTICE_STAFF.preview, { body: { content } }), [])

const useNoticeMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(fn, [noticeStaffKeys.all, noticeKeys.all], done)

export const useSaveNotice = () =>
  useNoticeMutation((body: NoticeSaveBody) => call(NOTICE_STAFF.save, { body }), '保存成功')
export const usePublishNotice = () =>
  useNoticeMutation((noticeId: number) => call(NOTICE_STAFF.publish, { body: { noticeId } }), '已发布')
export const useUnpublishNotice = () =>
  useNoticeMutation((noticeId: number) => call(NOTICE_STAFF.unpublish, { body: { noticeId } }), '已下线')
export const useDeleteNotice = () =>
  useNoticeMutation((noticeId: number) => call(NOTICE_STAFF.remove, { body: { noticeId } }), '已删除')

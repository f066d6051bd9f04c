/** In-site messages: the caller's lists, the unread count and the guaranteed-order badge, changes. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { MESSAGE, type WebMessagePageBody } from '@shared/api/message'
import { useSessionStore } from '@renderer/stores/session'
import { call } from './client'
import { useChangeMutation } from './mutation'

/** Query keys of the message domain: `messageKeys.all` covers lists and counts. */
export const messageKeys = {
  all: ['message'] as const,
  lists: ['message', 'list'] as const,
  list: (body: WebMessagePageBody) => ['message', 'list', body] as const,
  unread: ['message', 'unread'] as const,
  group: ['message', 'group'] as const,
}

/** The header's count (background: no toast when it fails, the previous count stays). */
export const unreadCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: messageKeys.unread,
    queryFn: async () => {
      const count = Number(await call(MESSAGE.unreadCount, {}, { errors: 'caller' }))
      return Number.isSafeInteger(count) && count > 0 ? count : 0
    },
    enabled,
    staleTime: 0,
  })

/** The unread count of the logged-in user (0 for a visitor). */
export function useUnreadCount(): number {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  return useQuery(unreadCountQuery(loggedIn)).data ?? 0
}

/** Whether a guaranteed-order room has news (the side bar's badge). */
export const groupMessageQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: messageKeys.group,
    queryFn: async () => ({
      hasNewWarrantMessage:
        (await call(MESSAGE.group, {}, { errors: 'caller' }))?.hasNewWarrantMessage === true,
    }),
    enabled,
    staleTime: 0,
  })

/** A page of messages (errors: 'caller' — the message centre shows a failure in place). */
export const messagePageQuery = (body: WebMessagePageBody) =>
  queryOptions({
    queryKey: messageKeys.list(body),
    queryFn: () => call(MESSAGE.page, { body }, { errors: 'caller' }),
    placeholderData: keepPreviousData,
  })

/** Mark read or remove messages; lists and counts follow. */
export const useChangeMessages = () =>
  useChangeMutation(
    ({ action, ids }: { action: 'read' | 'remove'; ids: number[] }) =>
      call(action === 'read' ? MESSAGE.batchRead : MESSAGE.batchRemove, { body: { ids } }),
    { keys: [messageKeys.all] },
  )

/** Writes the caller's messages into a CSV on the server; download it with its fileName. */
export async function exportWebMessages() {
  const result = await call(MESSAGE.export, {})
  if (!result?.fileName) throw new Error('导出失败：服务器未返回文件')
  return result
}

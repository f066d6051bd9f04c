/**
 * 在线客服, the user's side (docs/customer-service.md): the service's status (hours, queue, mode),
 * the user's conversation, its messages, sending, ending, rating and the unread count of support
 * replies (added to the tray / title badge).
 *
 * Messages are kept in the query cache oldest first and only ever extended: each fetch asks for the
 * messages after the last id held (`afterId`), so a live `cs-message` event, a reconnect of the live
 * stream or a focus all come down to "fetch after my last id" — nothing is lost when events were
 * missed, and `mergeMessages` drops duplicates and keeps the order whatever arrives twice or late.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  CS_CONVERSATION,
  CS_LIMITS,
  type CsConversation,
  type CsMessage,
  type CsOpenBody,
  type CsRateBody,
  type CsSendBody,
} from '@shared/api/cs'
import { useSessionStore } from '@renderer/stores/session'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const csKeys = {
  all: ['cs'] as const,
  status: ['cs', 'status'] as const,
  unread: ['cs', 'unread'] as const,
  latest: ['cs', 'latest'] as const,
  conversation: (id: number) => ['cs', 'conversation', id] as const,
  messages: (id: number) => ['cs', 'messages', id] as const,
}

/**
 * `incoming` merged into `held`: one row per message id (a later copy replaces an earlier one),
 * ordered by id — the order the server gives them within a conversation.
 */
export function mergeMessages(held: readonly CsMessage[], incoming: readonly CsMessage[]): CsMessage[] {
  if (incoming.length === 0) return held as CsMessage[]
  const byId = new Map<number, CsMessage>()
  for (const m of held) byId.set(m.messageId, m)
  for (const m of incoming) byId.set(m.messageId, m)
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId)
}

/**
 * What the cache holds of a conversation: its messages and `syncedTo`, the id up to which every
 * message was fetched. A message of my own (the send's answer) is shown at once but does not move
 * `syncedTo`: a reply that arrived just before it is still fetched by the next "after syncedTo".
 */
export interface CsThread {
  messages: CsMessage[]
  syncedTo: number
}

export const EMPTY_THREAD: CsThread = { messages: [], syncedTo: 0 }

/** The thread after a fetch of everything after `held.syncedTo`. */
export function syncedThread(held: CsThread, fetched: readonly CsMessage[]): CsThread {
  const last = fetched.reduce((max, m) => Math.max(max, m.messageId), held.syncedTo)
  return { messages: mergeMessages(held.messages, fetched), syncedTo: last }
}

/** The thread with my sent message shown (not moving `syncedTo`). */
export function threadWithSent(held: CsThread, sent: CsMessage): CsThread {
  return { messages: mergeMessages(held.messages, [sent]), syncedTo: held.syncedTo }
}

/** Every message after `afterId`, page by page (a page of CS_LIMITS.messagesPage at most). */
export async function fetchMessagesAfter(conversationId: number, afterId: number): Promise<CsMessage[]> {
  const all: CsMessage[] = []
  let after = afterId
  for (;;) {
    const rows = await call(
      CS_CONVERSATION.messages,
      { params: { conversationId }, query: { afterId: after, limit: CS_LIMITS.messagesPage } },
      { errors: 'caller' },
    )
    all.push(...rows)
    if (rows.length < CS_LIMITS.messagesPage) return all
    after = rows.at(-1)!.messageId
  }
}

/** The hours, the queue, the mode (public; background: no toast). */
export const csStatusQuery = () =>
  queryOptions({
    queryKey: csKeys.status,
    queryFn: () => call(CS_CONVERSATION.status, {}, { errors: 'caller' }),
    staleTime: 30_000,
  })

/** The caller's newest conversation (the panel resumes it, or offers its rating once it ended). */
export const csLatestQuery = () =>
  queryOptions({
    queryKey: csKeys.latest,
    queryFn: async () =>
      (
        await call(
          CS_CONVERSATION.conversations,
          { query: { pageNum: 1, pageSize: 1 } },
          { errors: 'caller' },
        )
      ).rows[0] ?? null,
  })

export const csConversationQuery = (conversationId: number) =>
  queryOptions({
    queryKey: csKeys.conversation(conversationId),
    queryFn: () => call(CS_CONVERSATION.conversation, { params: { conversationId } }, { errors: 'caller' }),
  })

/**
 * The conversation's messages, oldest first. Each run fetches only what came after `syncedTo` and
 * merges it (reading moves the read marker on the server, so the unread count is asked again).
 */
export const csMessagesQuery = (conversationId: number) =>
  queryOptions({
    queryKey: csKeys.messages(conversationId),
    queryFn: async ({ client }): Promise<CsThread> => {
      const held = client.getQueryData<CsThread>(csKeys.messages(conversationId)) ?? EMPTY_THREAD
      const fetched = await fetchMessagesAfter(conversationId, held.syncedTo)
      if (fetched.some((m) => m.sender !== 'user')) void client.invalidateQueries({ queryKey: csKeys.unread })
      // a sent message may have joined meanwhile: merge into what the cache holds now
      return syncedThread(client.getQueryData<CsThread>(csKeys.messages(conversationId)) ?? held, fetched)
    },
    // kept while the user is elsewhere: the next look fetches only what is new
    gcTime: 30 * 60_000,
  })

/** Unread support replies over all conversations (background: no toast). */
export const csUnreadQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: csKeys.unread,
    queryFn: async () => {
      const count = Number(await call(CS_CONVERSATION.unread, {}, { errors: 'caller' }))
      return Number.isSafeInteger(count) && count > 0 ? count : 0
    },
    enabled,
    staleTime: 0,
  })

/** The logged-in user's unread support replies (0 for a visitor). */
export function useCsUnreadCount(): number {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  return useQuery(csUnreadQuery(loggedIn)).data ?? 0
}

/** Put a conversation the server answered into the cache (open, end, rate answer it). */
export function keepConversation(queryClient: QueryClient, conversation: CsConversation): void {
  queryClient.setQueryData(csKeys.conversation(conversation.conversationId), conversation)
  queryClient.setQueryData(csKeys.latest, conversation)
}

/** Open a conversation or resume the open one (the panel shows a failure itself). */
export function useOpenCs() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async (body: CsOpenBody) => {
      const result = await call(CS_CONVERSATION.open, { body }, { errors: 'caller' })
      keepConversation(queryClient, result.conversation)
      queryClient.setQueryData(csKeys.status, result.status)
      return result
    },
    { errors: 'caller' },
  )
}

/** Send a text and/or one image; the answer's message joins the list at once (the panel shows refusals). */
export function useSendCs() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async (body: CsSendBody) => {
      const result = await call(CS_CONVERSATION.send, { body }, { errors: 'caller' })
      queryClient.setQueryData<CsThread>(csKeys.messages(body.conversationId), (held) =>
        threadWithSent(held ?? EMPTY_THREAD, result.message),
      )
      return result
    },
    { errors: 'caller', keys: (_result, body) => [csKeys.conversation(body.conversationId)] },
  )
}

export function useEndCs() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async (conversationId: number) => {
      const conversation = await call(CS_CONVERSATION.end, { body: { conversationId } }, { errors: 'caller' })
      keepConversation(queryClient, conversation)
      return conversation
    },
    { errors: 'caller' },
  )
}

export function useRateCs() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async (body: CsRateBody) => {
      const conversation = await call(CS_CONVERSATION.rate, { body }, { errors: 'caller' })
      keepConversation(queryClient, conversation)
      return conversation
    },
    { errors: 'caller' },
  )
}

/**
 * 售前咨询 (docs/pre-sale-chat.md): the caller's conversations, one conversation and its messages,
 * the unread count the header adds to 消息, opening a conversation from a listing and sending; the
 * staff view of a disputed order's pre-sale chat. Live `chat-message` events invalidate `chatKeys.all`.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CHAT,
  CHAT_STAFF,
  type ChatConversationQuery,
  type ChatMessagesQuery,
  type ChatSendBody,
} from '@shared/api/chat'
import { useSessionStore } from '@renderer/stores/session'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const chatKeys = {
  all: ['chat'] as const,
  lists: ['chat', 'list'] as const,
  list: (query: ChatConversationQuery) => ['chat', 'list', query] as const,
  conversation: (id: number) => ['chat', 'conversation', id] as const,
  messages: (id: number, query: ChatMessagesQuery) => ['chat', 'messages', id, query] as const,
  unread: ['chat', 'unread'] as const,
  dispute: (orderNo: string) => ['chat', 'dispute', orderNo] as const,
  quickReplies: ['chat', 'quickReplies'] as const,
}

/** The caller's conversations (errors: 'caller' — the page shows a failure in place, components/ErrorAlert). */
export const chatListQuery = (query: ChatConversationQuery) =>
  queryOptions({
    queryKey: chatKeys.list(query),
    queryFn: () => call(CHAT.conversations, { query }, { errors: 'caller' }),
    placeholderData: keepPreviousData,
  })

/** One conversation (errors: 'caller' — the page says why it cannot in place). */
export const chatConversationQuery = (conversationId: number) =>
  queryOptions({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: () => call(CHAT.conversation, { params: { conversationId } }, { errors: 'caller' }),
  })

/** Newest first; reading page 1 moves the caller's read marker (the counts are asked again after). */
export const chatMessagesQuery = (conversationId: number, query: ChatMessagesQuery) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId, query),
    queryFn: () => call(CHAT.messages, { params: { conversationId }, query }),
    placeholderData: keepPreviousData,
  })

/** Staff (纠纷仲裁): the pre-sale conversation of a disputed order; each read is logged (errors: 'caller' — shown in place). */
export const disputeChatQuery = (orderNo: string) =>
  queryOptions({
    queryKey: chatKeys.dispute(orderNo),
    queryFn: () => call(CHAT_STAFF.disputeChat, { params: { orderNo } }, { errors: 'caller' }),
    staleTime: Infinity,
  })

/** Unread pre-sale messages (background: no toast when it fails). */
export const chatUnreadQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: chatKeys.unread,
    queryFn: async () => {
      const count = Number(await call(CHAT.unread, {}, { errors: 'caller' }))
      return Number.isSafeInteger(count) && count > 0 ? count : 0
    },
    enabled,
    staleTime: 0,
  })

/** The logged-in user's unread pre-sale messages (0 for a visitor). */
export function useChatUnreadCount(): number {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  return useQuery(chatUnreadQuery(loggedIn)).data ?? 0
}

/** After the latest page was read: the counts and the list's badges follow. */
export function useChatRead() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists })
  }
}

/** The buyer opens (or finds again) the conversation about a listing. */
export const useOpenChat = () =>
  useChangeMutation((goodsId: number) => call(CHAT.open, { body: { goodsId } }), { keys: [chatKeys.lists] })

/**
 * Send a message of any kind (text, the listing's card, an uploaded image); the form shows a
 * refusal itself (errors: 'caller').
 */
export const useSendChat = (conversationId: number) =>
  useChangeMutation(
    (message: Omit<ChatSendBody, 'conversationId'>) =>
      call(CHAT.send, { body: { conversationId, ...message } }, { errors: 'caller' }),
    { keys: [chatKeys.all], errors: 'caller' },
  )

/** The caller's quick replies (a seller inserts one with a tap). */
export const quickRepliesQuery = () =>
  queryOptions({
    queryKey: chatKeys.quickReplies,
    queryFn: () => call(CHAT.quickReplies, {}),
    staleTime: 60_000,
  })

/** Add, edit or remove a quick reply; the dialog shows a refusal itself (errors: 'caller'). */
export const useSaveQuickReply = () =>
  useChangeMutation(
    ({ replyId, content }: { replyId?: number; content: string }) =>
      replyId
        ? call(CHAT.editQuickReply, { body: { replyId, content } }, { errors: 'caller' })
        : call(CHAT.addQuickReply, { body: { content } }, { errors: 'caller' }),
    { keys: [chatKeys.quickReplies], errors: 'caller' },
  )

export const useRemoveQuickReply = () =>
  useChangeMutation((replyId: number) => call(CHAT.removeQuickReply, { body: { replyId } }), {
    keys: [chatKeys.quickReplies],
    done: '已删除',
  })

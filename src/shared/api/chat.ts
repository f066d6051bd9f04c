/**
 * 售前咨询 (pre-sale chat, docs/pre-sale-chat.md): a logged-in buyer asks the seller about a listing
 * in one conversation per (listing, buyer); the seller sees every conversation of their listings.
 * Text only, length-limited, with the escrow room's safety filter (no contact details, no passwords)
 * and a send rate limit; read markers per side give unread counts. Staff read a conversation only
 * when an order of that listing between the same buyer and seller is disputed (logged).
 * Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type QueryOf } from './contract'
import { goodsIdBody } from './goods'
import { id, oneOf, optional, paging, strict, Type } from './fields'
import { orderNoField } from './trade'

export const CHAT_LIMITS = {
  /** characters of one message */
  content: 500,
  /** messages a user may send per minute (all conversations) */
  perMinute: 20,
  /** messages staff read of one disputed conversation (the newest) */
  staffRead: 500,
} as const

export type ChatRole = 'buyer' | 'seller'

export interface ChatConversation {
  conversationId: number
  goodsId: number
  goodsTitle: string
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  /** the caller's side in it */
  role: ChatRole
  lastMessage: string | null
  lastMessageAt: number | null
  /** messages of the other side after the caller's read marker */
  unread: number
  createdAt: number
}

export interface ChatMessage {
  messageId: number
  conversationId: number
  senderRole: ChatRole
  senderName: string
  content: string
  createdAt: number
}

/** Staff view of a disputed order's pre-sale conversation (null: the buyer never asked). */
export interface DisputeChat {
  conversation: Omit<ChatConversation, 'role' | 'unread'> | null
  /** oldest first, the newest CHAT_LIMITS.staffRead */
  messages: ChatMessage[]
}

const conversationParams = strict({ conversationId: id('会话编号') })

export const CHAT = {
  /** the buyer opens (or finds again) the conversation about a listing on sale; not their own */
  open: endpoint({
    method: 'POST',
    path: '/chat/conversation',
    access: 'user',
    body: goodsIdBody,
    answer: data<ChatConversation>(),
  }),
  /** the caller's conversations, latest activity first; `role` narrows to one side */
  conversations: endpoint({
    method: 'GET',
    path: '/chat/conversations',
    access: 'user',
    query: strict({ ...paging(50), role: optional(oneOf('身份', ['buyer', 'seller'] as const)) }),
    answer: page<ChatConversation>(),
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/chat/conversation/:conversationId',
    access: 'user',
    params: conversationParams,
    answer: data<ChatConversation>(),
  }),
  /**
   * a conversation's messages, newest first (page 1 = the latest); reading page 1 moves the caller's
   * read marker to the newest message
   */
  messages: endpoint({
    method: 'GET',
    path: '/chat/messages/:conversationId',
    access: 'user',
    params: conversationParams,
    query: strict(paging(100)),
    answer: page<ChatMessage>(),
  }),
  send: endpoint({
    method: 'POST',
    path: '/chat/message',
    access: 'user',
    body: strict({
      conversationId: id('会话编号'),
      content: Type.String({
        title: '消息内容',
        minLength: 1,
        maxLength: CHAT_LIMITS.content,
        pattern: '\\S',
      }),
    }),
    answer: data<{ messageId: number }>(),
  }),
  /** unread messages of the caller over all conversations (the header adds it to 消息) */
  unread: endpoint({
    method: 'GET',
    path: '/chat/unread',
    access: 'user',
    answer: data<number>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const CHAT_STAFF = {
  /**
   * staff (纠纷仲裁): the pre-sale conversation of a disputed order's listing between its buyer and
   * seller; each read is written to the operation log
   */
  disputeChat: endpoint({
    method: 'GET',
    path: '/chat/dispute/:orderNo',
    access: 'user',
    permission: PERMS.disputeList,
    params: strict({ orderNo: orderNoField() }),
    answer: data<DisputeChat>(),
  }),
}

export type ChatConversationQuery = QueryOf<typeof CHAT.conversations>
export type ChatMessagesQuery = QueryOf<typeof CHAT.messages>

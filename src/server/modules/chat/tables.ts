/** Row types of the tables the chat module owns (docs/pre-sale-chat.md). */
import type { Generated } from 'kysely'
import type { ChatMessageKind } from '../../../shared/api/chat'

/** One conversation per (listing, buyer); the seller is the listing's seller when it was opened. */
export interface ChatConversationsTable {
  id: Generated<number>
  goods_id: number
  buyer_id: number
  seller_id: number
  created_at: number
  /** null until the first message */
  last_message_id: number | null
  last_message_at: number | null
  /** read markers: the id of the newest message each side has read (0: none) */
  buyer_read_id: Generated<number>
  seller_read_id: Generated<number>
}

export interface ChatMessagesTable {
  id: Generated<number>
  conversation_id: number
  sender_id: number
  /** what `content` says for a card or an image is a short summary (lists, previews, old clients) */
  content: string
  /** 0360: TEXT for every older row */
  kind: Generated<ChatMessageKind>
  /** GOODS: the listing as it was when sent; IMAGE: the image id (JSON; null for TEXT) */
  payload: string | null
  created_at: number
}

/** A seller's canned replies (at most CHAT_LIMITS.quickReplies each). */
export interface ChatQuickRepliesTable {
  id: Generated<number>
  user_id: number
  content: string
  created_at: number
  updated_at: number
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable
  chat_messages: ChatMessagesTable
  chat_quick_replies: ChatQuickRepliesTable
}

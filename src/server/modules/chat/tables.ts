/** Row types of the tables the chat module owns (docs/pre-sale-chat.md). */
import type { Generated } from 'kysely'

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
  content: string
  created_at: number
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable
  chat_messages: ChatMessagesTable
}

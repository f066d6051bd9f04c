/** Row types of the tables the message module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'

export interface WebMessagesTable {
  id: Generated<number>
  user_id: number
  title: string
  content: string
  message_type: 'SYSTEM' | 'ORDER'
  is_read: number
  deleted: number
  created_at: number
}

/** the count of each user's unread, not deleted messages (a missing row is 0), see repo.ts */
export interface WebMessageUnreadTable {
  user_id: number
  unread: number
}

export interface MessageTables {
  web_messages: WebMessagesTable
  web_message_unread: WebMessageUnreadTable
}

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

export interface MessageTables {
  web_messages: WebMessagesTable
}

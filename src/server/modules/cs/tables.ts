/** Messages left for customer service outside its hours, declared by the module that owns them. */
import type { Generated } from 'kysely'

export interface CsLeaveMessagesTable {
  id: Generated<number>
  user_id: number
  /** CsLeaveMessageCategory */
  category: string
  contact: string
  content: string
  /** 'web' or 'desktop' */
  client: string
  /** 'NEW' until an agent handles it */
  status: string
  created_at: number
}

export interface CsTables {
  cs_leave_messages: CsLeaveMessagesTable
}

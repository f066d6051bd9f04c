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

/** Official customer-service contacts (docs/platform-pages.md); never deleted, retired instead. */
export interface CsContactsTable {
  id: Generated<number>
  /** CsChannel */
  channel: string
  /** normalised (normalizeContact) */
  value: string
  staff_name: string
  remark: string
  /** 'ACTIVE' | 'RETIRED' */
  status: string
  retired_at: number | null
  created_by: number | null
  created_at: number
  updated_at: number
}

/** Every verification look-up: what was asked, the verdict, by whom. */
export interface CsVerifyLogsTable {
  id: Generated<number>
  channel: string
  value: string
  contact_id: number | null
  /** CsVerdict */
  verdict: string
  ip: string
  user_id: number | null
  created_at: number
}

export interface CsTables {
  cs_leave_messages: CsLeaveMessagesTable
  cs_contacts: CsContactsTable
  cs_verify_logs: CsVerifyLogsTable
}

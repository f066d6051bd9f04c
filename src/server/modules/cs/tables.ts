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

/** 在线客服 conversations (docs/customer-service.md); at most one not ENDED per user. */
export interface CsConversationsTable {
  id: Generated<number>
  user_id: number
  /** the user's nick name when it was opened */
  user_name: string
  /** CsConversationStatus */
  status: string
  client: Generated<string>
  attach_kind: string | null
  attach_order_no: string | null
  attach_goods_id: number | null
  attach_dispute_id: number | null
  attach_title: Generated<string>
  agent_id: number | null
  /** 1: opened outside the service hours */
  left_message: Generated<number>
  /** when waiting started to count (opened, or the next opening for a left message) */
  wait_from: number
  created_at: number
  assigned_at: number | null
  first_response_at: number | null
  ended_at: number | null
  ended_by: string | null
  rating_score: number | null
  rating_text: string | null
  rated_at: number | null
  last_message_id: Generated<number>
  last_message_at: number | null
  last_preview: string | null
  /** the user's read marker (a message id) */
  user_read_id: Generated<number>
}

export interface CsMessagesTable {
  id: Generated<number>
  conversation_id: number
  /** CsSender */
  sender: string
  sender_id: number | null
  sender_name: string
  staff_no: string | null
  content: string
  /** JSON array of goods_images ids */
  image_ids: Generated<string>
  created_at: number
}

/** An agent's profile: the 工号 is also a STAFF_NO row of cs_contacts (verifiable). */
export interface CsAgentsTable {
  user_id: number
  staff_no: string
  staff_name: string
  /** CsTeam */
  team: string
  /** CsAgentStatus */
  status: string
  max_load: number
  last_seen_at: number | null
  created_at: number
  updated_at: number
}

export interface CsCannedRepliesTable {
  id: Generated<number>
  team: string
  title: string
  content: string
  sort: Generated<number>
  created_by: number | null
  updated_at: number
}

export interface CsTables {
  cs_conversations: CsConversationsTable
  cs_messages: CsMessagesTable
  cs_agents: CsAgentsTable
  cs_canned_replies: CsCannedRepliesTable
  cs_leave_messages: CsLeaveMessagesTable
  cs_contacts: CsContactsTable
  cs_verify_logs: CsVerifyLogsTable
}

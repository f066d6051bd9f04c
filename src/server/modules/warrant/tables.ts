/** Row types of the tables the warrant module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'
import type { DisputeState, OrderStatus, RulingDecision } from '../../../shared/api'

export interface WarrantMessagesTable {
  id: Generated<number>
  order_no: string
  sender_id: number
  recipient_id: number
  content: string
  created_at: number
  read_at: number | null
}

export interface WarrantPostsTable {
  id: Generated<number>
  order_no: string
  /** null for system posts */
  sender_id: number | null
  sender_role: 'buyer' | 'seller' | 'staff' | 'system'
  content: string
  /** JSON: image ids */
  image_ids: string
  created_at: number
}

export interface DisputesTable {
  id: Generated<number>
  order_no: string
  opened_by: number | null
  opener_side: 'buyer' | 'seller' | null
  /** the order state the dispute froze */
  from_status: OrderStatus
  reason: string
  opened_at: number
  status: DisputeState
  ruled_by: number | null
  ruled_at: number | null
  decision: RulingDecision | null
  refund_amount: number | null
  settle_amount: number | null
  ruling_reason: string | null
}

export interface WarrantTables {
  warrant_messages: WarrantMessagesTable
  warrant_posts: WarrantPostsTable
  disputes: DisputesTable
}

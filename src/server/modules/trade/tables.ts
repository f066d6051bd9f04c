/** Row types of the tables the trade module owns (docs/architecture.md, "modules own their data"). */
import type { Generated } from 'kysely'
import type { BidStatus, GoodsType, OrderStatus } from '../../../shared/api'

export interface OrdersTable {
  id: Generated<number>
  order_no: string
  goods_id: number
  buyer_id: number
  seller_id: number
  game_id: number
  goods_type: GoodsType
  title: string
  unit_price: number
  quantity: number
  amount: number
  /** money of this order held by the platform (paid, not yet settled or refunded) */
  escrow_amount: number
  status: OrderStatus
  disputed_from: OrderStatus | null
  dispute_reason: string | null
  /** JSON: the ReceivingRole chosen at ordering (a snapshot) */
  role_json: string | null
  bid_id: number | null
  protection_days: number
  /** JSON: { key: sealed } AES-256-GCM per field, context order:<no>:<key> */
  credentials_enc: string | null
  created_at: number
  paid_at: number | null
  delivery_started_at: number | null
  delivered_at: number | null
  completed_at: number | null
  settled_at: number | null
  cancelled_at: number | null
  refunded_at: number | null
  updated_at: number
  /** 1: handed over at payment from the listing's delivery account (migration 0031) */
  auto_delivered: Generated<number>
  /** how many times the seller corrected the delivered information */
  delivery_corrections: Generated<number>
  /** fen: the 额外包赔 fee the buyer added at checkout, part of `amount` (migration 0330) */
  protection_fee: Generated<number>
}

/** What happened to an order besides its state (migration 0031): deliveries, corrections. */
export interface OrderEventsTable {
  id: Generated<number>
  order_no: string
  actor_id: number | null
  kind:
    | 'DELIVERED'
    | 'DELIVERY_CORRECTED'
    | 'AUTO_DELIVERED'
    | 'REMINDED'
    | 'CANCEL_REQUESTED'
    | 'CANCEL_REFUSED'
    | 'CANCEL_AGREED'
    /** an overdue request handed to staff (the order went to 纠纷仲裁) */
    | 'CANCEL_ESCALATED'
  /** what the parties may read: the changed field labels, never the values */
  detail: string
  created_at: number
}

export interface CredentialViewsTable {
  id: Generated<number>
  order_no: string
  user_id: number
  ip: string
  viewed_at: number
}

export interface BidsTable {
  id: Generated<number>
  goods_id: number
  buyer_id: number
  seller_id: number
  ask_price: number
  price: number
  counter_price: number | null
  status: BidStatus
  expires_at: number
  order_no: string | null
  created_at: number
  updated_at: number
}

/** The seller's minimum bid of one listing (migration 0300); none: the 参数设置 percentage of the price. */
export interface BidFloorsTable {
  goods_id: number
  seller_id: number
  min_price: number
  updated_at: number
}

export interface ReceivingRolesTable {
  id: Generated<number>
  user_id: number
  game_id: number
  server_id: number | null
  role_name: string
  game_role_id: string
  is_default: number
  created_at: number
}

/** A staff note on an order (console 订单管理, migration 0110): the parties never see it. */
export interface OrderNotesTable {
  id: Generated<number>
  order_no: string
  staff_id: number
  content: string
  created_at: number
}

export interface TradeTables {
  orders: OrdersTable
  order_events: OrderEventsTable
  credential_views: CredentialViewsTable
  bids: BidsTable
  bid_floors: BidFloorsTable
  receiving_roles: ReceivingRolesTable
  order_notes: OrderNotesTable
}

/**
 * Row types of the trading tables (migration 0020), merged into `Database` like schema-goods.ts.
 * Money is integer fen (bigint), times epoch ms (bigint).
 */
import type { Generated } from 'kysely'
import type {
  BidStatus,
  DisputeState,
  GoodsType,
  LedgerType,
  OrderStatus,
  PayChannel,
  RulingDecision,
} from '../../shared/api'
import type { StoredPayeeKind } from '../../shared/rules/payee-account'

export interface WalletsTable {
  user_id: number
  available: number
  frozen: number
  pay_password_hash: string | null
  pay_fail_count: number
  pay_locked_until: number | null
  /** lease of the payment-password check in progress (migration 0031) */
  pay_check_until: number | null
  updated_at: number
}

export interface LedgerTable {
  id: Generated<number>
  user_id: number
  type: LedgerType
  amount: number
  frozen_amount: number
  available_after: number
  frozen_after: number
  order_no: string | null
  topup_no: string | null
  withdraw_no: string | null
  remark: string
  created_at: number
}

export interface TopupsTable {
  id: Generated<number>
  topup_no: string
  user_id: number
  amount: number
  channel: PayChannel
  status: 'PENDING' | 'PAID' | 'FAILED' | 'CLOSED'
  created_at: number
  paid_at: number | null
  /** where the gateway sends the user back (a checked same-site path); null: the balance page */
  return_to: string | null
}

export interface WithdrawalsTable {
  id: Generated<number>
  withdraw_no: string
  user_id: number
  amount: number
  account: string
  /** BANK_CARD | ALIPAY; OTHER for requests made before the kinds existed */
  account_kind: StoredPayeeKind
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  /** the reject reason staff gave ('' otherwise) */
  remark: string
  created_at: number
  decided_at: number | null
  decided_by: number | null
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
}

/** What happened to an order besides its state (migration 0031): deliveries, corrections. */
export interface OrderEventsTable {
  id: Generated<number>
  order_no: string
  actor_id: number | null
  kind: 'DELIVERED' | 'DELIVERY_CORRECTED' | 'AUTO_DELIVERED'
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

/**
 * A dispute (仲裁) and its ruling (migration 0032). OPEN until staff rule; RULED keeps the outcome:
 * refund_amount (fen back to the buyer) + settle_amount (fen to the seller) = the order amount.
 * opened_by / opener_side / ruled_by are null for disputes recorded before 0032.
 */
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

declare module './schema' {
  interface Database {
    disputes: DisputesTable
    wallets: WalletsTable
    order_events: OrderEventsTable
    ledger: LedgerTable
    topups: TopupsTable
    withdrawals: WithdrawalsTable
    receiving_roles: ReceivingRolesTable
    orders: OrdersTable
    credential_views: CredentialViewsTable
    bids: BidsTable
    warrant_posts: WarrantPostsTable
  }
}

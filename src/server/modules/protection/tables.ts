/** Row types of the tables the protection module owns (包赔, migration 0210, docs/recovery-protection.md). */
import type { Generated } from 'kysely'
import type { ClaimStatus, ProtectionClaimReason, ProtectionStatus } from '../../../shared/api'

/** The protection an account listing offers; no row: none. */
export interface GoodsProtectionTable {
  goods_id: number
  seller_id: number
  days: number
  updated_at: number
  /** 额外包赔 (migration 0330): the fee a buyer may add at checkout, and the days it adds; 0: none */
  extra_fee: Generated<number>
  extra_days: Generated<number>
}

/** The protection of one sold order (its terms and its deposit). */
export interface OrderProtectionsTable {
  id: Generated<number>
  order_no: string
  goods_id: number
  buyer_id: number
  seller_id: number
  days: number
  /** fen: the deposit of the terms, and what is frozen in the seller's wallet now */
  deposit: number
  deposit_held: Generated<number>
  status: ProtectionStatus
  /** the period: from the buyer's confirmation, `days` long */
  starts_at: number
  ends_at: number
  created_at: number
  updated_at: number
  /** 额外包赔 bought at checkout: the days it added (part of `days`) and its fee */
  extra_days: Generated<number>
  extra_fee: Generated<number>
}

export interface ProtectionClaimsTable {
  id: Generated<number>
  order_no: string
  buyer_id: number
  seller_id: number
  reason: ProtectionClaimReason
  description: string
  image_ids: string
  status: ClaimStatus
  /** the order number while open, else null (unique: one open claim per order) */
  open_order_no: string | null
  paid_amount: Generated<number>
  from_deposit: Generated<number>
  from_balance: Generated<number>
  owed_amount: Generated<number>
  reject_reason: Generated<string>
  decided_by: number | null
  decided_at: number | null
  created_at: number
}

export interface ProtectionTables {
  goods_protection: GoodsProtectionTable
  order_protections: OrderProtectionsTable
  protection_claims: ProtectionClaimsTable
}

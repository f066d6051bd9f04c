/**
 * 包赔 (recovery protection, docs/recovery-protection.md): a seller may back an account listing with a
 * protection period; a deposit (a share of the price) is frozen from the sale's proceeds and released
 * when the period ends without a claim. The buyer files a claim within the period; staff approve
 * (an amount, paid from the deposit first) or reject it. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, fen, id, list, oneOf, optional, paging, strict, text, Type } from './fields'
import type { GoodsImage } from './goods'
import type { Order, OrderStatus } from './trade'
import { orderNoField } from './trade'

export const PROTECTION_LIMITS = {
  /** the deposit's share of the price when the parameter is not set */
  defaultDepositPercent: 30,
  /** the periods a seller may choose when the parameter is not set */
  defaultDayOptions: [30, 90, 180] as readonly number[],
  description: 500,
  rejectReason: 200,
  images: 6,
} as const

/** sys_config keys (参数设置): the deposit percent and the periods a seller may choose. */
export const PROTECTION_CONFIG = {
  depositPercent: 'protection.depositPercent',
  dayOptions: 'protection.dayOptions',
} as const

/** The reasons a buyer may give (dictionary protection_claim_reason). */
export const PROTECTION_CLAIM_REASON_DICT = 'protection_claim_reason'
export const PROTECTION_CLAIM_REASONS = ['RECOVERED', 'BANNED', 'INFO_CHANGED', 'OTHER'] as const
export type ProtectionClaimReason = (typeof PROTECTION_CLAIM_REASONS)[number]
export const PROTECTION_CLAIM_REASON_LABELS: Record<ProtectionClaimReason, string> = {
  RECOVERED: '账号被原号主找回',
  BANNED: '账号因原号主原因被封禁',
  INFO_CHANGED: '绑定信息被原号主修改',
  OTHER: '其他',
}

/**
 * PENDING: terms taken at ordering, no deposit yet; ACTIVE: deposit frozen; RELEASED: the period
 * ended, what was left went back; ENDED: the period ended without a deposit (nothing to release).
 */
export const PROTECTION_STATUSES = ['PENDING', 'ACTIVE', 'RELEASED', 'ENDED'] as const
export type ProtectionStatus = (typeof PROTECTION_STATUSES)[number]
export const PROTECTION_STATUS_LABELS: Record<ProtectionStatus, string> = {
  PENDING: '待冻结保证金',
  ACTIVE: '保障中',
  RELEASED: '已到期解冻',
  ENDED: '已到期',
}

export const CLAIM_STATUSES = ['OPEN', 'APPROVED', 'REJECTED'] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  OPEN: '待处理',
  APPROVED: '已赔付',
  REJECTED: '已驳回',
}

/** The protection a listing offers (days 0: none). */
export interface ProtectionTerms {
  goodsId: number
  days: number
  depositPercent: number
  /** fen: the deposit the listing's price would freeze */
  deposit: number
  /** 额外包赔 the buyer may add at checkout: its fee (fen) and the days it adds; null: not offered */
  extra: { fee: number; days: number } | null
}

export interface ProtectionOptions {
  dayOptions: number[]
  depositPercent: number
}

export interface ProtectionClaim {
  claimId: number
  orderNo: string
  reason: ProtectionClaimReason
  reasonLabel: string
  description: string
  images: GoodsImage[]
  status: ClaimStatus
  /** fen paid to the buyer (approved) */
  paidAmount: number
  /** fen of the approved amount the seller could not cover, owed to the platform's follow-up */
  owedAmount: number
  rejectReason: string
  createdAt: number
  decidedAt: number | null
}

/** The protection of one order, as its buyer or seller (or staff) sees it. */
export interface OrderProtection {
  orderNo: string
  days: number
  status: ProtectionStatus
  /** fen: the deposit the order freezes (its terms) and what is frozen now */
  deposit: number
  depositHeld: number
  /** of `days`, those the 额外包赔 bought at checkout added, and its fee (0: none) */
  extraDays: number
  extraFee: number
  /** the period: from the buyer's confirmation; null until then */
  startsAt: number | null
  endsAt: number | null
  /** whether the caller (the buyer) may file a claim now */
  canClaim: boolean
  claims: ProtectionClaim[]
}

export interface StaffClaim extends ProtectionClaim {
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  goodsId: number
  goodsTitle: string
  orderAmount: number
  orderStatus: OrderStatus
  protection: Omit<OrderProtection, 'claims' | 'canClaim'>
}

const orderNoParams = strict({ orderNo: orderNoField() })

export const PROTECTION = {
  /** the periods a seller may choose and the deposit's share (public: the publish form) */
  options: endpoint({
    method: 'GET',
    path: '/protection/options',
    access: 'public',
    answer: data<ProtectionOptions>(),
  }),
  /** the protection a listing offers (public: the detail page) */
  terms: endpoint({
    method: 'GET',
    path: '/protection/goods/:goodsId',
    access: 'public',
    params: strict({ goodsId: id('商品编号') }),
    answer: data<ProtectionTerms>(),
  }),
  /** an order's protection and claims (its buyer, seller or staff) */
  order: endpoint({
    method: 'GET',
    path: '/protection/order/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<OrderProtection | null>(),
  }),
  /** the buyer files a claim within the period (one open claim per order) */
  claim: endpoint({
    method: 'POST',
    path: '/protection/claim',
    access: 'user',
    body: strict({
      orderNo: orderNoField(),
      reason: oneOf('理赔原因', PROTECTION_CLAIM_REASONS),
      description: text('情况说明', PROTECTION_LIMITS.description),
      imageIds: optional(
        list(
          '证据截图',
          Type.String({ title: '截图编号', pattern: '^[a-f0-9]{32}$' }),
          PROTECTION_LIMITS.images,
        ),
      ),
    }),
    answer: data<ProtectionClaim>(),
  }),
  /**
   * at checkout, the buyer adds (or takes off) the listing's 额外包赔 on the unpaid order: its fee is
   * added to the order's amount (docs/recovery-protection.md, "额外包赔")
   */
  extra: endpoint({
    method: 'POST',
    path: '/protection/extra',
    access: 'user',
    body: strict({ orderNo: orderNoField(), add: bool('是否购买额外包赔') }),
    answer: data<Order>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const PROTECTION_STAFF = {
  /** staff: claims, open ones first */
  list: endpoint({
    method: 'GET',
    path: '/protection/staff/list',
    access: 'user',
    permission: PERMS.protectionClaimList,
    query: strict({ ...paging(), status: optional(oneOf('理赔状态', CLAIM_STATUSES)) }),
    answer: page<StaffClaim>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/protection/staff/detail/:claimId',
    access: 'user',
    permission: PERMS.protectionClaimList,
    params: strict({ claimId: id('理赔编号') }),
    answer: data<StaffClaim>(),
  }),
  /** staff approve (an amount ≤ what the buyer paid, less earlier payouts) or reject (a reason) */
  decide: endpoint({
    method: 'POST',
    path: '/protection/staff/decide',
    access: 'user',
    permission: PERMS.protectionClaimDecide,
    body: strict({
      claimId: id('理赔编号'),
      approve: bool('是否赔付'),
      amount: optional(fen('赔付金额')),
      reason: optional(text('处理说明', PROTECTION_LIMITS.rejectReason, 0)),
    }),
    answer: data<StaffClaim>(),
  }),
}

export type FileClaimBody = BodyOf<typeof PROTECTION.claim>
export type DecideClaimBody = BodyOf<typeof PROTECTION_STAFF.decide>
export type ClaimListQuery = QueryOf<typeof PROTECTION_STAFF.list>

/**
 * Guaranteed-order rooms (担保聊天室) and disputes: every paid order has a room where its buyer, its
 * seller and staff post messages and evidence images; a party may open a dispute (the order freezes,
 * ARBITRATING) and staff rule on it, dividing the escrow between buyer and seller with a written
 * reason both read (docs/trading-rules.md).
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import { Type, fen, list, oneOf, optional, paging, strict, text } from './fields'
import { orderNoField, type Order, type OrderStatus } from './trade'

export interface WarrantRoom {
  orderNo: string
  goodsTitle: string
  /** the order amount, fen (what a ruling divides between buyer and seller) */
  amount: number
  status: OrderStatus
  buyerName: string
  sellerName: string
  lastMessageAt: number | null
  unread: number
}

export interface WarrantMessage {
  messageId: number
  orderNo: string
  senderId: number
  senderName: string
  /** staff: platform staff, shown as 平台客服 (an agent of 在线客服 posts this way too) */
  senderRole: 'buyer' | 'seller' | 'staff' | 'system'
  /** staff messages of an agent: the 工号 /platform/customServiceVerify.html confirms; else null */
  staffNo?: string | null
  content: string
  imageUrls: string[]
  createdAt: number
}

/**
 * A staff ruling divides the escrow: `refundAmount` fen back to the buyer, the rest settled to the
 * seller. RELEASE is refund 0, REFUND is refund everything, SPLIT names the refund (0 ≤ refund ≤
 * amount). The decision has no default: staff choose it, with a written reason both parties read.
 */
export const RULING_DECISIONS = ['RELEASE', 'REFUND', 'SPLIT'] as const
export type RulingDecision = (typeof RULING_DECISIONS)[number]
export const RULING_DECISION_LABELS: Record<RulingDecision, string> = {
  RELEASE: '放款给卖家',
  REFUND: '退款给买家',
  SPLIT: '部分退款',
}
export const RULING_LIMITS = { reasonMax: 500 } as const

/**
 * Why a refund of `refund` fen cannot come out of an order of `amount` fen ('' when it can): the
 * ruling form and the server say the same words, naming the maximum (a larger amount was once
 * clamped by the form into a full refund without a word; issue 33).
 */
export function rulingRefundProblem(refund: number, amount: number, yuan: (fen: number) => string): string {
  if (refund < 0) return '退回买家金额不能小于 0'
  if (refund > amount) return `退回买家金额不能超过订单金额 ${yuan(amount)}`
  return ''
}

/** OPEN: waiting for staff; RULED: decided (the record stays, with its ruling). */
export const DISPUTE_STATES = ['OPEN', 'RULED'] as const
export type DisputeState = (typeof DISPUTE_STATES)[number]
export const DISPUTE_STATE_LABELS: Record<DisputeState, string> = { OPEN: '待裁决', RULED: '已裁决' }

export interface DisputeRuling {
  decision: RulingDecision
  /** fen back to the buyer */
  refundAmount: number
  /** fen settled to the seller; refundAmount + settleAmount = the order amount */
  settleAmount: number
  reason: string
  ruledAt: number
  /** the staff member's name; null for rulings recorded before disputes were kept */
  ruledByName: string | null
}

/** A dispute of an order, open or ruled (WARRANT_STAFF.disputes / WARRANT.dispute). */
export interface Dispute {
  disputeId: number
  orderNo: string
  goodsTitle: string
  /** the order amount, fen */
  amount: number
  buyerName: string
  sellerName: string
  /** the order's state now */
  orderStatus: OrderStatus
  state: DisputeState
  /** who opened it; null for disputes recorded before disputes were kept */
  openedBy: 'buyer' | 'seller' | null
  openedByName: string | null
  openedAt: number
  reason: string
  /** the order state the dispute froze */
  fromStatus: OrderStatus
  ruling: DisputeRuling | null
}

const orderNoParams = strict({ orderNo: orderNoField() })

export const WARRANT = {
  /** the caller's rooms (paid orders); staff: besides, every disputed room and the ones they ruled */
  rooms: endpoint({
    method: 'GET',
    path: '/trade/warrant/rooms',
    access: 'user',
    answer: data<WarrantRoom[]>(),
  }),
  /** a room's messages, oldest first; reading them marks the caller's unread ones read */
  messages: endpoint({
    method: 'GET',
    path: '/trade/warrant/messages/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<WarrantMessage[]>(),
  }),
  post: endpoint({
    method: 'POST',
    path: '/trade/warrant/message',
    access: 'user',
    body: strict({
      orderNo: orderNoField(),
      content: text('消息内容', 1000, 0),
      /** evidence images from the image upload */
      imageIds: optional(list('图片', Type.String({ title: '图片', pattern: '^[0-9a-f]{32}$' }), 9)),
    }),
    answer: data<{ messageId: number }>(),
  }),
  /** a party opens a dispute: the order freezes (ARBITRATING) and staff handle it in the room */
  open: endpoint({
    method: 'POST',
    path: '/trade/order/dispute',
    access: 'user',
    body: strict({ orderNo: orderNoField(), reason: text('纠纷原因', 500) }),
    answer: data<Order>(),
  }),
  /** an order's latest dispute with its ruling, for its parties and staff (null: never disputed) */
  dispute: endpoint({
    method: 'GET',
    path: '/trade/warrant/dispute/:orderNo',
    access: 'user',
    params: orderNoParams,
    answer: data<Dispute | null>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const WARRANT_STAFF = {
  /**
   * staff: a ruling — the decision is required (no default); the refund is integer fen ≥ 0 (the
   * service also checks it against the order amount); the reason is required and must not be blank
   */
  rule: endpoint({
    method: 'POST',
    path: '/trade/warrant/rule',
    access: 'user',
    permission: PERMS.disputeRule,
    body: strict({
      orderNo: orderNoField(),
      decision: oneOf('裁决结果', RULING_DECISIONS),
      /** fen back to the buyer; required for SPLIT, and if given for RELEASE / REFUND it must be 0 / the amount */
      refundAmount: optional(fen('退回买家金额', 0)),
      reason: Type.String({
        title: '裁决理由',
        minLength: 1,
        maxLength: RULING_LIMITS.reasonMax,
        pattern: '\\S',
      }),
    }),
    answer: none(),
  }),
  /**
   * staff (在线客服): post in a paid order's room as platform staff (平台客服, with the agent's name
   * and 工号); same safety filter as the room; written to the operation log
   */
  staffPost: endpoint({
    method: 'POST',
    path: '/trade/warrant/staffMessage',
    access: 'user',
    permission: PERMS.csAnswer,
    body: strict({
      orderNo: orderNoField(),
      content: Type.String({ title: '消息内容', minLength: 1, maxLength: 1000, pattern: '\\S' }),
    }),
    answer: data<{ messageId: number }>(),
  }),
  /** staff (在线客服): a room's messages, oldest first (no read marker moves; logged) */
  staffMessages: endpoint({
    method: 'GET',
    path: '/trade/warrant/staffMessages/:orderNo',
    access: 'user',
    permission: PERMS.csAnswer,
    params: orderNoParams,
    answer: data<WarrantMessage[]>(),
  }),
  /** staff: disputes, open (the queue, oldest first) and ruled (the history, newest first) */
  disputes: endpoint({
    method: 'GET',
    path: '/trade/warrant/disputes',
    access: 'user',
    permission: PERMS.disputeList,
    query: strict({
      ...paging(),
      state: optional(oneOf('仲裁状态', DISPUTE_STATES)),
      orderNo: optional(orderNoField()),
    }),
    answer: page<Dispute>(),
  }),
}

export type PostWarrantMessageBody = BodyOf<typeof WARRANT.post>
export type DisputeBody = BodyOf<typeof WARRANT.open>
export type RuleBody = BodyOf<typeof WARRANT_STAFF.rule>
export type StaffPostBody = BodyOf<typeof WARRANT_STAFF.staffPost>
export type DisputeListQuery = QueryOf<typeof WARRANT_STAFF.disputes>

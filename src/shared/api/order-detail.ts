/**
 * The order detail page of a party (docs/order-detail.md): the order as its buyer or its seller sees
 * it — amounts and what the seller receives, the caller's own ledger rows, the timeline (the trade
 * module's one builder, shared with the console), the current deadline, the delivery and who viewed
 * it, the escrow room in short and the review. Anyone but the two parties gets 404 (staff read orders
 * in the console). Plain data: no Node, no DOM.
 */
import { data, endpoint } from './contract'
import { strict } from './fields'
import type { LedgerEntry } from './funds'
import type { Review } from './review'
import { orderNoField, type Order, type OrderTimelineItem } from './trade'

export interface OrderAmounts {
  /** fen */
  unitPrice: number
  quantity: number
  /** what the buyer pays, unitPrice × quantity */
  amount: number
  /** the platform's commission (agency sale only); null: decided when the order settles */
  fee: number | null
  /** what the seller receives (amount − fee, or what a ruling gave); null: not known yet */
  sellerReceives: number | null
  /** how the fee and the seller's share are decided, in Chinese */
  feeNote: string
  /** what the platform still holds for the order */
  escrow: number
  /** what went back to the buyer */
  refunded: number
}

/** The next deadline of the order's state (the trade rules' deadlineOf). */
export interface OrderDeadline {
  /** 支付截止, 卖家开始交付截止, 自动确认收货, 保护期结束结算 */
  label: string
  at: number
  /** what happens then */
  action: string
}

export interface OrderDeliveryInfo {
  autoDelivered: boolean
  /** the last hand-over */
  deliveredAt: number | null
  /** the labels of the handed-over fields (the buyer reads the values on the transfer page) */
  fields: string[]
  /** the seller's corrections, oldest first: when and which fields */
  corrections: Array<{ at: number; fields: string }>
  /** every view of the delivered credentials, newest first */
  views: Array<{ at: number; viewer: string }>
}

export interface OrderRoomSummary {
  /** the room page of the order */
  href: string
  /** the room is open (paid, not yet closed) */
  open: boolean
  count: number
  /** the last posts, oldest first */
  last: Array<{ senderRole: string; senderName: string; content: string; images: number; createdAt: number }>
}

/** A refund of the order's money to the channel it came through (docs/payments.md, "Refunds"). */
export interface OrderChannelRefund {
  refundNo: string
  channel: 'ALIPAY' | 'WECHAT'
  /** fen */
  amount: number
  /** PENDING: 处理中; SUCCESS: 已到账; FAILED: the money went back to the balance */
  status: 'PENDING' | 'SUCCESS' | 'FAILED'
  createdAt: number
  /** when it ended (SUCCESS / FAILED) */
  updatedAt: number
}

export interface OrderDetailView {
  /** the order with the caller's side (`myRole`), the current deadline and the actions allowed now */
  order: Order
  amounts: OrderAmounts
  /** the caller's own ledger rows of this order, oldest first */
  ledger: LedgerEntry[]
  /** the caller's refunds of this order to 支付宝 / 微信支付 (where and when the money went back) */
  channelRefunds: OrderChannelRefund[]
  timeline: OrderTimelineItem[]
  deadline: OrderDeadline | null
  delivery: OrderDeliveryInfo | null
  room: OrderRoomSummary
  review: Review | null
}

export const ORDER_DETAIL = {
  /** the order detail page: its buyer or its seller only (404 for anyone else, staff included) */
  view: endpoint({
    method: 'GET',
    path: '/trade/order/view/:orderNo',
    access: 'user',
    params: strict({ orderNo: orderNoField() }),
    answer: data<OrderDetailView>(),
  }),
}

/**
 * Bids (出价 / 还价) on a listing: the buyer offers below the asking price for a limited time, the
 * seller accepts (an unpaid order is created for the buyer), rejects or counters; the buyer accepts
 * a counter or cancels. Money is integer fen; times are epoch ms (docs/trading-rules.md).
 */
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { fen, id, int, oneOf, optional, paging, strict } from './fields'
import { TRADE_RULES, type Order } from './trade'

/** PENDING: waiting for the seller; COUNTERED: waiting for the buyer; ACCEPTED: an order exists */
export const BID_STATUSES = ['PENDING', 'COUNTERED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED'] as const
export type BidStatus = (typeof BID_STATUSES)[number]

export const BID_STATUS_LABELS: Record<BidStatus, string> = {
  PENDING: '待卖家处理',
  COUNTERED: '卖家已还价',
  ACCEPTED: '已成交',
  REJECTED: '已拒绝',
  EXPIRED: '已过期',
  CANCELLED: '已撤销',
}

export interface Bid {
  bidId: number
  goodsId: number
  goodsTitle: string
  /** asking price of the listing when the bid was made, fen */
  askPrice: number
  buyerId: number
  buyerName: string
  sellerId: number
  sellerName: string
  /** the buyer's offer, fen */
  price: number
  /** the seller's counter-offer, fen */
  counterPrice: number | null
  status: BidStatus
  expiresAt: number
  createdAt: number
  updatedAt: number
  /** the order created on acceptance */
  orderNo: string | null
}

const bidId = strict({ bidId: id('出价编号') })

export const BID = {
  create: endpoint({
    method: 'POST',
    path: '/trade/bid/create',
    access: 'user',
    body: strict({
      goodsId: id('商品编号'),
      price: fen('出价'),
      // refused above the maximum (the message names it), never cut to it; default bidDefaultHours
      expiresInHours: optional(int('有效期（小时）', 1, TRADE_RULES.bidMaxHours)),
    }),
    answer: data<Bid>(),
  }),
  /** the seller accepts the bid, or the buyer the counter: answers the unpaid order */
  accept: endpoint({
    method: 'POST',
    path: '/trade/bid/accept',
    access: 'user',
    body: bidId,
    answer: data<Order>(),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/trade/bid/reject',
    access: 'user',
    body: bidId,
    answer: data<Bid>(),
  }),
  counter: endpoint({
    method: 'POST',
    path: '/trade/bid/counter',
    access: 'user',
    body: strict({ bidId: id('出价编号'), price: fen('还价') }),
    answer: data<Bid>(),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/trade/bid/cancel',
    access: 'user',
    body: bidId,
    answer: data<Bid>(),
  }),
  /** the caller's bids as buyer, or the bids on the caller's listings as seller; newest first */
  list: endpoint({
    method: 'GET',
    path: '/trade/bid/list',
    access: 'user',
    query: strict({
      ...paging(),
      role: oneOf('角色', ['buyer', 'seller']),
      goodsId: optional(id('商品编号')),
      status: optional(oneOf('出价状态', BID_STATUSES)),
    }),
    answer: page<Bid>(),
  }),
}

export type CreateBidBody = BodyOf<typeof BID.create>
export type CounterBidBody = BodyOf<typeof BID.counter>
export type BidListQuery = QueryOf<typeof BID.list>

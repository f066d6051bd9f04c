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

/**
 * The bid floor (docs/trading-rules.md, "Bids"): a bid below the listing's minimum is refused with the
 * minimum named. The seller may set a minimum per listing; without one it is `floorPercent` (参数设置
 * `trade.bid.floorPercent`, default 30) of the price, rounded up to the fen.
 */
export const BID_CONFIG = { floorPercent: 'trade.bid.floorPercent' } as const
export const BID_LIMITS = { defaultFloorPercent: 30 } as const

/** The lowest bid a listing takes: the seller's minimum, or the percentage of the price. */
export function bidFloorOf(price: number, sellerMin: number | undefined, percent: number): number {
  if (sellerMin !== undefined) return sellerMin
  return Math.max(1, Math.ceil((price * percent) / 100))
}

/** What the 出价 button needs before the buyer types: the minimum, and the caller's open bid if any. */
export interface BidTerms {
  goodsId: number
  /** the asking price, fen */
  askPrice: number
  /** the lowest bid accepted, fen */
  minPrice: number
  /** whether the seller set the minimum (else the percentage of 参数设置) */
  sellerSet: boolean
  /** the percentage of the price used without the seller's minimum */
  floorPercent: number
  /** the caller's bid on the listing still waiting (待卖家处理 / 卖家已还价): no second bid meanwhile */
  openBid: Bid | null
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
  /** the listing's minimum bid and the caller's open bid on it (the 出价 button asks before the dialog) */
  terms: endpoint({
    method: 'GET',
    path: '/trade/bid/terms/:goodsId',
    access: 'user',
    params: strict({ goodsId: id('商品编号') }),
    answer: data<BidTerms>(),
  }),
  /** the seller sets the listing's minimum bid (1 fen up to below the price), or clears it (absent) */
  setFloor: endpoint({
    method: 'POST',
    path: '/trade/bid/floor',
    access: 'user',
    body: strict({ goodsId: id('商品编号'), minPrice: optional(fen('最低出价', 1)) }),
    answer: data<BidTerms>(),
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
export type SetBidFloorBody = BodyOf<typeof BID.setFloor>
export type BidListQuery = QueryOf<typeof BID.list>

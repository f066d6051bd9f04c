/**
 * Tools for power sellers (docs/seller-tools.md): bulk actions on 我出售的商品 — take down, relist,
 * change the price by an amount or a percentage, push — each answering one result per listing; and
 * the desktop workbench's summary of the seller's day. Plain data: no Node, no DOM.
 */
import type { GoodsStatus } from './goods'
import { data, endpoint, type BodyOf } from './contract'
import { id, int, list, oneOf, strict } from './fields'
import { GOODS_LIMITS } from './goods'

/** at most this many listings in one bulk action (the largest page of the list is 50) */
export const BULK_MAX_IDS = 100

/** One listing's outcome: ok, or the reason it was left unchanged (the server's own message). */
export interface BulkItemResult {
  goodsId: number
  ok: boolean
  reason?: string
  /** the listing's state afterwards (relist may send it to review) */
  status?: GoodsStatus
  /** the new price in fen (price change) */
  price?: number
}

export interface BulkResult {
  done: number
  failed: number
  results: BulkItemResult[]
}

const goodsIds = list('商品', id('商品编号'), BULK_MAX_IDS, 1)
const idsBody = strict({ goodsIds })

export const BULK = {
  offShelf: endpoint({
    method: 'POST',
    path: '/goods/seller/bulk/offShelf',
    access: 'user',
    body: idsBody,
    answer: data<BulkResult>(),
  }),
  onShelf: endpoint({
    method: 'POST',
    path: '/goods/seller/bulk/onShelf',
    access: 'user',
    body: idsBody,
    answer: data<BulkResult>(),
  }),
  /** AMOUNT: `value` fen added; PERCENT: `value` whole percent added (shared/rules/bulk-price.ts) */
  price: endpoint({
    method: 'POST',
    path: '/goods/seller/bulk/price',
    access: 'user',
    body: strict({
      goodsIds,
      mode: oneOf('调整方式', ['AMOUNT', 'PERCENT']),
      value: int('调整幅度', -GOODS_LIMITS.priceMaxFen, GOODS_LIMITS.priceMaxFen),
    }),
    answer: data<BulkResult>(),
  }),
  /** each listing is one push of the push module (its daily quota and durations apply) */
  push: endpoint({
    method: 'POST',
    path: '/goods/seller/bulk/push',
    access: 'user',
    body: strict({ goodsIds, hours: int('推送时长', 1, 168) }),
    answer: data<BulkResult>(),
  }),
}

export type BulkIdsBody = BodyOf<typeof BULK.offShelf>
export type BulkPriceBody = BodyOf<typeof BULK.price>
export type BulkPushBody = BodyOf<typeof BULK.push>

// ---------------------------------------------------------------- desktop workbench

export interface WorkbenchOrder {
  orderNo: string
  goodsTitle: string
  buyerName: string
  amount: number
  paidAt: number | null
}

export interface WorkbenchBid {
  bidId: number
  goodsId: number
  goodsTitle: string
  buyerName: string
  price: number
  askPrice: number
  expiresAt: number
}

/** The seller's day at a glance (the desktop workbench window and the tray menu). */
export interface WorkbenchSummary {
  /** paid orders waiting for the seller to deliver (all of them) */
  toDeliver: number
  /** of those, the ones created today (China day) */
  newToday: number
  /** bids on the seller's listings waiting for an answer */
  pendingBids: number
  /** unread in-site messages */
  unreadMessages: number
  /**
   * unread pre-sale chats: filled in by the chat module once it exists; null until then (the
   * workbench shows no chat row while it is null)
   */
  unreadChats: number | null
  /** the newest orders to deliver (at most 5) */
  orders: WorkbenchOrder[]
  /** the newest pending bids (at most 5) */
  bids: WorkbenchBid[]
  at: number
}

export const WORKBENCH = {
  summary: endpoint({
    method: 'GET',
    path: '/seller/workbench/summary',
    access: 'user',
    answer: data<WorkbenchSummary>(),
  }),
}

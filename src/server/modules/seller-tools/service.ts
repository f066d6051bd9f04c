/**
 * Tools for power sellers (docs/seller-tools.md). Bulk actions on the seller's listings: each listing
 * goes through the goods (or push) service's own single-listing function — its owner check, rules,
 * transaction and cache clearing — one transaction per listing, and answers its own result, so one
 * refusal never undoes or blocks the others. And the workbench summary of the seller's day, read
 * through the trade and message services.
 */
import type { BulkItemResult, BulkResult, GoodsStatus, WorkbenchSummary } from '../../../shared/api'
import {
  bulkChangeProblem,
  bulkNewPrice,
  bulkPriceProblem,
  type BulkPriceChange,
} from '../../../shared/rules/bulk-price'
import { ApiError, badRequest } from '../../http/errors'
import type { GoodsService } from '../goods/service'
import type { PushService } from '../push/service'
import { chinaDay } from '../push/service'
import type { TradeService } from '../trade/service'

export interface SellerToolsDeps {
  goods: GoodsService
  pushes: PushService
  trade: Pick<TradeService, 'list' | 'bidList'>
  unreadMessages: (userId: number) => Promise<number>
  /** unread pre-sale chat messages (the chat module); without it the workbench answers null (no chat row) */
  unreadChats?: (userId: number) => Promise<number>
  now: () => number
}

const FAILED = '操作失败，请稍后重试'

/** The same ids once each, in the order given. */
const unique = (ids: number[]) => [...new Set(ids)]

function summarise(results: BulkItemResult[]): BulkResult {
  const done = results.filter((r) => r.ok).length
  return { done, failed: results.length - done, results }
}

export function sellerToolsService(deps: SellerToolsDeps) {
  const { goods, pushes, trade, now } = deps

  /** Runs `one` for each listing in turn; a refusal (ApiError) becomes that listing's reason. */
  async function each(
    goodsIds: number[],
    one: (goodsId: number) => Promise<Omit<BulkItemResult, 'goodsId' | 'ok'>>,
  ): Promise<BulkResult> {
    const results: BulkItemResult[] = []
    for (const goodsId of unique(goodsIds)) {
      try {
        results.push({ goodsId, ok: true, ...(await one(goodsId)) })
      } catch (err) {
        if (!(err instanceof ApiError)) console.error(`[seller-tools] listing ${goodsId}`, err)
        results.push({ goodsId, ok: false, reason: err instanceof ApiError ? err.message : FAILED })
      }
    }
    return summarise(results)
  }

  return {
    offShelf: (userId: number, goodsIds: number[]) =>
      each(goodsIds, async (goodsId) => {
        await goods.offShelf(userId, goodsId)
        return { status: 'OFF_SHELF' as GoodsStatus }
      }),

    onShelf: (userId: number, goodsIds: number[]) =>
      each(goodsIds, async (goodsId) => ({ status: await goods.onShelf(userId, goodsId) })),

    async price(userId: number, goodsIds: number[], change: BulkPriceChange): Promise<BulkResult> {
      const problem = bulkChangeProblem(change)
      if (problem) throw badRequest(problem)
      return each(goodsIds, async (goodsId) => ({
        price: await goods.changePrice(userId, goodsId, (current) => {
          const next = bulkNewPrice(current, change)
          const refused = bulkPriceProblem(next)
          if (refused) throw badRequest(refused)
          return next
        }),
      }))
    },

    /** Each listing is one push of the push module: its quota is counted and checked per listing. */
    async push(userId: number, goodsIds: number[], hours: number): Promise<BulkResult> {
      const { hourOptions } = await pushes.quota(userId)
      if (!hourOptions.includes(hours)) throw badRequest(`推送时长只能选择 ${hourOptions.join('/')} 小时`)
      return each(goodsIds, async (goodsId) => {
        await pushes.push(userId, { goodsId, hours })
        return {}
      })
    },

    async workbench(userId: number): Promise<WorkbenchSummary> {
      const at = now()
      const dayStart = Date.parse(`${chinaDay(at)}T00:00:00+08:00`)
      const [paid, bids, unreadMessages, unreadChats] = await Promise.all([
        trade.list('seller', userId, { status: 'PAID', pageNum: 1, pageSize: 100 }),
        trade.bidList(userId, { role: 'seller', status: 'PENDING', pageNum: 1, pageSize: 5 }),
        deps.unreadMessages(userId),
        deps.unreadChats ? deps.unreadChats(userId) : Promise.resolve(null),
      ])
      return {
        toDeliver: paid.total,
        newToday: paid.rows.filter((o) => o.createdAt >= dayStart).length,
        pendingBids: bids.total,
        unreadMessages,
        unreadChats,
        orders: paid.rows.slice(0, 5).map((o) => ({
          orderNo: o.orderNo,
          goodsTitle: o.goodsTitle,
          buyerName: o.buyerName,
          amount: o.amount,
          paidAt: o.paidAt,
        })),
        bids: bids.rows.map((b) => ({
          bidId: b.bidId,
          goodsId: b.goodsId,
          goodsTitle: b.goodsTitle,
          buyerName: b.buyerName,
          price: b.price,
          askPrice: b.askPrice,
          expiresAt: b.expiresAt,
        })),
        at,
      }
    },
  }
}

export type SellerToolsService = ReturnType<typeof sellerToolsService>

/**
 * Finished deals of a game and goods type since a time, for the valuation and the price history of
 * comparable deals (docs/valuation.md): which listing sold, at what unit price, when. Like the price
 * records, orders a ruling split are left out. Reads orders_deals_idx (game_id, goods_type,
 * completed_at), newest first, at most `limit` rows.
 */
import type { GoodsType } from '../../../shared/api'
import type { TradeCore } from './core'
import { notPartlyRefunded } from './repo'

export interface FinishedDeal {
  goodsId: number
  /** fen per item */
  unitPrice: number
  completedAt: number
}

export function comparableDeals(core: TradeCore) {
  const { db } = core
  return {
    async finishedDeals(
      gameId: number,
      goodsType: GoodsType,
      since: number,
      limit = 5000,
    ): Promise<FinishedDeal[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['goods_id', 'unit_price', 'completed_at'])
        .where('game_id', '=', gameId)
        .where('goods_type', '=', goodsType)
        .where('completed_at', '>=', since)
        .where('status', 'in', ['COMPLETED', 'SETTLED'])
        .where(notPartlyRefunded)
        .orderBy('completed_at', 'desc')
        .limit(limit)
        .execute()
      return rows.map((r) => ({
        goodsId: r.goods_id,
        unitPrice: Number(r.unit_price),
        completedAt: Number(r.completed_at),
      }))
    },
  }
}

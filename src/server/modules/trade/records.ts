/**
 * Public price records (成交记录): the daily deal prices of a game's finished orders over the last
 * days (average, lowest, highest) and the deals themselves, paged. Orders a ruling split are left
 * out: their amount is not what the goods sold for (repo.ts).
 */
import type { DealRecord, PriceRecordQuery, PriceRecords } from '../../../shared/api'
import { chinaDay } from '../funds/numbers'
import type { TradeCore } from './core'
import { DAY } from './rules'
import type { OrderTimers } from './timers'

/** The daily points of a series of deals (amount, completion time), in the order the days first occur. */
export function dailyPoints(deals: Array<{ amount: number; completed_at: number | null }>) {
  const byDay = new Map<string, number[]>()
  for (const d of deals) {
    const day = chinaDay(Number(d.completed_at))
    const list = byDay.get(day) ?? []
    list.push(Number(d.amount))
    byDay.set(day, list)
  }
  return [...byDay.entries()].map(([day, amounts]) => ({
    day,
    deals: amounts.length,
    avg: Math.round(amounts.reduce((s, a) => s + a, 0) / amounts.length),
    min: Math.min(...amounts),
    max: Math.max(...amounts),
  }))
}

export function priceRecords(core: TradeCore, timers: OrderTimers) {
  const { repo, now } = core
  return {
    async priceRecords(q: PriceRecordQuery): Promise<PriceRecords> {
      await timers.lazySweep()
      const days = q.days ?? 30
      const since = now() - days * DAY
      const series = dailyPoints(await repo.deals(q.gameId, q.goodsType, since))
      const page = await repo.dealPage(q.gameId, q.goodsType, since, q)
      const rows: DealRecord[] = page.rows.map((r) => ({
        orderNo: r.order_no,
        gameName: r.game_name,
        goodsType: r.goods_type,
        title: r.title,
        amount: Number(r.amount),
        completedAt: Number(r.completed_at),
      }))
      return { series, rows, total: page.total }
    },
  }
}

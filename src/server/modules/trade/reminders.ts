/**
 * 催发货 (docs/trading-rules.md, "Before delivery"): the buyer of a paid order that is not delivered
 * yet reminds the seller — a message to the seller and a line in the order's history — at most once
 * every ORDER_REMIND_HOURS per order; a reminder too soon is refused with the time until the next.
 */
import { tooMany } from '../../http/errors'
import { ORDER_REMIND_HOURS, type OrderReminder } from '../../../shared/api'
import { stateError, type OrderAccess, type TradeCore } from './core'

const HOUR = 3_600_000

/** "2 小时 5 分钟" / "5 分钟" (rounded up to the minute) */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return [h ? `${h} 小时` : '', m ? `${m} 分钟` : ''].filter(Boolean).join(' ')
}

export function orderReminders(core: TradeCore, { mustBe }: OrderAccess) {
  const { repo, now, announce } = core
  const every = ORDER_REMIND_HOURS * HOUR
  return {
    async remind(buyerId: number, orderNo: string): Promise<OrderReminder> {
      const o = await mustBe(orderNo, buyerId, 'buyer')
      if (o.status !== 'PAID' && o.status !== 'DELIVERING') throw stateError(o)
      const at = now()
      const last = (await repo.events(orderNo)).filter((e) => e.kind === 'REMINDED').at(-1)
      if (last && at - Number(last.created_at) < every) {
        const nextAt = Number(last.created_at) + every
        throw tooMany(`已提醒过卖家，${waitText(nextAt - at)}后可再次催发货`)
      }
      await repo.addEvent(orderNo, buyerId, 'REMINDED', '', at)
      await announce([
        {
          to: o.seller_id,
          title: '买家催发货',
          content: `买家提醒您尽快交付订单 ${orderNo}（${o.title}），超时未交付买家可取消订单并全额退款。`,
        },
      ])
      return { remindedAt: at, nextAt: at + every }
    },
  }
}

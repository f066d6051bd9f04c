/**
 * Cancellation on request (docs/trading-rules.md, "Before delivery"): the buyer of a paid order not yet
 * delivered asks to cancel with a reason; the seller agrees — the order is refunded in full as when a
 * late seller's order is cancelled (the same ledger row type and 'order.refunded' event) — or refuses
 * with a reason. The request, the refusal and the agreement are rows of `order_events`.
 * An unanswered request past ORDER_CANCEL_ANSWER_HOURS is shown as overdue; handing it to staff by
 * itself is not built yet (the buyer can 申请仲裁).
 */
import { badRequest, forbidden } from '../../http/errors'
import { ORDER_CANCEL_ANSWER_HOURS, type OrderCancelRequest } from '../../../shared/api'
import { yuan } from '../funds/numbers'
import { stateError, type OrderAccess, type TradeCore } from './core'
import { tradeRepo, type OrderRow } from './repo'

const HOUR = 3_600_000
const OPEN_STATES = ['PAID', 'DELIVERING'] as const

export function cancelRequests(core: TradeCore, { visible, mustBe }: OrderAccess) {
  const { repo, now, tx, announce } = core
  const answerMs = ORDER_CANCEL_ANSWER_HOURS * HOUR

  /** the order's request as it stands: the latest CANCEL_REQUESTED and what followed it */
  async function stateOf(o: OrderRow): Promise<OrderCancelRequest | null> {
    const events = await repo.events(o.order_no)
    const i = events.map((e) => e.kind).lastIndexOf('CANCEL_REQUESTED')
    if (i < 0) return null
    const request = events[i]!
    const answer = events.slice(i + 1).find((e) => e.kind === 'CANCEL_REFUSED' || e.kind === 'CANCEL_AGREED')
    const requestedAt = Number(request.created_at)
    const status = answer ? (answer.kind === 'CANCEL_AGREED' ? 'AGREED' : 'REFUSED') : 'PENDING'
    return {
      status,
      reason: request.detail,
      requestedAt,
      answerBy: requestedAt + answerMs,
      overdue: status === 'PENDING' && now() > requestedAt + answerMs,
      refusal: answer?.kind === 'CANCEL_REFUSED' ? answer.detail : null,
    }
  }

  return {
    /** the cancellation request of an order (its buyer, seller or staff); null: none was made */
    async cancelRequestOf(userId: number, orderNo: string): Promise<OrderCancelRequest | null> {
      const { o } = await visible(orderNo, userId)
      return stateOf(o)
    },

    async requestCancel(buyerId: number, orderNo: string, reason: string): Promise<OrderCancelRequest> {
      const o = await mustBe(orderNo, buyerId, 'buyer')
      if (!(OPEN_STATES as readonly string[]).includes(o.status)) throw stateError(o)
      const current = await stateOf(o)
      if (current?.status === 'PENDING') throw badRequest('已申请取消，请等待卖家答复')
      const text = reason.trim()
      if (!text) throw badRequest('请填写取消原因')
      await repo.addEvent(orderNo, buyerId, 'CANCEL_REQUESTED', text, now())
      await announce([
        {
          to: o.seller_id,
          title: '买家申请取消订单',
          content: `买家申请取消订单 ${orderNo}（${o.title}），原因：${text}。请在 ${ORDER_CANCEL_ANSWER_HOURS} 小时内同意或拒绝。`,
        },
      ])
      return (await stateOf(o))!
    },

    /** The seller agrees (full refund, the order ends as 已退款) or refuses with a reason. */
    async answerCancel(
      sellerId: number,
      orderNo: string,
      agree: boolean,
      reason: string,
    ): Promise<OrderCancelRequest> {
      const { o, side } = await visible(orderNo, sellerId)
      if (side !== 'seller') throw forbidden()
      const current = await stateOf(o)
      if (current?.status !== 'PENDING') throw badRequest('没有待答复的取消申请')
      if (!(OPEN_STATES as readonly string[]).includes(o.status)) throw stateError(o)
      const at = now()
      if (!agree) {
        const text = reason.trim()
        if (!text) throw badRequest('请填写拒绝原因')
        await repo.addEvent(orderNo, sellerId, 'CANCEL_REFUSED', text, at)
        await announce([
          {
            to: o.buyer_id,
            title: '卖家拒绝取消订单',
            content: `卖家拒绝了订单 ${orderNo} 的取消申请，原因：${text}。如有争议可申请仲裁。`,
          },
        ])
        return (await stateOf(o))!
      }
      const done = await tx(async (trx) => {
        if (!(await core.refundInFull(trx, o, OPEN_STATES, '买家申请取消，卖家同意，全额退款', at)))
          return false
        await tradeRepo(trx).addEvent(orderNo, sellerId, 'CANCEL_AGREED', '', at)
        return true
      })
      if (!done) throw badRequest('订单状态已变化，请刷新')
      await announce([
        {
          to: o.buyer_id,
          title: '订单已退款',
          content: `卖家同意取消订单 ${orderNo}，已全额退款 ${yuan(Number(o.amount))}。`,
        },
        { to: o.seller_id, title: '订单已取消', content: `您已同意取消订单 ${orderNo}，货款已退回买家。` },
      ])
      return (await stateOf(o))!
    },
  }
}

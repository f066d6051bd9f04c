/**
 * Cancellation on request (docs/trading-rules.md, "Before delivery"): the buyer of a paid order not yet
 * delivered asks to cancel with a reason; the seller agrees — the order is refunded in full as when a
 * late seller's order is cancelled (the same ledger row type and 'order.refunded' event) — or refuses
 * with a reason. The request, the refusal and the agreement are rows of `order_events`.
 * An unanswered request past ORDER_CANCEL_ANSWER_HOURS is overdue, and the job
 * 'trade-cancel-overdue' (module.ts) hands it to staff by itself (`escalateOverdue`): the order
 * freezes (ARBITRATING) with a CANCEL_ESCALATED event in one transaction, whose
 * 'order.cancelOverdue' domain event the warrant module answers with a dispute in the 纠纷仲裁 queue
 * and the parties' messages (docs/trading-rules.md, "Cancellation on request").
 */
import { badRequest, forbidden } from '../../http/errors'
import { ORDER_CANCEL_ANSWER_HOURS, type OrderCancelRequest } from '../../../shared/api'
import { yuan } from '../funds/numbers'
import { stateError, type OrderAccess, type TradeCore } from './core'
import { tradeRepo, type OrderRow } from './repo'

const HOUR = 3_600_000
const OPEN_STATES = ['PAID', 'DELIVERING'] as const
/** the events that close a request: the seller's answers and the hand-over to staff */
const ANSWERS = ['CANCEL_REFUSED', 'CANCEL_AGREED', 'CANCEL_ESCALATED'] as const
/** overdue requests handed to staff per run (the rest wait for the next run) */
const ESCALATE_BATCH = 100

export function cancelRequests(core: TradeCore, { visible, mustBe }: OrderAccess) {
  const { repo, now, tx, announce } = core
  const answerMs = ORDER_CANCEL_ANSWER_HOURS * HOUR

  /** the order's request as it stands: the latest CANCEL_REQUESTED and what followed it */
  async function stateOf(o: OrderRow): Promise<OrderCancelRequest | null> {
    const events = await repo.events(o.order_no)
    const i = events.map((e) => e.kind).lastIndexOf('CANCEL_REQUESTED')
    if (i < 0) return null
    const request = events[i]!
    const answer = events.slice(i + 1).find((e) => (ANSWERS as readonly string[]).includes(e.kind))
    const requestedAt = Number(request.created_at)
    const status = !answer
      ? 'PENDING'
      : answer.kind === 'CANCEL_AGREED'
        ? 'AGREED'
        : answer.kind === 'CANCEL_REFUSED'
          ? 'REFUSED'
          : 'ESCALATED'
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

    /**
     * The job 'trade-cancel-overdue': every request still unanswered past its deadline on an order
     * still PAID or DELIVERING goes to staff. Per order, one transaction freezes it (the conditional
     * state change: a second process, or a run that overlaps a seller's late answer, changes nothing),
     * closes the request with CANCEL_ESCALATED and publishes 'order.cancelOverdue' (the warrant
     * module records the dispute inside it and tells the parties after the commit). Answers how many
     * were handed over.
     */
    async escalateOverdue(): Promise<number> {
      const at = now()
      const due = await repo.overdueCancelRequests(at - answerMs, ESCALATE_BATCH)
      let handed = 0
      for (const request of due) {
        const o = await repo.rawOrder(request.order_no)
        if (!o || (o.status !== 'PAID' && o.status !== 'DELIVERING')) continue
        const from = o.status
        const reason = `买家申请取消，卖家超过 ${ORDER_CANCEL_ANSWER_HOURS} 小时未答复，转平台处理。取消原因：${request.detail}`
        const done = await tx(async (trx) => {
          // the same change as a party's dispute (orders.ts, freeze)
          const frozen = await tradeRepo(trx).transition(o.order_no, [o.status], {
            status: 'ARBITRATING',
            disputed_from: o.status,
            dispute_reason: reason,
            updated_at: at,
          })
          if (!frozen) return false
          await tradeRepo(trx).addEvent(o.order_no, null, 'CANCEL_ESCALATED', '', at)
          await core.deps.events.publish(trx, 'order.cancelOverdue', {
            orderNo: o.order_no,
            buyerId: Number(o.buyer_id),
            sellerId: Number(o.seller_id),
            title: o.title,
            fromStatus: from,
            reason,
            requestedAt: Number(request.created_at),
            at,
          })
          return true
        })
        if (done) handed++
      }
      return handed
    },
  }
}

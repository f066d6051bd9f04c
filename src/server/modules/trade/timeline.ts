/**
 * An order's timeline, oldest first — one builder for the console's 订单管理 (console.ts) and the
 * parties' order detail page (order-detail.ts); docs/order-detail.md says what each line means.
 *
 * There is no table of state changes: the timeline is put together from the order's own timestamps
 * (each state it reached), its order_events (deliveries, corrections), its disputes, its review and,
 * for staff, its room posts. Two lines are read from the times themselves: an order completed exactly
 * at its auto-confirm deadline was confirmed by the time rule (it writes the deadline as the time),
 * and an unpaid order cancelled at or after its payment deadline was cancelled by the time rule (the
 * rule is applied before anyone may act on the order, so nobody else can cancel it that late).
 */
import {
  RULING_DECISION_LABELS,
  TRADE_RULES,
  type Dispute,
  type OrderTimelineItem,
} from '../../../shared/api'
import { yuan } from '../funds/numbers'
import type { OrdersTable } from './tables'

/** The order columns the timeline reads (numbers may arrive as text from PostgreSQL bigint). */
export type TimelineOrder = Pick<
  OrdersTable,
  | 'quantity'
  | 'amount'
  | 'protection_days'
  | 'created_at'
  | 'paid_at'
  | 'delivery_started_at'
  | 'delivered_at'
  | 'completed_at'
  | 'settled_at'
  | 'cancelled_at'
  | 'refunded_at'
>

export interface TimelinePost {
  senderRole: string
  senderName: string
  content: string
  images: number
  createdAt: number
}

export interface TimelineReview {
  stars: number
  createdAt: number
  repliedAt: number | null
}

export interface TimelineInput {
  order: TimelineOrder
  events: Array<{ kind: string; detail: string; created_at: number }>
  disputes: Dispute[]
  /** the room's posts (the console shows them as lines; the parties' page summarises the room instead) */
  posts?: TimelinePost[]
  review?: TimelineReview | null
}

export const ROLE_LABELS: Record<string, string> = {
  buyer: '买家',
  seller: '卖家',
  staff: '客服',
  system: '系统',
}
const EVENT_LABELS: Record<string, string> = {
  DELIVERED: '卖家交付',
  DELIVERY_CORRECTED: '卖家修改交付信息',
  AUTO_DELIVERED: '平台自动交付',
  REMINDED: '买家催发货',
  CANCEL_REQUESTED: '买家申请取消',
  CANCEL_REFUSED: '卖家拒绝取消',
  CANCEL_AGREED: '卖家同意取消，全额退款',
  CANCEL_ESCALATED: '卖家超时未答复取消申请，转平台仲裁',
}

const num = (v: number | null) => (v === null ? null : Number(v))

/** The states an order reached, from its timestamps. */
function stateLines(o: TimelineOrder): OrderTimelineItem[] {
  const created = Number(o.created_at)
  const delivered = num(o.delivered_at)
  const completed = num(o.completed_at)
  const cancelled = num(o.cancelled_at)
  const autoConfirmed =
    completed !== null && delivered !== null && completed === delivered + TRADE_RULES.autoConfirmMs
  const payTimedOut =
    cancelled !== null && o.paid_at === null && cancelled >= created + TRADE_RULES.payTimeoutMs
  const lines: Array<[number | null, string, string]> = [
    [created, '买家下单', `${o.quantity} 件，金额 ${yuan(Number(o.amount))}`],
    [num(o.paid_at), '买家支付', `${yuan(Number(o.amount))} 由平台担保`],
    [num(o.delivery_started_at), '卖家开始交付', ''],
    [delivered, '交付完成，待买家确认', ''],
    [completed, autoConfirmed ? '超时自动确认收货' : '确认收货', `保护期 ${o.protection_days} 天`],
    [num(o.settled_at), '货款结算', ''],
    [cancelled, payTimedOut ? '超时未支付，订单自动取消' : '订单取消', ''],
    [num(o.refunded_at), '退款完成', ''],
  ]
  return lines
    .filter((l): l is [number, string, string] => l[0] !== null)
    .map(([at, title, detail]) => ({ at, kind: 'STATE' as const, title, detail }))
}

/** Every line of the order's history, oldest first. */
export function orderTimeline(input: TimelineInput): OrderTimelineItem[] {
  const timeline: OrderTimelineItem[] = [
    ...stateLines(input.order),
    ...input.events.map((e) => ({
      at: Number(e.created_at),
      kind: 'EVENT' as const,
      title: EVENT_LABELS[e.kind] ?? e.kind,
      detail: e.detail,
    })),
    ...input.disputes.flatMap((d) => [
      {
        at: d.openedAt,
        kind: 'DISPUTE' as const,
        title: `${d.openedBy ? ROLE_LABELS[d.openedBy] : ''}发起纠纷`,
        detail: d.reason,
      },
      ...(d.ruling
        ? [
            {
              at: d.ruling.ruledAt,
              kind: 'DISPUTE' as const,
              title: `平台裁决：${RULING_DECISION_LABELS[d.ruling.decision]}`,
              detail: `退回买家 ${yuan(d.ruling.refundAmount)}，结算卖家 ${yuan(d.ruling.settleAmount)}；${d.ruling.reason}`,
            },
          ]
        : []),
    ]),
    ...(input.review
      ? [
          {
            at: input.review.createdAt,
            kind: 'EVENT' as const,
            title: '买家评价',
            detail: `${input.review.stars} 星`,
          },
          ...(input.review.repliedAt !== null
            ? [{ at: input.review.repliedAt, kind: 'EVENT' as const, title: '卖家回复评价', detail: '' }]
            : []),
        ]
      : []),
    ...(input.posts ?? []).map((p) => ({
      at: p.createdAt,
      kind: 'MESSAGE' as const,
      title: `担保群 · ${ROLE_LABELS[p.senderRole] ?? ''}${p.senderName ? ` ${p.senderName}` : ''}`,
      detail: p.content + (p.images > 0 ? ` [图片 ${p.images} 张]` : ''),
    })),
  ]
  // at one instant the state line comes first (the console's order, kept)
  const rank = { STATE: 0, EVENT: 1, DISPUTE: 2, MESSAGE: 3 }
  return timeline.sort((a, b) => a.at - b.at || rank[a.kind] - rank[b.kind])
}

/**
 * The order detail page of a party (docs/order-detail.md): the order as its buyer or seller sees it,
 * with the amounts (the fee and what the seller receives, read from the order's ledger rows once
 * settled), the caller's own ledger rows (the funds module's), the timeline (timeline.ts, the same
 * builder as the console's), the current deadline (rules.ts `deadlineOf`), the delivery with its view
 * log, the escrow room in short (the warrant module's) and the review (the review module's).
 *
 * Access goes through the trade service's `detail` (its time rules applied first, 404 for strangers);
 * staff who are not a party get 404 here too: they read orders in the console.
 */
import { notFound } from '../../http/errors'
import {
  protectionNote,
  type Dispute,
  type LedgerEntry,
  type OrderAmounts,
  type OrderChannelRefund,
  type OrderDeadline,
  type OrderDetailView,
  type OrderStatus,
  type Review,
  type StaffOrderLedger,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { GameService } from '../game/service'
import { ORDER_NOT_FOUND } from './core'
import { orderDetailRepo } from './order-detail-repo'
import { tradeRepo, type OrderRow } from './repo'
import { deadlineOf, HOLDING } from './rules'
import type { TradeService } from './service'
import { orderTimeline, type TimelinePost } from './timeline'

export interface OrderDetailDeps {
  db: Db
  trade: Pick<TradeService, 'detail'>
  games: Pick<GameService, 'transferConfig'>
  /** both parties' ledger rows of the order: the funds module's */
  orderLedger: (orderNo: string) => Promise<StaffOrderLedger[]>
  /** the order's disputes and room posts: the warrant module's */
  warrantView: (orderNo: string) => Promise<{ disputes: Dispute[]; posts: TimelinePost[] }>
  /** a user's refunds of the order to a channel: the pay module's */
  channelRefunds: (orderNo: string, userId: number) => Promise<OrderChannelRefund[]>
  /** the order's review, if any: the review module's */
  reviewOf: (userId: number, orderNo: string) => Promise<Review | null>
}

/** How many of the room's last posts the page shows. */
export const ROOM_LAST = 3

const DEADLINE_LABELS: Partial<Record<OrderStatus, string>> = {
  UNPAID: '支付截止',
  PAID: '卖家开始交付截止',
  TO_CONFIRM: '自动确认收货',
  COMPLETED: '保护期结束结算',
}

/** The room is open from payment until the order is closed (the renderer's room button agrees). */
const ROOM_OPEN: readonly OrderStatus[] = [...HOLDING, 'REFUNDING']

/** The current deadline with its label, from the pure rule. */
export function deadlineView(o: OrderRow): OrderDeadline | null {
  const d = deadlineOf(o)
  const label = DEADLINE_LABELS[o.status]
  return d.at !== null && d.action !== null && label ? { label, at: d.at, action: d.action } : null
}

/**
 * The amounts: once the money has moved (settled, refunded, ruled) from the order's ledger rows; before,
 * what the rules promise — all of it to the seller, or for 官方代售 the price less the commission that
 * the settlement decides.
 */
export function amountsOf(o: OrderRow, ledger: Array<Pick<LedgerEntry, 'type' | 'amount'>>): OrderAmounts {
  const sum = (type: LedgerEntry['type']) =>
    ledger.filter((l) => l.type === type).reduce((s, l) => s + Number(l.amount), 0)
  const amount = Number(o.amount)
  const agency = o.agency_application_id !== null
  const base = {
    unitPrice: Number(o.unit_price),
    quantity: o.quantity,
    amount,
    escrow: Number(o.escrow_amount),
    refunded: sum('ORDER_REFUND'),
  }
  if (o.status === 'SETTLED' || o.status === 'REFUNDED') {
    const fee = sum('AGENCY_COMMISSION')
    const feeNote =
      o.status === 'REFUNDED'
        ? '货款已全额退回买家'
        : fee > 0
          ? '官方代售：结算时已扣除代售佣金'
          : base.refunded > 0
            ? '已按平台裁决结算，部分货款退回买家'
            : '已结算（平台不收取手续费）'
    return { ...base, fee, sellerReceives: sum('SETTLEMENT'), feeNote }
  }
  if (o.status === 'ARBITRATING' || o.status === 'REFUNDING')
    return {
      ...base,
      fee: agency ? null : 0,
      sellerReceives: null,
      feeNote: o.status === 'ARBITRATING' ? '仲裁中：货款去向以平台裁决为准' : '退款处理中',
    }
  if (o.status === 'CANCELLED' || o.status === 'UNPAID')
    return {
      ...base,
      fee: 0,
      sellerReceives: o.status === 'CANCELLED' ? 0 : amount,
      feeNote: o.status === 'CANCELLED' ? '订单已取消，无款项结算' : '平台不收取手续费',
    }
  if (agency)
    return {
      ...base,
      fee: null,
      sellerReceives: null,
      feeNote: '官方代售：买家确认收货后按代售佣金比例扣除佣金，随即结算',
    }
  return {
    ...base,
    fee: 0,
    sellerReceives: amount,
    feeNote: `平台不收取手续费；${protectionNote(o.protection_days)}`,
  }
}

export function orderDetailService(deps: OrderDetailDeps) {
  const repo = tradeRepo(deps.db)
  const views = orderDetailRepo(deps.db)

  async function deliveryOf(
    o: OrderRow,
    events: Array<{ kind: string; detail: string; created_at: number }>,
  ) {
    if (!o.credentials_enc && o.delivered_at === null) return null
    const keys = o.credentials_enc ? Object.keys(JSON.parse(o.credentials_enc) as Record<string, string>) : []
    const fields = keys.length > 0 ? (await deps.games.transferConfig(o.game_id)).fields : []
    return {
      autoDelivered: o.auto_delivered === 1,
      deliveredAt: o.delivered_at === null ? null : Number(o.delivered_at),
      fields: keys.map((k) => fields.find((f) => f.key === k)?.label ?? k),
      corrections: events
        .filter((e) => e.kind === 'DELIVERY_CORRECTED')
        .map((e) => ({ at: Number(e.created_at), fields: e.detail })),
      views: (await views.viewLog(o.order_no)).map((v) => ({ at: Number(v.viewed_at), viewer: v.nick_name })),
    }
  }

  return {
    async view(userId: number, orderNo: string): Promise<OrderDetailView> {
      const order = await deps.trade.detail(userId, orderNo)
      if (order.myRole === 'staff') throw notFound(ORDER_NOT_FOUND)
      const o = await repo.order(orderNo)
      if (!o) throw notFound(ORDER_NOT_FOUND)
      const [events, ledger, warrant, review, channelRefunds] = await Promise.all([
        repo.events(orderNo),
        deps.orderLedger(orderNo),
        deps.warrantView(orderNo),
        deps.reviewOf(userId, orderNo),
        deps.channelRefunds(orderNo, userId),
      ])
      return {
        order,
        amounts: amountsOf(o, ledger),
        ledger: ledger
          .filter((l) => l.userId === userId)
          .map((l): LedgerEntry => {
            const { userId: _id, userName: _name, ...entry } = l
            return entry
          }),
        channelRefunds,
        timeline: orderTimeline({ order: o, events, disputes: warrant.disputes, review }),
        deadline: deadlineView(o),
        delivery: await deliveryOf(o, events),
        room: {
          href: `/warrantOrderHandler.html?orderNo=${encodeURIComponent(orderNo)}`,
          open: ROOM_OPEN.includes(o.status),
          count: warrant.posts.length,
          last: warrant.posts.slice(-ROOM_LAST),
        },
        review,
      }
    },
  }
}

export type OrderDetailService = ReturnType<typeof orderDetailService>

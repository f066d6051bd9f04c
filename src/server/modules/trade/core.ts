/**
 * What the parts of the trade service share: its dependencies, the order as the API answers it, the
 * caller's side of an order, transactions, stock release, and the messages and live events sent
 * after a commit. Each part (orders.ts, delivery.ts, timers.ts, bids.ts, roles.ts, records.ts)
 * builds on this; service.ts puts them together.
 */
import type { Transaction } from 'kysely'
import { ORDER_STATUS_LABELS, type Order, type OrderStatus, type ReceivingRole } from '../../../shared/api'
import type { LiveEvent } from '../../../shared/live-events'
import type { Db } from '../../db'
import type { Database } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import type { ExportsService } from '../common/exports'
import type { FieldCipher } from '../delivery/crypto'
import type { DeliveryService } from '../delivery/service'
import type { EventBus } from '../events/bus'
import type { DomainEvents, OrderSettled } from '../events/domain'
import type { FundsService } from '../funds/service'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import { thumbUrl } from '../image/service'
import type { Logged, MessageService } from '../message/service'
import { tradeRepo, type OrderRow } from './repo'
import { roleRepo } from './roles-repo'
import { actionsOf, deadlineOf, dueRule, type Side } from './rules'

export interface TradeDeps {
  db: Db
  games: GameService
  goods: GoodsService
  delivery: DeliveryService
  /** money moves (inside the trade's transactions) and the payment password (checked in the payment's) */
  funds: Pick<
    FundsService,
    'move' | 'checkPayPassword' | 'withPayPassword' | 'createTopup' | 'wallet' | 'refundTopupToChannel'
  >
  messages: MessageService
  bus?: EventBus
  cipher: FieldCipher
  /** whether a user is staff (the auth module's roles): staff see paid orders and their rooms */
  isStaff: (userId: number) => Promise<boolean>
  /** CSV exports (the desktop client downloads them) */
  exports?: ExportsService
  /**
   * Domain events published inside the settlement's transaction: 'order.agencySettled' (agency sale
   * pays the owner and the commission) and 'order.settled' (包赔 freezes its deposit from the proceeds:
   * docs/recovery-protection.md; agency sale tells the owner after the commit)
   */
  events: DomainEvents
  now: () => number
}

/** What settlement reads of an order (and hands the protection module after it, in OrderSettled). */
export type SettlingOrder = OrderSettled['order']

export type Trx = Transaction<Database>
/** an order message to one party */
export type Post = { to: number; title: string; content: string }
/** a live event to one user */
export type Notice = { to: number; event: LiveEvent }

export const ORDER_NOT_FOUND = '订单不存在'
export const stateError = (o: Pick<OrderRow, 'status'>) =>
  badRequest(`订单当前状态为「${ORDER_STATUS_LABELS[o.status]}」，不能进行此操作`)

const orderMessages = (posts: Post[]) =>
  posts.map((p) => ({ to: p.to, title: p.title, content: p.content, messageType: 'ORDER' as const }))

export function tradeCore(deps: TradeDeps) {
  const { db, now } = deps
  const repo = tradeRepo(db)

  /**
   * After a commit: order messages (with unread-count events) and live events, logged in one
   * transaction and then handed on (messageService.createAll); failures only logged.
   */
  async function announce(posts: Post[], events: Notice[] = []) {
    await deps.messages.createAll(orderMessages(posts), events)
  }

  /**
   * The same, logged inside the order step's transaction (messageService.logAllIn): the step and its
   * messages commit once. Hand the answer to `announced` after the commit.
   */
  function announceIn(trx: Trx, posts: Post[], events: Notice[] = []) {
    return deps.messages.logAllIn(trx, orderMessages(posts), events)
  }

  function toOrder(o: OrderRow, side: Side): Order {
    const deadline = deadlineOf(o)
    const n = (v: number | null) => (v === null ? null : Number(v))
    return {
      orderNo: o.order_no,
      goodsId: o.goods_id,
      goodsTitle: o.title,
      goodsType: o.goods_type,
      gameId: o.game_id,
      gameName: o.game_name,
      coverUrl: o.cover_image ? thumbUrl(o.cover_image) : null,
      buyerId: o.buyer_id,
      buyerName: o.buyer_name,
      sellerId: o.seller_id,
      sellerName: o.seller_name,
      unitPrice: Number(o.unit_price),
      quantity: o.quantity,
      amount: Number(o.amount),
      protectionFee: Number(o.protection_fee),
      status: o.status,
      role: o.role_json ? (JSON.parse(o.role_json) as ReceivingRole) : null,
      bidId: o.bid_id,
      createdAt: Number(o.created_at),
      paidAt: n(o.paid_at),
      deliveryStartedAt: n(o.delivery_started_at),
      deliveredAt: n(o.delivered_at),
      completedAt: n(o.completed_at),
      settledAt: n(o.settled_at),
      cancelledAt: n(o.cancelled_at),
      deadlineAt: deadline.at,
      deadlineAction: deadline.action,
      disputedFrom: o.disputed_from,
      protectionDays: o.protection_days,
      autoDelivered: o.auto_delivered === 1,
      deliveryCorrections: Number(o.delivery_corrections),
      myRole: side,
      // a 官方代售 order is delivered by staff: its owner (the seller) has no delivery actions
      actions: actionsOf(o, side, now()).filter(
        (a) =>
          o.agency_application_id === null ||
          side !== 'seller' ||
          !['startDelivery', 'deliver', 'correctDelivery'].includes(a),
      ),
    }
  }

  async function sideOf(o: OrderRow, userId: number): Promise<Side | null> {
    if (o.buyer_id === userId) return 'buyer'
    if (o.seller_id === userId) return 'seller'
    if (await deps.isStaff(userId)) return 'staff'
    return null
  }

  /** Gives the order's stock back to its listing (inside the order's transaction). */
  async function releaseStock(trx: Trx, o: { goods_id: number; quantity: number }) {
    await deps.goods.releaseStock(trx, o.goods_id, o.quantity, now())
    await deps.goods.syncSearch(trx, o.goods_id)
  }

  /**
   * UNPAID → CANCELLED with the stock given back, in one transaction (a party's cancel, the pay
   * timeout); false when the order left UNPAID meanwhile. Drops the goods cache after a cancel.
   */
  async function cancelUnpaid(
    o: { order_no: string; goods_id: number; quantity: number },
    at: number,
  ): Promise<boolean> {
    const done = await db.transaction().execute(async (trx) => {
      const moved = await tradeRepo(trx).transition(o.order_no, ['UNPAID'], {
        status: 'CANCELLED',
        cancelled_at: at,
        updated_at: at,
      })
      if (!moved) return false
      await releaseStock(trx, o)
      return true
    })
    return done
  }

  /**
   * A paid order cancelled with everything back to the buyer, inside `trx`: `from` → REFUNDED, the
   * whole amount back to the balance with its ORDER_REFUND ledger row, `order.refunded` published (the
   * part paid through a channel goes on back to it: docs/payments.md, "Refunds"), the stock given
   * back. False when the order left `from` meanwhile (nothing done).
   */
  async function refundInFull(
    trx: Trx,
    o: { order_no: string; buyer_id: number; amount: number | string; goods_id: number; quantity: number },
    from: readonly OrderStatus[],
    remark: string,
    at: number,
  ): Promise<boolean> {
    const moved = await tradeRepo(trx).transition(o.order_no, [...from], {
      status: 'REFUNDED',
      escrow_amount: 0,
      cancelled_at: at,
      refunded_at: at,
      updated_at: at,
    })
    if (!moved) return false
    const amount = Number(o.amount)
    const refunded = await deps.funds.move(trx, o.buyer_id, {
      type: 'ORDER_REFUND',
      available: amount,
      orderNo: o.order_no,
      remark,
      at,
    })
    if (!refunded) throw new Error('refund failed')
    await deps.events.publish(trx, 'order.refunded', { orderNo: o.order_no, buyerId: o.buyer_id, amount, at })
    await releaseStock(trx, o)
    return true
  }

  return {
    deps,
    db,
    now,
    repo,
    roles: roleRepo(db),
    tx: <T>(fn: (trx: Trx) => Promise<T>) => db.transaction().execute(fn),
    announce,
    announceIn,
    /** after the commit of a step that used `announceIn` */
    announced: (logged: Logged) => deps.messages.deliver(logged),
    toOrder,
    sideOf,
    releaseStock,
    cancelUnpaid,
    refundInFull,
  }
}

export type TradeCore = ReturnType<typeof tradeCore>

/**
 * The order as the caller may see it: 404 for strangers (no existence leak), and for staff while it
 * is unpaid. Applies the order's due time rule first (`applyDue`, only when one is due by the row
 * just read), so nobody acts on a stale state.
 */
export function orderAccess(core: TradeCore, applyDue: (orderNo: string) => Promise<void>) {
  async function visible(orderNo: string, userId: number): Promise<{ o: OrderRow; side: Side }> {
    let o = await core.repo.order(orderNo)
    // most reads find nothing due: the one read serves; otherwise the rule runs and the order is read again
    if (o && dueRule(o, core.now()) !== null) {
      await applyDue(orderNo)
      o = await core.repo.order(orderNo)
    }
    if (!o) throw notFound(ORDER_NOT_FOUND)
    const side = await core.sideOf(o, userId)
    if (!side || (side === 'staff' && o.status === 'UNPAID')) throw notFound(ORDER_NOT_FOUND)
    return { o, side }
  }

  /** The order of which the caller is this party (403 for the other party and staff). */
  async function mustBe(orderNo: string, userId: number, side: 'buyer' | 'seller') {
    const { o, side: mine } = await visible(orderNo, userId)
    if (mine !== side) throw forbidden()
    return o
  }

  return { visible, mustBe }
}

export type OrderAccess = ReturnType<typeof orderAccess>

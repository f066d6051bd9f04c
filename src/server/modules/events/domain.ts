/**
 * Domain events (docs/architecture.md, "Domain events"): what one module must react to in another is
 * published by the module that changed it, never a call into the reacting module. The publisher
 * depends on nobody; the reacting module subscribes when it registers (its module.ts), so the module
 * graph has no cycles.
 *
 * Every event is published inside the transaction that made the change, and a handler chooses when
 * it runs:
 * - `within`: inside that transaction, awaited in subscription order. For reactions that write the
 *   reacting module's own rows and must commit or roll back with the change (the 包赔 deposit frozen
 *   from the settlement, a saved search's queue row for a listing going on sale): a handler that
 *   throws rolls the change back, and its error (a 400 of the terms, say) is the caller's answer.
 * - `after`: once the transaction committed (db/after-commit.ts), before the request answers. For
 *   reactions outside the database or in other processes — caches (through the shared invalidation
 *   channel), messages. A failure is logged: the change stands.
 * Published with the database itself (no transaction), `within` handlers run on it and `after`
 * handlers right after them.
 *
 * The live events a user's streams receive (bus.ts) are a different thing: notifications to people,
 * logged per user. Both live in this module.
 */
import type { Transaction } from 'kysely'
import type { Db } from '../../db'
import type { Database } from '../../db/schema'
import { afterCommit } from '../../db/after-commit'
import type { GoodsType } from '../../../shared/api'

/** A completed order settled (trade/timers.ts, trade/orders.ts), in the settlement's transaction. */
export interface OrderSettled {
  order: {
    order_no: string
    goods_id: number
    buyer_id: number
    seller_id: number
    amount: number
    completed_at: number | null
    /** the 额外包赔 fee of the order (part of amount; 0 or absent: none) */
    protection_fee?: number
  }
  /**
   * An agency-sale (代售) listing's order: the trade module did not pay the seller; the agency
   * module's `within` handler pays the owner and the commission (docs/agency-sale.md).
   */
  agency: boolean
  at: number
}

/** A payout's final state (pay module, docs/payments.md "Payouts"). */
export interface PayoutFinal {
  payoutNo: string
  /** the business paid out: the withdrawal number */
  biz: string
  channel: 'ALIPAY' | 'WECHAT'
  /** fen */
  amount: number
  at: number
}

/** Every domain event and its data: one place to see what the modules tell each other. */
export interface DomainEventMap {
  /** listings changed (any field, state, stock or counter): search answers and pages are stale */
  'goods.changed': { goodsIds?: readonly number[] }
  /** a listing went on sale, or got cheaper while on sale (saved searches match it) */
  'goods.onSale': { goodsId: number; kind: 'NEW' | 'DROP' }
  /** a seller published or edited a listing with its 包赔 choice (protection records the terms) */
  'goods.saved': {
    goodsId: number
    sellerId: number
    goodsType: GoodsType
    /** undefined: unchanged; 0: none */
    protectionDays: number | undefined
    /** 额外包赔: fee (fen, 0: not offered) and added days; undefined: unchanged */
    protectionExtra?: { fee: number; days: number }
  }
  /**
   * staff are about to remove areas/servers of a game (published before the change): a handler
   * throws a 400 naming the first one still in use
   */
  'game.serversRemoving': { servers: readonly { id: number; name: string }[] }
  /** a review was written, answered or hidden: seller ratings on listings and shops changed */
  'review.changed': Record<string, never>
  /** staff changed a game's configuration (names, filters, servers) */
  'game.changed': Record<string, never>
  /**
   * a payment attempt was paid (pay module): the business it belongs to takes the money inside the
   * same transaction — a top-up credits the wallet (funds)
   */
  'payment.paid': {
    attemptNo: string
    channel: 'ALIPAY' | 'WECHAT'
    bizType: 'TOPUP' | 'ORDER'
    bizNo: string
    userId: number
    /** fen */
    amount: number
    at: number
  }
  /**
   * a top-up was credited (funds, inside the crediting transaction); one started for an order pays it
   * (trade, after the commit)
   */
  'topup.credited': { topupNo: string; userId: number; amount: number; orderNo: string | null }
  /**
   * a payout reached its final state at the provider (pay module), in the transaction that moved it:
   * the business it pays (a withdrawal, funds) lets its frozen money leave (paid) or returns it to
   * the balance (failed, with the provider's reason)
   */
  'payout.paid': PayoutFinal
  'payout.failed': PayoutFinal & { reason: string }
  /**
   * money of an order went back to the buyer's balance (trade's cancellation, warrant's ruling; an
   * ORDER_REFUND row, inside its transaction): the part that came through a channel top-up of this
   * order goes on back to the channel (funds, within; docs/payments.md, "Refunds")
   */
  'order.refunded': { orderNo: string; buyerId: number; amount: number; at: number }
  /**
   * a refund to a channel ended (pay, inside the transaction that settled it): a FAILED one whose
   * money had left the balance returns to it (funds, within), and the owner is told (after)
   */
  'payment.refundSettled': {
    refundNo: string
    channel: 'ALIPAY' | 'WECHAT'
    status: 'SUCCESS' | 'FAILED'
    /** BALANCE: a CHANNEL_REFUND ledger row took it out of the balance; PROVIDER: it never came in */
    source: 'BALANCE' | 'PROVIDER'
    userId: number
    orderNo: string | null
    /** the top-up (TOPUP attempts) the refund is of */
    bizNo: string
    /** fen */
    amount: number
    failReason: string | null
    at: number
  }
  /** an agency-sale order settles: the agency module pays the owner and the commission (within) */
  'order.agencySettled': Omit<OrderSettled, 'agency'>
  /** an order's money went to the seller (or, for agency sale, is to be split by the agency module) */
  'order.settled': OrderSettled
  /**
   * a buyer's cancellation request went unanswered past its deadline and the order froze for staff
   * (trade's job, inside its transaction): the warrant module records the dispute (within) and
   * tells both parties (after)
   */
  'order.cancelOverdue': {
    orderNo: string
    buyerId: number
    sellerId: number
    title: string
    /** the state the order froze from: PAID or DELIVERING */
    fromStatus: 'PAID' | 'DELIVERING'
    /** the dispute's reason (names the buyer's) */
    reason: string
    requestedAt: number
    at: number
  }
}

export type DomainEventType = keyof DomainEventMap

/**
 * A `within` handler's transaction, typed as one (money moves need a Transaction): for events that
 * are only ever published inside one, like the settlement's.
 */
export function inTransaction(trx: Db): Transaction<Database> {
  if (!trx.isTransaction) throw new Error('this domain event is handled inside a transaction only')
  return trx as Transaction<Database>
}
type Within<K extends DomainEventType> = (trx: Db, data: DomainEventMap[K]) => Promise<void> | void
type After<K extends DomainEventType> = (data: DomainEventMap[K]) => Promise<void> | void

export interface DomainEvents {
  /**
   * Publishes inside `trx` (the change's transaction, or the database when there is none): runs the
   * `within` handlers now and queues the `after` ones for the commit. Answers how many `within`
   * handlers ran (a publisher that needs one, like agency settlement, checks it).
   */
  publish<K extends DomainEventType>(trx: Db, type: K, data: DomainEventMap[K]): Promise<number>
  /** whether anything handles the event (a publisher may skip reads only its data needs) */
  listens(type: DomainEventType): boolean
  /** runs `handler` inside the publishing transaction */
  within<K extends DomainEventType>(type: K, handler: Within<K>): void
  /** runs `handler` after the publishing transaction committed */
  after<K extends DomainEventType>(type: K, handler: After<K>): void
}

export function createDomainEvents(log: (err: unknown, type: string) => void): DomainEvents {
  const withinHandlers = new Map<DomainEventType, Within<never>[]>()
  const afterHandlers = new Map<DomainEventType, After<never>[]>()
  const add = <H>(map: Map<DomainEventType, H[]>, type: DomainEventType, handler: H) => {
    const list = map.get(type)
    if (list) list.push(handler)
    else map.set(type, [handler])
  }
  return {
    async publish(trx, type, data) {
      const within = (withinHandlers.get(type) ?? []) as Within<typeof type>[]
      for (const handler of within) await handler(trx, data)
      const after = (afterHandlers.get(type) ?? []) as After<typeof type>[]
      if (after.length > 0)
        await afterCommit(trx, async () => {
          for (const handler of after) {
            try {
              await handler(data)
            } catch (err) {
              log(err, type)
            }
          }
        })
      return within.length
    },
    listens: (type) => withinHandlers.has(type) || afterHandlers.has(type),
    within: (type, handler) => add(withinHandlers, type, handler as Within<never>),
    after: (type, handler) => add(afterHandlers, type, handler as After<never>),
  }
}

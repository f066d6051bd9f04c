/**
 * The time rules of orders (rules.ts decides which is due): an unpaid order cancels itself after the
 * payment window, a delivered one completes by itself, a completed one is settled to the seller after
 * its protection period. They run in the sweeper (app.ts, every 30 s) and lazily when an order or a
 * list is read, both on the injected clock.
 */
import { TRADE_RULES } from '../../../shared/api'
import { yuan } from '../funds/numbers'
import type { SettlingOrder, TradeCore, Trx } from './core'
import { tradeRepo } from './repo'
import { DAY, dueRule } from './rules'

export function orderTimers(core: TradeCore) {
  const { deps, db, repo, now, tx, announce } = core
  let lastSweep = 0

  /**
   * COMPLETED → SETTLED and the seller's money, in one transaction; false when the state changed. An
   * agency order's money is split by the agency module (owner and commission): 'agency'.
   */
  async function settleInTx(trx: Trx, o: SettlingOrder): Promise<false | 'agency' | 'seller'> {
    const at = now()
    if (
      !(await tradeRepo(trx).transition(o.order_no, ['COMPLETED'], {
        status: 'SETTLED',
        settled_at: at,
        escrow_amount: 0,
        updated_at: at,
      }))
    )
      return false
    // 官方代售 (docs/agency-sale.md): the agency module pays the owner and the commission
    if ((await deps.goods.agencyOf(o.goods_id, trx)) !== null) {
      if ((await deps.events.publish(trx, 'order.agencySettled', { order: o, at })) === 0)
        throw new Error('agency settlement: no agency module handles order.agencySettled')
      await deps.events.publish(trx, 'order.settled', { order: o, agency: true, at })
      return 'agency'
    }
    const ok = await deps.funds.move(trx, o.seller_id, {
      type: 'SETTLEMENT',
      available: Number(o.amount),
      orderNo: o.order_no,
      remark: '订单货款结算',
      at,
    })
    if (!ok) throw new Error('settlement failed')
    await deps.events.publish(trx, 'order.settled', { order: o, agency: false, at })
    return 'seller'
  }

  /** Applies the due time rule of one order (pay timeout, auto-confirm, settlement). */
  async function applyDue(orderNo: string): Promise<void> {
    const o = await repo.rawOrder(orderNo)
    if (!o) return
    const at = now()
    const rule = dueRule(o, at)
    if (rule === 'cancel') {
      if (await core.cancelUnpaid(o, at)) {
        await announce([
          {
            to: o.buyer_id,
            title: '订单已取消',
            content: `订单 ${orderNo}（${o.title}）超时未支付，已自动取消。`,
          },
          {
            to: o.seller_id,
            title: '订单已取消',
            content: `订单 ${orderNo}（${o.title}）买家超时未支付，已自动取消，商品已恢复在售。`,
          },
        ])
      }
      return
    }
    if (rule === 'autoConfirm') {
      // completed at the deadline itself: the protection period does not depend on when the sweeper came by
      const done = await tradeRepo(db).transition(orderNo, ['TO_CONFIRM'], {
        status: 'COMPLETED',
        completed_at: Number(o.delivered_at) + TRADE_RULES.autoConfirmMs,
        updated_at: at,
      })
      if (done)
        await announce([
          {
            to: o.buyer_id,
            title: '订单已自动确认收货',
            content: `订单 ${orderNo} 交付后 72 小时未确认，已自动确认收货。`,
          },
          {
            to: o.seller_id,
            title: '订单已完成',
            content: `订单 ${orderNo} 已自动确认收货，保护期 ${o.protection_days} 天后结算货款。`,
          },
        ])
      return applyDue(orderNo)
    }
    if (rule === 'settle') {
      const done = await tx((trx) => settleInTx(trx, o))
      if (done === 'seller')
        await announce([
          {
            to: o.seller_id,
            title: '货款已结算',
            content: `订单 ${orderNo} 保护期已过，货款 ${yuan(Number(o.amount))} 已结算至您的可用余额。`,
          },
        ])
    }
  }

  /**
   * Applies every due time rule. One order that fails (a fault in its row or its money move) is
   * logged and skipped: it must never stop the sweep for everybody else.
   */
  async function sweep(): Promise<{ orders: number; failed: string[]; bids: number }> {
    lastSweep = now()
    const due = await repo.dueOrders(now(), {
      payMs: TRADE_RULES.payTimeoutMs,
      confirmMs: TRADE_RULES.autoConfirmMs,
      dayMs: DAY,
    })
    const failed: string[] = []
    for (const d of due) {
      try {
        await applyDue(d.order_no)
      } catch (err) {
        failed.push(d.order_no)
        console.error(`[trade] sweep skipped order ${d.order_no}`, err)
      }
    }
    const bids = await repo.expireBids(now())
    return { orders: due.length - failed.length, failed, bids }
  }

  /** Lists sweep lazily (at most once a second of the clock) so they never show a stale state. */
  async function lazySweep() {
    if (now() - lastSweep >= 1000) await sweep()
  }

  return { applyDue, sweep, lazySweep, settleInTx }
}

export type OrderTimers = ReturnType<typeof orderTimers>

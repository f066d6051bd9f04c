/**
 * Agency sale's money (docs/agency-sale.md): the settlement hooks the trade service calls — the
 * owner's price − commission and the platform's commission, both ledger rows in the settlement's
 * transaction — and the owner's sold agency orders with their export.
 */
import type { AgencyOrder, AgencyOrdersQuery, AgencySettlementState } from '../../../shared/api'
import type { Db } from '../../db'
import type { Trx } from '../trade/core'
import type { Page } from '../../db/paging'
import { systemAccount } from '../auth/service'
import { chinaDateTime, csvYuan, EXPORT_MAX_ROWS, type ExportsService } from '../common/exports'
import type { FundsService } from '../funds/service'
import { yuan } from '../funds/numbers'
import { commissionOf } from './config'
import { agencyRepo } from './repo'

/** The platform's commission account: a locked system user (the name registration refuses). */
export const REVENUE_USER = '_platform_revenue'

export function agencySettlement(deps: {
  db: Db
  funds: Pick<FundsService, 'move'>
  exports?: ExportsService
  /** the commission percent of a game (config.ts), read with `via` (the settlement's transaction) */
  percentOf: (gameId: number, via?: Db) => Promise<number>
  notify: (userId: number, title: string, content: string) => Promise<void>
}) {
  const { db, percentOf, notify } = deps
  const repo = agencyRepo(db)

  /** The platform's commission account, created on first use (inside the settlement's transaction). */
  const revenueAccount = (trx: Db, at: number): Promise<number> =>
    systemAccount(
      trx,
      { userName: REVENUE_USER, nickName: '平台代售佣金', lockReason: '平台佣金账户，不可登录' },
      at,
    )

  /** The order-settlement reactions (agency/module.ts subscribes them to the trade's domain events). */
  const hooks = {
    /** pays the owner and the commission inside the settlement's transaction; false: no application */
    async settle(
      trx: Trx,
      o: { order_no: string; goods_id: number; seller_id: number; amount: number },
      at: number,
    ): Promise<boolean> {
      const r = agencyRepo(trx)
      const app = await r.byGoods(o.goods_id)
      if (!app) return false
      const amount = Number(o.amount)
      const commission = commissionOf(amount, await percentOf(app.game_id, trx))
      const net = amount - commission
      const paid = await deps.funds.move(trx, app.user_id, {
        type: 'SETTLEMENT',
        available: net,
        orderNo: o.order_no,
        remark: `代售结算：成交 ${yuan(amount)}，扣除佣金 ${yuan(commission)}`,
        at,
      })
      if (!paid) throw new Error('agency settlement failed')
      if (commission > 0) {
        const taken = await deps.funds.move(trx, await revenueAccount(trx, at), {
          type: 'AGENCY_COMMISSION',
          available: commission,
          orderNo: o.order_no,
          remark: `代售佣金：申请 ${app.id}`,
          at,
        })
        if (!taken) throw new Error('agency commission failed')
      }
      await r.transition(app.id, ['LISTED', 'SOLD'], {
        status: 'SOLD',
        order_no: o.order_no,
        commission,
        net_amount: net,
        settled_at: at,
        updated_at: at,
      })
      await r.addEvent(
        app.id,
        'SOLD',
        null,
        `订单 ${o.order_no}：成交 ${yuan(amount)}，佣金 ${yuan(commission)}，到账 ${yuan(net)}`,
        at,
      )
      return true
    },

    /** after the settlement's commit: the owner's message */
    async afterSettle(orderNo: string) {
      const app = await db
        .selectFrom('agency_applications')
        .selectAll()
        .where('order_no', '=', orderNo)
        .executeTakeFirst()
      if (!app) return
      await notify(
        app.user_id,
        '代售账号已售出',
        `您的代售账号「${app.title}」已售出（订单 ${orderNo}），扣除佣金 ${yuan(Number(app.commission))} 后 ${yuan(Number(app.net_amount))} 已结算至您的可用余额。`,
      )
    },
  }

  async function orderRows(userId: number, q: AgencyOrdersQuery): Promise<Page<AgencyOrder>> {
    const { rows, total } = await repo.ordersPage(userId, q)
    const percents = new Map<number, number>()
    const out: AgencyOrder[] = []
    for (const r of rows) {
      const amount = Number(r.amount)
      const settled = r.status === 'SETTLED' && r.settled_order_no === r.order_no
      if (!percents.has(r.game_id)) percents.set(r.game_id, await percentOf(r.game_id))
      const commission = settled ? Number(r.commission) : commissionOf(amount, percents.get(r.game_id)!)
      const settlement: AgencySettlementState =
        r.status === 'SETTLED' ? 'SETTLED' : r.status === 'REFUNDED' ? 'REFUNDED' : 'PENDING'
      out.push({
        orderNo: r.order_no,
        applicationId: r.application_id,
        goodsTitle: r.title,
        gameName: r.game_name,
        amount,
        commission: settlement === 'REFUNDED' ? 0 : commission,
        net: settlement === 'REFUNDED' ? 0 : amount - commission,
        orderStatus: r.status,
        settlement,
        createdAt: Number(r.created_at),
        settledAt: settled && r.settled_at !== null ? Number(r.settled_at) : null,
      })
    }
    return { rows: out, total: Number(total) }
  }

  async function exportOrders(userId: number, q: AgencyOrdersQuery) {
    if (!deps.exports) throw new Error('the exports service is not wired')
    const { rows } = await orderRows(userId, { ...q, pageNum: 1, pageSize: EXPORT_MAX_ROWS })
    const labels = { PENDING: '待结算', SETTLED: '已结算', REFUNDED: '已退款' } as const
    return deps.exports.createCsv(
      userId,
      '我的代售订单',
      [
        '订单号',
        '商品',
        '游戏',
        '成交金额(元)',
        '佣金(元)',
        '到账金额(元)',
        '结算状态',
        '下单时间',
        '结算时间',
      ],
      rows.map((o) => [
        o.orderNo,
        o.goodsTitle,
        o.gameName,
        csvYuan(o.amount),
        csvYuan(o.commission),
        csvYuan(o.net),
        labels[o.settlement],
        chinaDateTime(o.createdAt),
        o.settledAt ? chinaDateTime(o.settledAt) : '',
      ]),
    )
  }

  return { hooks, orders: orderRows, exportOrders }
}

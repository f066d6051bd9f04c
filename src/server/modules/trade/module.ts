/**
 * Trading (docs/trading-rules.md): orders, escrow, delivery, bids, receiving roles, price records,
 * the time rules (a job), and the order pages of the parties and of staff (订单管理). Settlement
 * publishes domain events that 包赔 and agency sale react to; the order pages read disputes and
 * reviews through sockets the warrant and review modules plug into (plug.ts).
 */
import { defineModule } from '../../module'
import { socket, type Socket } from '../../plug'
import { PERMS } from '../../../shared/permissions'
import type { Review } from '../../../shared/api'
import type { WarrantService } from '../warrant/service'
import { orderStaffRoutes } from './staff-routes'
import { orderStaffService } from './staff'
import { orderDetailRoutes } from './order-detail-routes'
import { orderDetailService } from './order-detail'
import { tradeRoutes } from './routes'
import { tradeService, type TradeService } from './service'

/** What the order pages read from modules built after trading. */
export interface OrderViewPlugs {
  warrantView: Socket<WarrantService['staffOrderView']>
  reviewOf: Socket<(userId: number, orderNo: string) => Promise<Review | null>>
}

declare module '../../module' {
  interface Services {
    trade: TradeService
    orderViews: OrderViewPlugs
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** trading: tests call trade.sweep() after moving the clock */
    trade: TradeService
  }
}

export const tradeModule = defineModule({
  name: 'trade',
  needs: [
    'auth',
    'games',
    'goods',
    'delivery',
    'deliveryCipher',
    'funds',
    'messages',
    'exports',
    'account',
    'pay',
  ],
  provides: ['trade', 'orderViews'],
  register({ app, db, now, bus, events, jobs, settings, routes }, deps) {
    const { auth, games, funds } = deps
    const trade = tradeService({
      db,
      games,
      goods: deps.goods,
      delivery: deps.delivery,
      funds,
      messages: deps.messages,
      bus,
      cipher: deps.deliveryCipher,
      events,
      // staff enter every order's room: the permission of 纠纷仲裁 (docs/console.md)
      isStaff: (userId) => auth.hasPermission(userId, PERMS.disputeList),
      exports: deps.exports,
      now,
    })
    app.decorate('trade', trade)
    funds.plugs.escrowOf.plug(trade.escrowOf)
    deps.account.plugs.openOrders.plug(trade.openOrderCounts)
    // a top-up started on the order's payment page pays the order once it is credited
    events.after('topup.credited', async (e) => {
      if (e.orderNo) await trade.payAfterTopup(e.userId, e.orderNo, e.topupNo)
    })
    jobs.schedule('trade-time-rules', settings.tradeSweepMs ?? 30_000, () => trade.sweep())
    // unanswered cancellation requests past their deadline go to staff (cancel-requests.ts)
    jobs.schedule('trade-cancel-overdue', settings.tradeSweepMs ?? 30_000, () => trade.escalateOverdue())

    const orderViews: OrderViewPlugs = {
      warrantView: socket('trade: disputes and room of an order (warrant module)'),
      reviewOf: socket('trade: the review of an order (review module)'),
    }
    const warrantView = (orderNo: string) => orderViews.warrantView.get()(orderNo)
    routes(tradeRoutes, { trade })
    // console 订单管理: ledger rows through funds, disputes and the room through warrant
    routes(orderStaffRoutes, {
      orders: orderStaffService({ db, games, orderLedger: funds.orderLedger, warrantView, now }),
    })
    // the parties' order detail page: the same, and the review
    routes(orderDetailRoutes, {
      details: orderDetailService({
        db,
        trade,
        games,
        orderLedger: funds.orderLedger,
        warrantView,
        reviewOf: (userId, orderNo) => orderViews.reviewOf.get()(userId, orderNo),
        channelRefunds: deps.pay.refundsOfOrder,
      }),
    })
    return { trade, orderViews }
  },
})

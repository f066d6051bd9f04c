/**
 * 代售 agency sale (docs/agency-sale.md): owners hand an account to the platform, staff verify and
 * list it, deliver its orders through the trade service, and the settlement pays the owner less the
 * commission — a reaction to the trade's settlement events inside their transaction.
 */
import { defineModule } from '../../module'
import { inTransaction } from '../events/domain'
import { agencyRoutes } from './routes'
import { agencyService } from './service'

export const agencyModule = defineModule({
  name: 'agency',
  needs: [
    'games',
    'goods',
    'delivery',
    'images',
    'messages',
    'funds',
    'trade',
    'deliveryCipher',
    'account',
    'exports',
  ],
  register({ db, now, events, routes }, deps) {
    const agency = agencyService({
      db,
      games: deps.games,
      goods: deps.goods,
      delivery: deps.delivery,
      images: deps.images,
      messages: deps.messages,
      funds: deps.funds,
      trade: deps.trade,
      cipher: deps.deliveryCipher,
      requireRealName: deps.account.requireTradingIdentity,
      exports: deps.exports,
      now,
    })
    events.within('order.agencySettled', async (trx, { order, at }) => {
      if (!(await agency.hooks.settle(inTransaction(trx), order, at)))
        throw new Error(`agency settlement: order ${order.order_no} has no agency application`)
    })
    events.after('order.settled', async ({ order, agency: isAgency }) => {
      if (isAgency) await agency.hooks.afterSettle(order.order_no)
    })
    routes(agencyRoutes, { agency, now })
  },
})

/** 担保交易: the guaranteed-order rooms, disputes (纠纷仲裁) and staff rulings (docs/trading-rules.md). */
import { PERMS } from '../../../shared/permissions'
import { defineModule } from '../../module'
import { warrantRoutes } from './routes'
import { warrantService, type WarrantService } from './service'

declare module '../../module' {
  interface Services {
    warrant: WarrantService
  }
}

export const warrantModule = defineModule({
  name: 'warrant',
  needs: ['trade', 'orderViews', 'funds', 'messages', 'auth'],
  provides: ['warrant'],
  register({ db, now, bus, events, routes }, { trade, orderViews, funds, messages, auth }) {
    const warrant = warrantService({
      db,
      trade,
      funds,
      messages,
      isStaff: (userId) => auth.hasPermission(userId, PERMS.disputeList),
      staffIds: auth.staffIds,
      bus,
      events,
      now,
    })
    orderViews.warrantView.plug(warrant.staffOrderView)
    // an overdue cancellation request reaches staff as a dispute (docs/trading-rules.md)
    events.within('order.cancelOverdue', (trx, e) => warrant.recordOverdueCancel(trx, e))
    events.after('order.cancelOverdue', (e) => warrant.tellOverdueCancel(e))
    routes(warrantRoutes, { warrant })
    return { warrant }
  },
})

/** The staff operation log, the login log and the console's dashboard (docs/console.md). */
import { defineModule } from '../../module'
import { dashboardService } from './dashboard'
import { oplogRoutes } from './routes'
import { oplogService, type OplogService } from './service'

declare module '../../module' {
  interface Services {
    oplog: OplogService
  }
}

export const oplogModule = defineModule({
  name: 'oplog',
  provides: ['oplog'],
  register({ db, now, routes }) {
    const oplog = oplogService(db, now)
    routes(oplogRoutes, { oplog, dashboard: dashboardService(db, now) })
    return { oplog }
  },
})

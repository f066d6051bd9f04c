/** Downloads of CSV exports and the one-time tickets of downloads and live-event streams. */
import { defineModule } from '../../module'
import { exportsService, type ExportsService } from './exports'
import { commonRoutes } from './routes'
import { ticketService, type TicketService } from './tickets'

declare module '../../module' {
  interface Services {
    exports: ExportsService
    tickets: TicketService
  }
}

export const commonModule = defineModule({
  name: 'common',
  needs: ['auth'],
  provides: ['exports', 'tickets'],
  register({ db, now, shared, settings, routes }, { auth }) {
    const tickets = ticketService({ now, shared })
    const exports = exportsService({ db, dataDir: settings.dataDir, now })
    routes(commonRoutes, { exports, tickets, auth, sessionAlive: auth.sessionAlive, now })
    return { exports, tickets }
  },
})

/**
 * The pay centre (docs/payments.md): the configured providers (the real adapters, pointed at the
 * providers or, in demo and test installs, at their simulators), payment attempts, notifications
 * and the job that chases attempts whose notification never came.
 */
import { defineModule } from '../../module'
import { API_BASE } from '../../../shared/constants'
import { payProviders } from './providers'
import { payRoutes, NOTIFY_PATH } from './routes'
import { payService, type PayService } from './service'

declare module '../../module' {
  interface Services {
    pay: PayService
  }
}

/** The chasing job's period. */
const CHASE_EVERY_MS = 60_000

export const payModule = defineModule({
  name: 'pay',
  provides: ['pay'],
  async register({ app, db, now, events, jobs, settings, routes }) {
    // SITE_ORIGIN, else the address this process listens on (development, tests)
    const origin = () => {
      if (settings.siteOrigin) return settings.siteOrigin
      const address = app.server.address()
      return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : 'http://127.0.0.1'
    }
    const pay = payService({
      db,
      providers: await payProviders(app, settings, origin),
      events,
      notifyUrl: (channel) => `${origin()}${API_BASE}${NOTIFY_PATH(channel)}`,
      siteUrl: (path) => `${origin()}${path}`,
      now,
      log: (err, what) => app.log.warn({ err }, what),
    })
    jobs.schedule('pay-chase', settings.payChaseMs ?? CHASE_EVERY_MS, () => pay.chase())
    // refunds whose end has not been heard of are asked about until final (docs/payments.md, "Refunds")
    jobs.schedule('pay-refunds', settings.payChaseMs ?? CHASE_EVERY_MS, () => pay.chaseRefunds())
    routes(payRoutes, { pay })
    return { pay }
  },
})

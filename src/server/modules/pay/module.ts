/**
 * The pay centre (docs/payments.md): the configured providers (the real adapters, pointed at the
 * providers or, in demo and test installs, at their simulators), payment attempts, notifications,
 * the job that chases attempts whose notification never came, and payouts (pay/payouts.ts).
 */
import { defineModule } from '../../module'
import { API_BASE } from '../../../shared/constants'
import { payProviders } from './providers'
import { payRoutes, NOTIFY_PATH } from './routes'
import { reconcileService, type ReconcileService } from './reconcile-job'
import { payService, type PayService } from './service'
import { payStateCounts, type PayStateCounts } from './state-counts'

declare module '../../module' {
  interface Services {
    /** the pay centre, its daily reconciliation (reconcile-job.ts), its rows by state (state-counts.ts) */
    pay: PayService & { reconciliation: ReconcileService; stateCounts: () => Promise<PayStateCounts> }
  }
}

/** The chasing job's period. */
const CHASE_EVERY_MS = 60_000
/** How often the reconciliation job looks whether yesterday's bills are reconciled (a day runs once). */
const RECONCILE_EVERY_MS = 60 * 60_000

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
    const providers = await payProviders(app, settings, origin)
    const log = (err: unknown, what: string) => app.log.warn({ err }, what)
    const pay = payService({
      db,
      providers,
      events,
      notifyUrl: (channel) => `${origin()}${API_BASE}${NOTIFY_PATH(channel)}`,
      siteUrl: (path) => `${origin()}${path}`,
      now,
      log,
    })
    const reconciliation = reconcileService({ db, providers, now, log })
    jobs.schedule('pay-chase', settings.payChaseMs ?? CHASE_EVERY_MS, () => pay.chase())
    // refunds whose end has not been heard of are asked about until final (docs/payments.md, "Refunds")
    jobs.schedule('pay-refunds', settings.payChaseMs ?? CHASE_EVERY_MS, () => pay.chaseRefunds())
    // payouts left PAYING (a provider that did not answer, or still dealing) are asked until final
    jobs.schedule('pay-payouts', settings.payChaseMs ?? CHASE_EVERY_MS, () => pay.pollPayouts())
    jobs.schedule('pay-reconcile', settings.payReconcileMs ?? RECONCILE_EVERY_MS, () =>
      reconciliation.reconcile(),
    )
    routes(payRoutes, { pay, reconciliation })
    return { pay: { ...pay, reconciliation, stateCounts: () => payStateCounts(db) } }
  },
})

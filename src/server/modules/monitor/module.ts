/**
 * 系统状态 and the payments' metrics (docs/operations.md, "Monitoring"). The request, process,
 * database, job and live-event metrics are the app's own (plugins/metrics.ts); this module adds the
 * payments by state to them — counted by the pay module, kept a few seconds — and answers the
 * console page with the same figures.
 */
import { defineModule } from '../../module'
import type { PayStateCounts } from '../pay/state-counts'
import { monitorRoutes } from './routes'
import { statusService } from './status'

/** How long a count of the payments by state is reused (a scrape every 15 s costs one count in two). */
const PAY_COUNTS_MS = 10_000

/** `read` kept `ms` (one run at a time; a failure is not kept). */
function kept<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let value: { at: number; answer: Promise<T> } | null = null
  return () => {
    const now = Date.now()
    if (value && now - value.at < ms) return value.answer
    const answer = read()
    value = { at: now, answer }
    answer.catch(() => {
      if (value?.answer === answer) value = null
    })
    return answer
  }
}

export const monitorModule = defineModule({
  name: 'monitor',
  needs: ['pay'],
  register({ app, db, dialect, shared, jobs, bus, metrics, pendingMigrations, routes }, { pay }) {
    const payCounts = kept(PAY_COUNTS_MS, () => pay.stateCounts())
    const rows = (pick: (c: PayStateCounts) => Record<string, number>) => async () =>
      Object.entries(pick(await payCounts())).map(([status, value]) => ({ labels: { status }, value }))
    metrics.gauge(
      'pay_attempts',
      'Payment attempts by status (WAITING, PAID, CLOSED).',
      ['status'],
      rows((c) => c.attempts),
    )
    metrics.gauge(
      'pay_payouts',
      'Payouts (withdrawals paid by transfer) by status (PAYING, PAID, FAILED).',
      ['status'],
      rows((c) => c.payouts),
    )
    metrics.gauge(
      'pay_refunds',
      'Refunds to the payment channel by status (PENDING, SUCCESS, FAILED).',
      ['status'],
      rows((c) => c.refunds),
    )

    const status = statusService({
      db,
      dialect,
      shared,
      jobs,
      bus,
      metrics,
      pendingMigrations,
      payCounts,
    })
    app.addHook('onClose', async () => status.close())
    routes(monitorRoutes, { status })
  },
})

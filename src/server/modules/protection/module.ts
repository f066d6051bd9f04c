/**
 * 包赔 (docs/recovery-protection.md): the terms a seller offers (recorded inside the listing's
 * transaction: 'goods.saved'), the deposit frozen from the proceeds inside the settlement
 * ('order.settled'), claims, and the release job.
 */
import { defineModule } from '../../module'
import { inTransaction } from '../events/domain'
import { protectionRoutes } from './routes'
import { protectionService, type ProtectionService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** 包赔: tests call protection.sweep() after moving the clock */
    protection: ProtectionService
  }
}

export const protectionModule = defineModule({
  name: 'protection',
  needs: ['funds', 'trade', 'goods', 'images', 'messages'],
  register({ app, db, now, events, jobs, settings, routes }, deps) {
    const protection = protectionService({ db, ...deps, events, now })
    app.decorate('protection', protection)
    events.within('goods.saved', (trx, e) =>
      protection.setTerms(trx, e.goodsId, e.sellerId, e.goodsType, e.protectionDays, e.protectionExtra),
    )
    // agency-sale orders settle to the owner through the agency module: no deposit there
    events.within('order.settled', (trx, { order, agency, at }) =>
      agency ? undefined : protection.onSettled(inTransaction(trx), order, at),
    )
    jobs.schedule('protection-release', settings.tradeSweepMs ?? 30_000, () => protection.sweep())
    routes(protectionRoutes, { protection, now })
  },
})

/**
 * 订阅搜索: saved searches with alerts (docs/saved-searches.md). A listing going on sale is queued
 * inside its own transaction (the 'goods.onSale' domain event); the sweeper job matches the queue and
 * sends the alerts that are due.
 */
import { defineModule } from '../../module'
import { savedSearchRoutes } from './routes'
import { savedSearchService, type SavedSearchService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** saved searches: tests call savedSearches.sweep() (match the queue, send due alerts) */
    savedSearches: SavedSearchService
  }
}

export const savedSearchModule = defineModule({
  name: 'saved-search',
  needs: ['goods', 'games', 'messages'],
  register({ app, db, now, bus, events, jobs, settings, routes }, { goods, games, messages }) {
    const savedSearches = savedSearchService({
      db,
      goods,
      games,
      messages,
      bus,
      windowMs: settings.savedSearchWindowMs,
      now,
    })
    app.decorate('savedSearches', savedSearches)
    events.within('goods.onSale', (trx, signal) => savedSearches.enqueue(trx, signal))
    jobs.schedule('saved-search-sweep', settings.savedSearchSweepMs ?? 30_000, () => savedSearches.sweep())
    routes(savedSearchRoutes, { savedSearches, sandbox: settings.sandbox, now })
  },
})

import type { FastifyPluginAsync } from 'fastify'
import { SAVED_SEARCH } from '../../../shared/api/saved-search'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import type { SavedSearchService } from './service'

export const savedSearchRoutes: FastifyPluginAsync<{
  savedSearches: SavedSearchService
  /** demo and test installs: POST /sandbox/savedSearch/sweep runs the sweeper now */
  sandbox: boolean
  now: () => number
}> = async (app, { savedSearches, sandbox, now }) => {
  route(app, SAVED_SEARCH.list, (r) => savedSearches.list(uid(r)))
  route(
    app,
    SAVED_SEARCH.add,
    { message: '订阅成功', onRequest: rateLimit({ max: 30, windowMs: 60_000, now }) },
    (r) => savedSearches.add(uid(r), r.body),
  )
  route(app, SAVED_SEARCH.rename, { message: '已重命名' }, (r) =>
    savedSearches.rename(uid(r), r.body.savedSearchId, r.body.name),
  )
  route(app, SAVED_SEARCH.pause, { message: '已更新' }, (r) =>
    savedSearches.setPaused(uid(r), r.body.savedSearchId, r.body.paused),
  )
  route(app, SAVED_SEARCH.remove, { message: '已删除' }, (r) =>
    savedSearches.remove(uid(r), r.body.savedSearchId),
  )
  route(app, SAVED_SEARCH.seen, (r) => savedSearches.seen(uid(r), r.body.savedSearchId))
  if (sandbox)
    route(app, SAVED_SEARCH.sandboxSweep, { onRequest: rateLimit({ max: 60, windowMs: 60_000, now }) }, () =>
      savedSearches.sweep(),
    )
}

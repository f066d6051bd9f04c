import type { FastifyPluginAsync } from 'fastify'
import { ATTRS_QUERY_KEY, DISCOVER } from '../../../shared/api'
import { route } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import type { DiscoverService } from './service'

const MINUTE = 60_000

/** attrs[key]=value query keys → { key: value } */
function attrsOf(query: object): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    const match = ATTRS_QUERY_KEY.exec(name)
    if (match && typeof value === 'string') attrs[match[1]] = value
  }
  return attrs
}

/**
 * Discovery and valuation (docs/valuation.md). Similar listings are cached per listing; suggestions
 * (sent as the user types), price histories and estimates (which load deals) are rate-limited per
 * address as well.
 */
export const discoverRoutes: FastifyPluginAsync<{ discover: DiscoverService; now: () => number }> = async (
  app,
  { discover, now },
) => {
  const limit = (max: number) => ({ onRequest: rateLimit({ max, windowMs: MINUTE, now }) })
  route(app, DISCOVER.similar, (r) => discover.similar(r.params.goodsId))
  route(app, DISCOVER.suggest, limit(120), (r) => discover.suggest(r.query))
  route(app, DISCOVER.prices, limit(120), (r) => discover.prices(r.params.goodsId))
  route(app, DISCOVER.valuation, limit(60), (r) => discover.valuation(r.params.goodsId))
  route(app, DISCOVER.draftValuation, limit(30), (r) =>
    discover.draftValuation({ ...r.query, attrs: attrsOf(r.query) }),
  )
}

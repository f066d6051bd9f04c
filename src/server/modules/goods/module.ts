/**
 * Listings (docs/product.md): publishing and editing, the search and its caches, review by staff. A
 * listing going on sale gates on a verified real name (the account module). Listings changed by
 * other modules (orders, follows, pushes) and game changes arrive as domain events that clear the
 * answers kept here.
 */
import { defineModule } from '../../module'
import { badRequest } from '../../http/errors'
import { PERMS } from '../../../shared/permissions'
import { goodsRoutes } from './routes'
import { goodsService, type GoodsService } from './service'

declare module '../../module' {
  interface Services {
    goods: GoodsService
  }
}

export const goodsModule = defineModule({
  name: 'goods',
  needs: ['games', 'images', 'system', 'account', 'auth'],
  provides: ['goods'],
  register(
    { db, dialect, now, settings, invalidation, events, routes },
    { games, images, system, account, auth },
  ) {
    const goods = goodsService({
      db,
      dialect,
      games,
      images,
      system,
      now,
      searchCacheMs: settings.goodsSearchCacheMs,
      briefCacheMs: settings.goodsBriefCacheMs,
      invalidation,
      requireRealName: account.requireTradingIdentity,
      canPreview: (userId) => auth.hasPermission(userId, PERMS.goodsAuditList),
      events,
    })
    // listings changed by other modules, or what the answers carry of games and seller ratings
    events.after('goods.changed', () => goods.invalidate())
    events.after('game.changed', () => goods.invalidate())
    events.after('review.changed', () => goods.invalidate())
    // staff may not remove an area or server that listings still name
    events.within('game.serversRemoving', async (_trx, { servers }) => {
      const used = new Set(await goods.serversInUse(servers.map((s) => s.id)))
      const first = servers.find((s) => used.has(s.id))
      if (first) throw badRequest(`「${first.name}」下还有商品，不能删除`)
    })
    account.plugs.listingsOnSale.plug(goods.onSaleCount)
    routes(goodsRoutes, { goods, games })
    return { goods }
  },
})

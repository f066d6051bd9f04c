import { GOODS_STAFF } from '../../../shared/api/goods'
import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { ATTRS_QUERY_KEY, GAME, GOODS } from '../../../shared/api'
import { route, sessionOrNull, uid } from '../../http/route'
import type { GameService } from '../game/service'
import type { GoodsService } from './service'

/** attrs[key]=value query keys → { key: value } */
function attrsOf(query: object): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    const match = ATTRS_QUERY_KEY.exec(name)
    if (match && typeof value === 'string' && value.trim() !== '') attrs[match[1]] = value
  }
  return attrs
}

/** Listings: the buyer side (public), the seller's own (logged in), the staff audit. */
export const goodsRoutes: FastifyPluginAsync<{ goods: GoodsService; games: GameService }> = async (
  app,
  { goods, games },
) => {
  // ------------------------------------------------------------------ public

  route(app, GOODS.search, async (r) => {
    // identical searches within a few seconds share one answer (cleared by every listing change)
    const cached = goods.cachedSearch(r.url)
    if (cached) return cached
    const result = await goods.search(r.query, attrsOf(r.query))
    goods.storeSearch(r.url, result)
    return result
  })
  route(app, GOODS.home, () => goods.home())
  route(app, GOODS.detail, (r) => goods.detail(r.params.goodsId, sessionOrNull(r)))
  route(app, GOODS.shop, (r) => goods.shop(r.params.shopId))

  // ------------------------------------------------------------------ seller

  route(app, GOODS.publish, { message: '发布成功' }, (r) => goods.publish(uid(r), r.body))
  route(app, GOODS.update, { message: '修改成功' }, (r) => goods.update(uid(r), r.body))
  route(app, GOODS.mine, (r) => goods.myList(uid(r), r.query))
  route(app, GOODS.mineDetail, (r) => goods.myDetail(uid(r), r.params.goodsId))
  route(
    app,
    GOODS.onShelf,
    { message: ({ status }) => (status === 'ON_SALE' ? '已上架' : '已提交审核') },
    async (r) => ({ status: await goods.onShelf(uid(r), r.body.goodsId) }),
  )
  route(app, GOODS.offShelf, { message: '已下架' }, (r) => goods.offShelf(uid(r), r.body.goodsId))
  route(app, GOODS.updatePrice, { message: '改价成功' }, (r) =>
    goods.updatePrice(uid(r), r.body.goodsId, r.body.price),
  )
  route(app, GOODS.remove, { message: '删除成功' }, (r) => goods.remove(uid(r), r.body.goodsId))
  // the games of the caller's listings (the seller centre's game filter)
  route(app, GAME.mine, async (r) => games.byIds(await goods.gameIdsOfSeller(uid(r))))

  // ------------------------------------------------------------------ staff

  route(app, GOODS_STAFF.list, (r) => goods.staff.staffPage(r.query))
  route(app, GOODS_STAFF.approve, { message: '审核通过' }, async (r) => ({
    done: await goods.staff.staffDecide(actorOf(r), r.body.goodsIds, true, ''),
  }))
  route(app, GOODS_STAFF.reject, { message: '已驳回' }, async (r) => ({
    done: await goods.staff.staffDecide(actorOf(r), r.body.goodsIds, false, r.body.reason),
  }))
  route(app, GOODS_STAFF.takedown, { message: '已下架' }, (r) =>
    goods.staff.takedown(actorOf(r), r.body.goodsId, r.body.reason),
  )
  route(
    app,
    GOODS_STAFF.audit,
    { message: ({ status }) => (status === 'ON_SALE' ? '审核通过' : '已驳回') },
    async (r) => ({ status: await goods.staff.audit(actorOf(r), r.body) }),
  )
}

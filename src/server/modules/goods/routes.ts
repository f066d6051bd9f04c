import type { FastifyPluginAsync } from 'fastify'
import {
  ATTRS_QUERY_KEY,
  GOODS_PATHS,
  auditGoodsBodySchema,
  goodsIdBodySchema,
  goodsIdParamsSchema,
  goodsSearchQuerySchema,
  myGoodsQuerySchema,
  publishGoodsBodySchema,
  shopIdParamsSchema,
  updateGoodsBodySchema,
  updatePriceBodySchema,
  type AuditGoodsBody,
  type GoodsIdBody,
  type GoodsSearchQuery,
  type MyGoodsQuery,
  type PublishGoodsBody,
  type UpdateGoodsBody,
  type UpdatePriceBody,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok, table } from '../../plugins/envelope'
import type { GoodsService } from './service'

const JSON_TYPE = 'application/json; charset=utf-8'

const nullable = (type: string) => ({ type: [type, 'null'] })
/** GoodsBrief for fast-json-stringify (nothing required: error envelopes go through it too). */
const goodsBriefSchema = {
  type: 'object',
  properties: {
    goodsId: { type: 'integer' },
    gameId: { type: 'integer' },
    gameName: { type: 'string' },
    goodsType: { type: 'string' },
    title: { type: 'string' },
    price: { type: 'integer' },
    stock: { type: 'integer' },
    status: { type: 'string' },
    platform: nullable('string'),
    areaId: nullable('integer'),
    areaName: nullable('string'),
    serverId: nullable('integer'),
    serverName: nullable('string'),
    coverUrl: nullable('string'),
    attributes: { type: 'object', additionalProperties: true },
    sellerId: { type: 'integer' },
    shopName: { type: 'string' },
    pushed: { type: 'boolean' },
    viewCount: { type: 'integer' },
    followCount: { type: 'integer' },
    createdAt: { type: 'integer' },
  },
} as const

const searchResponseSchema = {
  type: 'object',
  properties: {
    code: { type: 'integer' },
    msg: { type: 'string' },
    rows: { type: 'array', items: goodsBriefSchema },
    total: { type: 'integer' },
    totalCapped: { type: 'boolean' },
  },
} as const

/** attrs[key]=value query keys → { key: value } */
function attrsOf(query: Record<string, unknown>): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const [name, value] of Object.entries(query)) {
    const match = ATTRS_QUERY_KEY.exec(name)
    if (match && typeof value === 'string' && value.trim() !== '') attrs[match[1]] = value
  }
  return attrs
}

export const goodsRoutes: FastifyPluginAsync<{ goods: GoodsService }> = async (app, { goods }) => {
  const auth = { config: { auth: true } }

  // ------------------------------------------------------------------ public

  app.get<{ Querystring: GoodsSearchQuery & Record<string, unknown> }>(
    GOODS_PATHS.search,
    { schema: { querystring: goodsSearchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      // identical searches within a few seconds share one answer (cleared by every listing change)
      const key = request.url
      const cached = goods.cachedSearch(key)
      if (cached !== undefined) return reply.type(JSON_TYPE).send(cached)
      const result = await goods.search(request.query, attrsOf(request.query))
      const body = reply.serialize(result) as string
      goods.storeSearch(key, body)
      return reply.type(JSON_TYPE).send(body)
    },
  )

  app.get(GOODS_PATHS.home, async () => ok(await goods.home()))

  app.get<{ Params: { goodsId: number } }>(
    GOODS_PATHS.detail,
    { config: { auth: 'optional' }, schema: { params: goodsIdParamsSchema } },
    async (request) => ok(await goods.detail(request.params.goodsId, request.session)),
  )

  app.get<{ Params: { shopId: number } }>(
    GOODS_PATHS.shop,
    { schema: { params: shopIdParamsSchema } },
    async (request) => ok(await goods.shop(request.params.shopId)),
  )

  // ------------------------------------------------------------------ seller

  app.post<{ Body: PublishGoodsBody }>(
    GOODS_PATHS.publish,
    { ...auth, schema: { body: publishGoodsBodySchema } },
    async (request) => ok(await goods.publish(sessionOf(request).userId, request.body), '发布成功'),
  )

  app.post<{ Body: UpdateGoodsBody }>(
    GOODS_PATHS.update,
    { ...auth, schema: { body: updateGoodsBodySchema } },
    async (request) => ok(await goods.update(sessionOf(request).userId, request.body), '修改成功'),
  )

  app.get<{ Querystring: MyGoodsQuery }>(
    GOODS_PATHS.myGoods,
    { ...auth, schema: { querystring: myGoodsQuerySchema } },
    async (request) => table(await goods.myList(sessionOf(request).userId, request.query)),
  )

  app.get<{ Params: { goodsId: number } }>(
    GOODS_PATHS.myGoodsDetail,
    { ...auth, schema: { params: goodsIdParamsSchema } },
    async (request) => ok(await goods.myDetail(sessionOf(request).userId, request.params.goodsId)),
  )

  app.post<{ Body: GoodsIdBody }>(
    GOODS_PATHS.onShelf,
    { ...auth, schema: { body: goodsIdBodySchema } },
    async (request) => {
      const status = await goods.onShelf(sessionOf(request).userId, request.body.goodsId)
      return ok({ status }, status === 'ON_SALE' ? '已上架' : '已提交审核')
    },
  )

  app.post<{ Body: GoodsIdBody }>(
    GOODS_PATHS.offShelf,
    { ...auth, schema: { body: goodsIdBodySchema } },
    async (request) => {
      await goods.offShelf(sessionOf(request).userId, request.body.goodsId)
      return ok(undefined, '已下架')
    },
  )

  app.post<{ Body: UpdatePriceBody }>(
    GOODS_PATHS.updatePrice,
    { ...auth, schema: { body: updatePriceBodySchema } },
    async (request) => {
      await goods.updatePrice(sessionOf(request).userId, request.body.goodsId, request.body.price)
      return ok(undefined, '改价成功')
    },
  )

  app.post<{ Body: GoodsIdBody }>(
    GOODS_PATHS.remove,
    { ...auth, schema: { body: goodsIdBodySchema } },
    async (request) => {
      await goods.remove(sessionOf(request).userId, request.body.goodsId)
      return ok(undefined, '删除成功')
    },
  )

  // ------------------------------------------------------------------ admin

  app.post<{ Body: AuditGoodsBody }>(
    GOODS_PATHS.adminAudit,
    { ...auth, schema: { body: auditGoodsBodySchema } },
    async (request) => {
      const status = await goods.audit(sessionOf(request).userId, request.body)
      return ok({ status }, status === 'ON_SALE' ? '审核通过' : '已驳回')
    },
  )
}

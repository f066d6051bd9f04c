import type { FastifyPluginAsync } from 'fastify'
import {
  GOODS_PATHS,
  deliveryAccountsQuerySchema,
  goodsIdBodySchema,
  saveDeliveryAccountBodySchema,
  type GoodsIdBody,
  type SaveDeliveryAccountBody,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok, table } from '../../plugins/envelope'
import type { DeliveryService } from './service'

type ListQuery = { pageNum?: number; pageSize?: number; gameId?: number; keyword?: string }

/** The seller's own delivery accounts; values only ever leave masked. */
export const deliveryRoutes: FastifyPluginAsync<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  const auth = { config: { auth: true } }

  app.get<{ Querystring: ListQuery }>(
    GOODS_PATHS.deliveryAccounts,
    { ...auth, schema: { querystring: deliveryAccountsQuerySchema } },
    async (request) => table(await delivery.list(sessionOf(request).userId, request.query)),
  )

  app.post<{ Body: SaveDeliveryAccountBody }>(
    GOODS_PATHS.saveDeliveryAccount,
    { ...auth, schema: { body: saveDeliveryAccountBodySchema } },
    async (request) => ok(await delivery.save(sessionOf(request).userId, request.body), '保存成功'),
  )

  app.post<{ Body: GoodsIdBody }>(
    GOODS_PATHS.removeDeliveryAccount,
    { ...auth, schema: { body: goodsIdBodySchema } },
    async (request) => {
      await delivery.remove(sessionOf(request).userId, request.body.goodsId)
      return ok(undefined, '删除成功')
    },
  )
}

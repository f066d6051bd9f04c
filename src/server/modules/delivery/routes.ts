import type { FastifyPluginAsync } from 'fastify'
import {
  GOODS_PATHS,
  autoDeliveryBodySchema,
  deliveryAccountsQuerySchema,
  goodsIdBodySchema,
  saveDeliveryAccountBodySchema,
  type AutoDeliveryBody,
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

  app.post<{ Body: AutoDeliveryBody }>(
    GOODS_PATHS.autoDelivery,
    { ...auth, schema: { body: autoDeliveryBodySchema } },
    async (request) => {
      const { goodsId, enabled } = request.body
      await delivery.setAutoDelivery(sessionOf(request).userId, goodsId, enabled)
      return ok(undefined, enabled ? '已开启自动交付' : '已关闭自动交付')
    },
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

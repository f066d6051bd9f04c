import type { FastifyPluginAsync } from 'fastify'
import { DELIVERY } from '../../../shared/api'
import { route, uid } from '../../http/route'
import type { DeliveryService } from './service'

/** The seller's own delivery accounts; values only ever leave masked. */
export const deliveryRoutes: FastifyPluginAsync<{ delivery: DeliveryService }> = async (
  app,
  { delivery },
) => {
  route(app, DELIVERY.list, (r) => delivery.list(uid(r), r.query))
  route(app, DELIVERY.save, { message: '保存成功' }, (r) => delivery.save(uid(r), r.body))
  route(
    app,
    DELIVERY.autoDelivery,
    { message: (_, r) => (r.body.enabled ? '已开启自动交付' : '已关闭自动交付') },
    (r) => delivery.setAutoDelivery(uid(r), r.body.goodsId, r.body.enabled),
  )
  route(app, DELIVERY.remove, { message: '删除成功' }, (r) => delivery.remove(uid(r), r.body.goodsId))
}

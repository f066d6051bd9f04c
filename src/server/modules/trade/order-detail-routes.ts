import type { FastifyPluginAsync } from 'fastify'
import { ORDER_DETAIL } from '../../../shared/api/order-detail'
import { route, uid } from '../../http/route'
import type { OrderDetailService } from './order-detail'

/** The parties' order detail page (docs/order-detail.md). */
export const orderDetailRoutes: FastifyPluginAsync<{ details: OrderDetailService }> = async (
  app,
  { details },
) => {
  route(app, ORDER_DETAIL.view, (r) => details.view(uid(r), r.params.orderNo))
}

import type { FastifyPluginAsync } from 'fastify'
import { ORDER_STAFF } from '../../../shared/api/trade'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { OrderStaffService } from './staff'

/** 订单管理 of the console (permission-declared endpoints; docs/console.md). */
export const orderStaffRoutes: FastifyPluginAsync<{ orders: OrderStaffService }> = async (
  app,
  { orders },
) => {
  route(app, ORDER_STAFF.list, (r) => orders.list(r.query))
  route(app, ORDER_STAFF.detail, (r) => orders.detail(r.params.orderNo))
  route(app, ORDER_STAFF.notes, (r) => orders.notes(r.params.orderNo))
  route(app, ORDER_STAFF.addNote, { message: '备注已添加' }, (r) =>
    orders.addNote(actorOf(r), r.body.orderNo, r.body.content),
  )
}

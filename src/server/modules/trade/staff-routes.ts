import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE_ORDERS } from '../../../shared/api/console-sys'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { OrderConsoleService } from './console'

/** 订单管理 of the console (permission-declared endpoints; docs/console.md). */
export const orderConsoleRoutes: FastifyPluginAsync<{ orders: OrderConsoleService }> = async (
  app,
  { orders },
) => {
  route(app, CONSOLE_ORDERS.list, (r) => orders.list(r.query))
  route(app, CONSOLE_ORDERS.detail, (r) => orders.detail(r.params.orderNo))
  route(app, CONSOLE_ORDERS.notes, (r) => orders.notes(r.params.orderNo))
  route(app, CONSOLE_ORDERS.addNote, { message: '备注已添加' }, (r) =>
    orders.addNote(actorOf(r), r.body.orderNo, r.body.content),
  )
}

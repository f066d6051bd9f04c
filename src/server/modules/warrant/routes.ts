import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { WARRANT, WARRANT_STAFF } from '../../../shared/api'
import { route, uid } from '../../http/route'
import type { WarrantService } from './service'

/** Guaranteed-order rooms and disputes (logged in; staff rule and list disputes). */
export const warrantRoutes: FastifyPluginAsync<{ warrant: WarrantService }> = async (app, { warrant }) => {
  route(app, WARRANT.rooms, (r) => warrant.rooms(uid(r)))
  route(app, WARRANT.messages, (r) => warrant.messages(uid(r), r.params.orderNo))
  route(app, WARRANT.post, { message: '发送成功' }, (r) => warrant.post(uid(r), r.body))
  route(app, WARRANT.open, { message: '已提交纠纷，订单进入仲裁' }, (r) =>
    warrant.open(uid(r), r.body.orderNo, r.body.reason),
  )
  route(app, WARRANT_STAFF.rule, { message: '裁决已生效' }, (r) => warrant.rule(actorOf(r), r.body))
  route(app, WARRANT_STAFF.staffPost, { message: '发送成功' }, (r) =>
    warrant.staffPost(actorOf(r), r.body.orderNo, r.body.content),
  )
  route(app, WARRANT_STAFF.staffMessages, (r) => warrant.staffMessages(actorOf(r), r.params.orderNo))
  route(app, WARRANT_STAFF.disputes, (r) => warrant.disputes(r.query))
  route(app, WARRANT.dispute, (r) => warrant.dispute(uid(r), r.params.orderNo))
}

import type { FastifyPluginAsync } from 'fastify'
import { PUSH } from '../../../shared/api'
import { route, uid } from '../../http/route'
import type { PushService } from './service'

export const pushRoutes: FastifyPluginAsync<{ pushes: PushService }> = async (app, { pushes }) => {
  route(app, PUSH.quota, (r) => pushes.quota(uid(r)))
  route(app, PUSH.push, { message: '推送成功' }, (r) => pushes.push(uid(r), r.body))
  route(app, PUSH.list, (r) => pushes.list(uid(r), r.query))
}

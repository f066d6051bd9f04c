import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE } from '../../../shared/api/console'
import { route, uid } from '../../http/route'
import type { OplogService } from './service'

export const oplogRoutes: FastifyPluginAsync<{ oplog: OplogService }> = async (app, { oplog }) => {
  route(app, CONSOLE.oplogList, (r) => oplog.opLogs(r.query))
  route(app, CONSOLE.loginlogList, (r) => oplog.loginLogs(r.query))
  route(app, CONSOLE.settings, (r) => oplog.settings(uid(r)))
  route(app, CONSOLE.saveSettings, { message: '设置已保存' }, (r) => oplog.saveSettings(uid(r), r.body))
}

import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE, CONSOLE_DASHBOARD } from '../../../shared/api/console'
import { route, uid } from '../../http/route'
import type { OplogService } from './service'
import type { dashboardService } from './dashboard'

export const oplogRoutes: FastifyPluginAsync<{
  oplog: OplogService
  dashboard: ReturnType<typeof dashboardService>
}> = async (app, { oplog, dashboard }) => {
  route(app, CONSOLE_DASHBOARD.get, () => dashboard.get())
  route(app, CONSOLE.oplogList, (r) => oplog.opLogs(r.query))
  route(app, CONSOLE.loginlogList, (r) => oplog.loginLogs(r.query))
  route(app, CONSOLE.settings, (r) => oplog.settings(uid(r)))
  route(app, CONSOLE.saveSettings, { message: '设置已保存' }, (r) => oplog.saveSettings(uid(r), r.body))
}

import type { FastifyPluginAsync } from 'fastify'
import { OPLOG_STAFF, DASHBOARD_STAFF } from '../../../shared/api/oplog'
import { route, uid } from '../../http/route'
import type { OplogService } from './service'
import type { dashboardService } from './dashboard'

export const oplogRoutes: FastifyPluginAsync<{
  oplog: OplogService
  dashboard: ReturnType<typeof dashboardService>
}> = async (app, { oplog, dashboard }) => {
  route(app, DASHBOARD_STAFF.get, () => dashboard.get())
  route(app, OPLOG_STAFF.oplogList, (r) => oplog.opLogs(r.query))
  route(app, OPLOG_STAFF.loginlogList, (r) => oplog.loginLogs(r.query))
  route(app, OPLOG_STAFF.settings, (r) => oplog.settings(uid(r)))
  route(app, OPLOG_STAFF.saveSettings, { message: '设置已保存' }, (r) => oplog.saveSettings(uid(r), r.body))
}

import type { FastifyPluginAsync } from 'fastify'
import { MONITOR_STAFF } from '../../../shared/api/monitor'
import { route } from '../../http/route'
import type { StatusService } from './status'

export const monitorRoutes: FastifyPluginAsync<{ status: StatusService }> = async (app, { status }) => {
  route(app, MONITOR_STAFF.status, () => status.status())
}

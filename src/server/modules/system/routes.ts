import type { FastifyPluginAsync } from 'fastify'
import { SYSTEM } from '../../../shared/api/system'
import { route, uid } from '../../http/route'
import type { AuthService } from '../auth/service'
import type { SystemService } from './service'

export const systemRoutes: FastifyPluginAsync<{ system: SystemService; auth: AuthService }> = async (
  app,
  { system, auth },
) => {
  route(app, SYSTEM.routers, async (r) => system.routers(await auth.roleKeys(uid(r))))

  route(app, SYSTEM.dict, (r) => system.dictData(r.params.dictType))

  // RuoYi answers a parameter with its value in msg; it is in data as well
  route(app, SYSTEM.config, { message: (value) => value }, (r) =>
    system.publicConfigValue(r.params.configKey),
  )
}

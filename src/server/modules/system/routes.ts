import type { FastifyPluginAsync } from 'fastify'
import { SYSTEM } from '../../../shared/api/system'
import { PERMS } from '../../../shared/permissions'
import { route, uid } from '../../http/route'
import type { AuthService } from '../auth/service'
import type { SystemService } from './service'

export const systemRoutes: FastifyPluginAsync<{ system: SystemService; auth: AuthService }> = async (
  app,
  { system, auth },
) => {
  route(app, SYSTEM.routers, async (r) => {
    const menus = await system.routers(await auth.roleKeys(uid(r)))
    // the console's menus only with console:index:view, whatever menus a role was given
    if (await auth.hasPermission(uid(r), PERMS.consoleView)) return menus
    return menus.filter((menu) => menu.path !== '/console' && !menu.path.startsWith('/console/'))
  })

  route(app, SYSTEM.dict, (r) => system.dictData(r.params.dictType))

  // RuoYi answers a parameter with its value in msg; it is in data as well
  route(app, SYSTEM.config, { message: (value) => value }, (r) =>
    system.publicConfigValue(r.params.configKey),
  )
}

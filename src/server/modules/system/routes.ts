import type { FastifyPluginAsync } from 'fastify'
import { SYSTEM } from '../../../shared/api/system'
import { route } from '../../http/route'
import type { SystemService } from './service'

/** Dictionaries and public parameters (a user's menus depend on their roles: auth/routes.ts). */
export const systemRoutes: FastifyPluginAsync<{ system: SystemService }> = async (app, { system }) => {
  route(app, SYSTEM.dict, (r) => system.dictData(r.params.dictType))

  // RuoYi answers a parameter with its value in msg; it is in data as well
  route(app, SYSTEM.config, { message: (value) => value }, (r) =>
    system.publicConfigValue(r.params.configKey),
  )
}

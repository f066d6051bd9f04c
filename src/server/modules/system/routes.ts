import type { FastifyPluginAsync } from 'fastify'
import { PATHS, configKeyParamsSchema, dictTypeParamsSchema } from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok } from '../../plugins/envelope'
import type { AuthService } from '../auth/service'
import type { SystemService } from './service'

export const systemRoutes: FastifyPluginAsync<{ system: SystemService; auth: AuthService }> = async (
  app,
  { system, auth },
) => {
  app.get(PATHS.getRouters, { config: { auth: true } }, async (request) =>
    ok(await system.routers(await auth.roleKeys(sessionOf(request).userId))),
  )

  app.get<{ Params: { dictType: string } }>(
    PATHS.dictDataByType,
    { schema: { params: dictTypeParamsSchema } },
    async (request) => ok(await system.dictData(request.params.dictType)),
  )

  // RuoYi answers a parameter with its value in msg; it is in data as well.
  app.get<{ Params: { configKey: string } }>(
    PATHS.configByKey,
    { schema: { params: configKeyParamsSchema } },
    async (request) => {
      const value = await system.publicConfigValue(request.params.configKey)
      return ok(value, value)
    },
  )
}

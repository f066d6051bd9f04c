import type { FastifyPluginAsync } from 'fastify'
import {
  GOODS_PATHS,
  pageOnlyQuerySchema,
  pushBodySchema,
  type PageQuery,
  type PushBody,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok, table } from '../../plugins/envelope'
import type { PushService } from './service'

export const pushRoutes: FastifyPluginAsync<{ pushes: PushService }> = async (app, { pushes }) => {
  const auth = { config: { auth: true } }

  app.get(GOODS_PATHS.pushQuota, auth, async (request) => ok(await pushes.quota(sessionOf(request).userId)))

  app.post<{ Body: PushBody }>(
    GOODS_PATHS.push,
    { ...auth, schema: { body: pushBodySchema } },
    async (request) => ok(await pushes.push(sessionOf(request).userId, request.body), '推送成功'),
  )

  app.get<{ Querystring: PageQuery }>(
    GOODS_PATHS.pushList,
    { ...auth, schema: { querystring: pageOnlyQuerySchema } },
    async (request) => table(await pushes.list(sessionOf(request).userId, request.query)),
  )
}

import type { FastifyPluginAsync } from 'fastify'
import {
  PATHS,
  idsBodySchema,
  webMessagePageBodySchema,
  type IdsBody,
  type WebMessagePageBody,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ok, table } from '../../plugins/envelope'
import type { MessageService } from './service'

/** The caller's own in-site messages; every route needs login. Batch answers carry the changed count. */
export const messageRoutes: FastifyPluginAsync<{ messages: MessageService }> = async (app, { messages }) => {
  const auth = { config: { auth: true } }

  app.get(PATHS.unreadCount, auth, async (request) =>
    ok(await messages.unreadCount(sessionOf(request).userId)),
  )

  app.get(PATHS.groupMessage, auth, async (request) =>
    ok(await messages.groupMessage(sessionOf(request).userId)),
  )

  app.post<{ Body: WebMessagePageBody }>(
    PATHS.webMessagePage,
    { ...auth, schema: { body: webMessagePageBodySchema } },
    async (request) => table(await messages.page(sessionOf(request).userId, request.body)),
  )

  app.post<{ Body: IdsBody }>(
    PATHS.webMessageBatchRead,
    { ...auth, schema: { body: idsBodySchema } },
    async (request) => ok(await messages.markRead(sessionOf(request).userId, request.body.ids)),
  )

  app.post<{ Body: IdsBody }>(
    PATHS.webMessageBatchRemove,
    { ...auth, schema: { body: idsBodySchema } },
    async (request) => ok(await messages.remove(sessionOf(request).userId, request.body.ids)),
  )
}

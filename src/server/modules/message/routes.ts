import type { FastifyPluginAsync } from 'fastify'
import {
  Code,
  PATHS,
  idsBodySchema,
  webMessagePageBodySchema,
  type IdsBody,
  type WebMessagePageBody,
} from '../../../shared/api'
import { sendWebMessageBodySchema, type SendWebMessageBody } from '../../../shared/api/live'
import { MSG } from '../../../shared/messages'
import { sessionOf } from '../../plugins/auth'
import { ApiError, ok, table } from '../../plugins/envelope'
import type { MessageService } from './service'

/**
 * The caller's own in-site messages; every route needs login. Batch answers carry the changed count.
 * Also: the CSV export of the caller's messages, and the admin's "send a message to a user".
 */
export const messageRoutes: FastifyPluginAsync<{
  messages: MessageService
  /** whether a user has the admin role (the send route); absent: the send route is not registered */
  isAdmin?: (userId: number) => Promise<boolean>
}> = async (app, { messages, isAdmin }) => {
  const auth = { config: { auth: true } }

  app.post(PATHS.webMessageExport, auth, async (request) =>
    ok(await messages.exportCsv(sessionOf(request).userId), '导出成功'),
  )

  if (isAdmin) {
    app.post<{ Body: SendWebMessageBody }>(
      PATHS.webMessageSend,
      { ...auth, schema: { body: sendWebMessageBodySchema } },
      async (request) => {
        if (!(await isAdmin(sessionOf(request).userId))) throw new ApiError(Code.FORBIDDEN, MSG.FORBIDDEN)
        return ok({ messageId: await messages.send(request.body) }, '发送成功')
      },
    )
  }

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

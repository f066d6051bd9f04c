import type { FastifyPluginAsync } from 'fastify'
import { MESSAGE } from '../../../shared/api'
import { route, uid } from '../../http/route'
import { forbidden } from '../../http/errors'
import type { MessageService } from './service'

/**
 * The caller's own in-site messages; every route needs login. Batch answers carry the changed count.
 * Also: the CSV export of the caller's messages, and staff sending a message to a user.
 */
export const messageRoutes: FastifyPluginAsync<{
  messages: MessageService
  /** whether a user is staff (the send route); absent: the send route is not registered */
  isStaff?: (userId: number) => Promise<boolean>
}> = async (app, { messages, isStaff }) => {
  route(app, MESSAGE.export, { message: '导出成功' }, (r) => messages.exportCsv(uid(r)))

  if (isStaff) {
    route(app, MESSAGE.send, { message: '发送成功' }, async (r) => {
      if (!(await isStaff(uid(r)))) throw forbidden()
      return { messageId: await messages.send(r.body) }
    })
  }

  route(app, MESSAGE.unreadCount, (r) => messages.unreadCount(uid(r)))
  route(app, MESSAGE.group, (r) => messages.groupMessage(uid(r)))
  route(app, MESSAGE.page, (r) => messages.page(uid(r), r.body))
  route(app, MESSAGE.batchRead, (r) => messages.markRead(uid(r), r.body.ids))
  route(app, MESSAGE.batchRemove, (r) => messages.remove(uid(r), r.body.ids))
}

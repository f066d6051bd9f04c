import type { FastifyPluginAsync } from 'fastify'
import { CHAT, CHAT_STAFF } from '../../../shared/api/chat'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { actorOf } from '../oplog/service'
import type { ChatService } from './service'

/** Pre-sale chat (logged in); sending is limited per address here and per user in the service. */
export const chatRoutes: FastifyPluginAsync<{ chat: ChatService; now: () => number }> = async (
  app,
  { chat, now },
) => {
  route(app, CHAT.open, { onRequest: rateLimit({ max: 30, windowMs: 60_000, now }) }, (r) =>
    chat.open(uid(r), r.body.goodsId),
  )
  route(app, CHAT.conversations, (r) => chat.conversations(uid(r), r.query))
  route(app, CHAT.conversation, (r) => chat.conversation(uid(r), r.params.conversationId))
  route(app, CHAT.messages, (r) => chat.messages(uid(r), r.params.conversationId, r.query))
  route(
    app,
    CHAT.send,
    { message: '发送成功', onRequest: rateLimit({ max: 60, windowMs: 60_000, now }) },
    (r) => chat.send(uid(r), r.body),
  )
  route(app, CHAT.quickReplies, (r) => chat.quickReplies(uid(r)))
  route(app, CHAT.addQuickReply, { message: '已添加' }, (r) => chat.addQuickReply(uid(r), r.body.content))
  route(app, CHAT.editQuickReply, { message: '已保存' }, (r) =>
    chat.editQuickReply(uid(r), r.body.replyId, r.body.content),
  )
  route(app, CHAT.removeQuickReply, { message: '已删除' }, (r) =>
    chat.removeQuickReply(uid(r), r.body.replyId),
  )
  route(app, CHAT.unread, (r) => chat.unread(uid(r)))
  route(app, CHAT_STAFF.disputeChat, (r) => chat.disputeChat(actorOf(r), r.params.orderNo))
}

import type { FastifyPluginAsync } from 'fastify'
import { CS_STAFF, CS_CONVERSATION } from '../../../shared/api/cs'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { actorOf } from '../oplog/service'
import type { CsConversationService } from './conversations'
import type { CsTools } from './tools'

/**
 * 在线客服 routes (docs/customer-service.md). Sending is limited per address here and per user and
 * per conversation in the service (database counts: the same across processes).
 */
export const csConversationRoutes: FastifyPluginAsync<{
  conversations: CsConversationService
  tools: CsTools
  now: () => number
}> = async (app, { conversations: cs, tools, now }) => {
  const C = CS_CONVERSATION
  route(app, C.status, () => cs.status())
  route(app, C.open, { onRequest: rateLimit({ max: 30, windowMs: 60_000, now }) }, (r) =>
    cs.open(uid(r), r.body),
  )
  route(app, C.conversations, (r) => cs.conversations(uid(r), r.query.pageNum, r.query.pageSize))
  route(app, C.conversation, (r) => cs.conversation(uid(r), r.params.conversationId))
  route(app, C.messages, (r) => cs.messages(uid(r), r.params.conversationId, r.query.afterId, r.query.limit))
  route(app, C.send, { onRequest: rateLimit({ max: 60, windowMs: 60_000, now }) }, (r) =>
    cs.send(uid(r), r.body),
  )
  route(app, C.end, { message: '会话已结束' }, (r) => cs.end(uid(r), r.body.conversationId))
  route(app, C.rate, { message: '感谢您的评价' }, (r) => cs.rate(uid(r), r.body))
  route(app, C.unread, (r) => cs.unread(uid(r)))

  const A = CS_STAFF
  route(app, A.me, (r) => cs.agent.me(uid(r)))
  route(app, A.setStatus, (r) => cs.agent.setStatus(actorOf(r), r.body.status))
  route(app, A.queue, (r) => cs.agent.queue(uid(r)))
  route(app, A.conversations, (r) => cs.agent.conversations(uid(r), r.query))
  route(app, A.take, { message: '已接待' }, (r) => cs.agent.take(actorOf(r), r.body.conversationId))
  route(app, A.autoAssign, async () => ({ assigned: await cs.autoAssign() }))
  route(app, A.transfer, { message: '已转接' }, (r) =>
    cs.agent.transfer(actorOf(r), r.body.conversationId, r.body.toUserId),
  )
  route(app, A.end, { message: '会话已结束' }, (r) => cs.agent.end(actorOf(r), r.body.conversationId))
  route(app, A.send, (r) => cs.agent.send(actorOf(r), r.body))
  route(app, A.messages, (r) =>
    cs.agent.messages(uid(r), r.params.conversationId, r.query.afterId, r.query.limit),
  )
  route(app, A.conversation, (r) => cs.agent.conversation(uid(r), r.params.conversationId))
  route(app, A.context, (r) => tools.context(actorOf(r), r.params.conversationId))
  route(app, A.agents, () => cs.agent.agents())
  route(app, A.editAgent, { message: '已保存' }, (r) => cs.agent.edit(actorOf(r), r.body))
  route(app, A.canned, (r) => tools.canned(uid(r), r.query.team))
  route(app, A.cannedAdd, { message: '已添加' }, (r) => tools.cannedAdd(actorOf(r), r.body))
  route(app, A.cannedEdit, { message: '已保存' }, (r) => tools.cannedEdit(actorOf(r), r.body))
  route(app, A.cannedRemove, { message: '已删除' }, (r) => tools.cannedRemove(actorOf(r), r.body.cannedId))
  route(app, A.figures, () => tools.figures())
  route(app, A.disputeConversations, (r) => tools.disputeConversations(actorOf(r), r.params.orderNo))
}

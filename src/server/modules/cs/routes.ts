import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { CS } from '../../../shared/api/cs'
import { CS_VERIFY, CS_VERIFY_STAFF } from '../../../shared/api/cs-verify'
import { route, sessionOrNull, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import type { CsService } from './service'
import type { CsVerifyService } from './verify-service'

/** Look-ups per client address and minute on the verification page (docs/platform-pages.md). */
export const CS_VERIFY_PER_MINUTE = 20

/** A logged-in user leaves a message for customer service; anyone verifies a contact; staff keep them. */
export const csRoutes: FastifyPluginAsync<{
  cs: CsService
  verify: CsVerifyService
  now: () => number
}> = async (app, { cs, verify, now }) => {
  route(
    app,
    CS.leaveMessage,
    { message: '留言成功，客服上线后会尽快处理', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => cs.leaveMessage(uid(r), r.body),
  )

  route(
    app,
    CS_VERIFY.verify,
    { onRequest: rateLimit({ max: CS_VERIFY_PER_MINUTE, windowMs: 60_000, now }) },
    (r) =>
      verify.verify(r.query.channel, r.query.value, {
        ip: r.ip,
        userId: sessionOrNull(r)?.userId ?? null,
      }),
  )
  route(app, CS_VERIFY_STAFF.contactList, (r) => verify.contacts(r.query))
  route(app, CS_VERIFY_STAFF.unknownTop, (r) => verify.unknownTop(r.query.days, r.query.limit))
  route(app, CS_VERIFY_STAFF.contactAdd, { message: '已添加' }, (r) => verify.staff.add(actorOf(r), r.body))
  route(app, CS_VERIFY_STAFF.contactEdit, { message: '已保存' }, (r) => verify.staff.edit(actorOf(r), r.body))
  route(app, CS_VERIFY_STAFF.contactRetire, { message: '已停用' }, (r) =>
    verify.staff.retire(actorOf(r), r.body.contactId),
  )
}

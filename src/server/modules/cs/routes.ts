import type { FastifyPluginAsync } from 'fastify'
import { CS } from '../../../shared/api/cs'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import type { CsService } from './service'

/** A logged-in user leaves a message for customer service. */
export const csRoutes: FastifyPluginAsync<{ cs: CsService; now: () => number }> = async (
  app,
  { cs, now },
) => {
  route(
    app,
    CS.leaveMessage,
    { message: '留言成功，客服上线后会尽快处理', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => cs.leaveMessage(uid(r), r.body),
  )
}

import type { FastifyPluginAsync } from 'fastify'
import { PATHS } from '../../../shared/api'
import { csLeaveMessageBodySchema, type CsLeaveMessageBody } from '../../../shared/api/cs'
import { sessionOf } from '../../plugins/auth'
import { ok } from '../../plugins/envelope'
import { rateLimit } from '../../plugins/rate-limit'
import type { CsService } from './service'

/** POST /api/platform/cs/leaveMessage: a logged-in user leaves a message for customer service. */
export const csRoutes: FastifyPluginAsync<{ cs: CsService; now: () => number }> = async (
  app,
  { cs, now },
) => {
  app.post<{ Body: CsLeaveMessageBody }>(
    PATHS.csLeaveMessage,
    {
      config: { auth: true },
      schema: { body: csLeaveMessageBodySchema },
      onRequest: rateLimit({ max: 10, windowMs: 60_000, now }),
    },
    async (request) =>
      ok(await cs.leaveMessage(sessionOf(request).userId, request.body), '留言成功，客服上线后会尽快处理'),
  )
}

/**
 * The pay centre's routes. The providers' notifications answer the provider's own protocol (Alipay:
 * the plain body `success`; WeChat Pay: 204, or a JSON error to be retried — provider.answer), not
 * our envelope, and need the raw body for the signature (WeChat signs the raw JSON text): they are
 * plain Fastify routes with a string body parser in their own scope.
 */
import type { FastifyPluginAsync } from 'fastify'
import { PAY, PAY_PROVIDER_CHANNELS, PAY_STAFF, type PayProviderChannel } from '../../../shared/api/pay'
import { notFound } from '../../http/errors'
import { route, uid } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { ReconcileService } from './reconcile-job'
import type { PayService } from './service'

export const NOTIFY_PATH = (channel: string) => `/pay/notify/${channel.toLowerCase()}`

export const payRoutes: FastifyPluginAsync<{ pay: PayService; reconciliation: ReconcileService }> = async (
  app,
  { pay, reconciliation },
) => {
  route(app, PAY.attempt, async (r) => {
    const attempt = await pay.attempt(uid(r), r.params.attemptNo)
    if (!attempt) throw notFound('支付单不存在')
    return attempt
  })

  route(app, PAY_STAFF.notifications, async (r) => {
    const { pageNum = 1, pageSize = 20, onlyStaff = false } = r.query
    const { rows, total } = await pay.notifications(onlyStaff, pageNum, pageSize)
    return {
      rows: rows.map((n) => ({
        id: n.id,
        channel: n.channel as PayProviderChannel,
        notifyId: n.notify_id,
        attemptNo: n.attempt_no,
        verdict: n.verdict,
        amount: Number(n.amount),
        needsStaff: n.needs_staff === 1,
        raw: n.raw,
        createdAt: Number(n.created_at),
      })),
      total,
    }
  })

  route(app, PAY_STAFF.mismatches, (r) => {
    const { pageNum = 1, pageSize = 20, channel, day, state } = r.query
    return reconciliation.mismatches({ pageNum, pageSize, channel, day, state })
  })

  route(app, PAY_STAFF.resolveMismatch, { message: '已处理' }, (r) =>
    reconciliation.resolve(actorOf(r), r.body.id, r.body.note),
  )

  route(app, PAY_STAFF.reconcileDay, (r) => reconciliation.reconcileDay(actorOf(r), r.body.day))

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
    for (const channel of PAY_PROVIDER_CHANNELS)
      scope.post(NOTIFY_PATH(channel), { config: { auth: 'optional' } }, async (request, reply) => {
        const answer = await pay.notification(channel, {
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        })
        return reply.code(answer.status).type(answer.contentType).send(answer.body)
      })
  })
}

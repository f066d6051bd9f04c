import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { FEEDBACK, FEEDBACK_STAFF } from '../../../shared/api/feedback'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import type { FeedbackService } from './service'

/** A user's feedback (rate limited per user in the service and per address here); staff handle it. */
export const feedbackRoutes: FastifyPluginAsync<{ feedback: FeedbackService; now: () => number }> = async (
  app,
  { feedback, now },
) => {
  route(
    app,
    FEEDBACK.add,
    { message: '提交成功，感谢您的反馈', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => feedback.add(uid(r), r.body),
  )
  route(app, FEEDBACK.my, (r) => feedback.my(uid(r), r.query))
  route(app, FEEDBACK.detail, (r) => feedback.detail(uid(r), r.params.feedbackId))
  route(app, FEEDBACK_STAFF.list, (r) => feedback.list(r.query))
  route(app, FEEDBACK_STAFF.reply, { message: '回复成功' }, (r) =>
    feedback.staff.reply(actorOf(r), r.body.feedbackId, r.body.content),
  )
  route(app, FEEDBACK_STAFF.close, { message: '已关闭' }, (r) =>
    feedback.staff.close(actorOf(r), r.body.feedbackId),
  )
}

import type { FastifyPluginAsync } from 'fastify'
import { REVIEW, REVIEW_STAFF } from '../../../shared/api/review'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { actorOf } from '../oplog/service'
import type { ReviewService } from './service'

/** Reviews: rating, reply and reports (rate limited per address here, reports per user too), staff hiding. */
export const reviewRoutes: FastifyPluginAsync<{ reviews: ReviewService; now: () => number }> = async (
  app,
  { reviews, now },
) => {
  route(
    app,
    REVIEW.rate,
    { message: '评价成功', onRequest: rateLimit({ max: 20, windowMs: 60_000, now }) },
    (r) => reviews.rate(uid(r), r.body),
  )
  route(app, REVIEW.reply, { message: '回复成功' }, (r) =>
    reviews.reply(uid(r), r.body.reviewId, r.body.content),
  )
  route(
    app,
    REVIEW.report,
    { message: '举报成功，我们会尽快处理', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => reviews.report(uid(r), r.body.reviewId, r.body.reason),
  )
  route(app, REVIEW.given, (r) => reviews.given(uid(r), r.query))
  route(app, REVIEW.received, (r) => reviews.received(uid(r), r.query))
  route(app, REVIEW.ofOrders, (r) => reviews.ofOrders(uid(r), r.query.orderNos))
  route(app, REVIEW.shop, (r) => reviews.shop(r.params.shopId, r.query))
  route(app, REVIEW.credit, (r) => reviews.credit(r.params.sellerId))
  route(app, REVIEW_STAFF.list, (r) => reviews.list(r.query))
  route(app, REVIEW_STAFF.hide, { message: '操作成功' }, (r) =>
    reviews.hide(actorOf(r), r.body.reviewId, r.body.hidden, r.body.reason),
  )
}

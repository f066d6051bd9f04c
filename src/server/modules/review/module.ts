/** 评价: reviews of finished orders and the sellers' credit (docs/product.md). */
import { defineModule } from '../../module'
import { reviewRoutes } from './routes'
import { reviewService } from './service'

export const reviewModule = defineModule({
  name: 'review',
  needs: ['trade', 'orderViews', 'system', 'messages'],
  register({ db, now, events, routes }, { trade, orderViews, system, messages }) {
    const reviews = reviewService({ db, trade, system, messages, events, now })
    orderViews.reviewOf.plug(async (userId, orderNo) => (await reviews.ofOrders(userId, orderNo))[0] ?? null)
    routes(reviewRoutes, { reviews, now })
  },
})

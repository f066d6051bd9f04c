/** 意见反馈: screenshots through the image module, staff replies as in-site messages. */
import { defineModule } from '../../module'
import { feedbackRoutes } from './routes'
import { feedbackService } from './service'

export const feedbackModule = defineModule({
  name: 'feedback',
  needs: ['images', 'messages', 'system'],
  register({ db, now, routes }, { images, messages, system }) {
    routes(feedbackRoutes, { feedback: feedbackService({ db, images, messages, system, now }), now })
  },
})

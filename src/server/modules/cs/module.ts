/** Customer-service staff records and /platform/customServiceVerify (docs/platform-pages.md). */
import { defineModule } from '../../module'
import { csRoutes } from './routes'
import { csService } from './service'
import { csVerifyService } from './verify-service'

export const csModule = defineModule({
  name: 'cs',
  register({ db, now, routes }) {
    routes(csRoutes, { cs: csService(db, now), verify: csVerifyService(db, now), now })
  },
})

/** 公会助力: guild logos through the image module, the real-name check through the account module. */
import { defineModule } from '../../module'
import { loveRoutes } from './routes'
import { loveService } from './service'

export const loveModule = defineModule({
  name: 'love',
  needs: ['games', 'images', 'system', 'account'],
  register({ db, now, routes }, { games, images, system, account }) {
    routes(loveRoutes, {
      love: loveService({ db, games, images, system, isVerified: account.isVerified, now }),
      now,
    })
  },
})

/** 关注: users follow listings (the detail says whether the caller does: plugged into goods). */
import { defineModule } from '../../module'
import { followRoutes } from './routes'
import { followService, type FollowService } from './service'

declare module '../../module' {
  interface Services {
    follows: FollowService
  }
}

export const followModule = defineModule({
  name: 'follow',
  needs: ['goods', 'games'],
  provides: ['follows'],
  register({ db, now, routes }, { goods, games }) {
    const follows = followService({ db, goods, now })
    goods.plugs.isFollowing.plug(follows.isFollowing)
    routes(followRoutes, { follows, games })
    return { follows }
  },
})

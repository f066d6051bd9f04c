/** 推送: sellers pay to lift a listing in the 综合 order for a while (docs/seller-tools.md). */
import { defineModule } from '../../module'
import { pushRoutes } from './routes'
import { pushService, type PushService } from './service'

declare module '../../module' {
  interface Services {
    pushes: PushService
  }
}

export const pushModule = defineModule({
  name: 'push',
  needs: ['goods', 'system'],
  provides: ['pushes'],
  register({ db, dialect, now, routes }, { goods, system }) {
    const pushes = pushService({ db, dialect, goods, system, now })
    routes(pushRoutes, { pushes })
    return { pushes }
  },
})

/** 公告与攻略: public notices and guides, and their console page (docs/console.md). */
import { defineModule } from '../../module'
import { noticeStaffRoutes } from './staff-routes'
import { noticeStaffService } from './staff'
import { noticeRoutes } from './routes'
import { noticeService, type NoticeService } from './service'

declare module '../../module' {
  interface Services {
    notices: NoticeService
  }
}

export const noticeModule = defineModule({
  name: 'notice',
  needs: ['games'],
  provides: ['notices'],
  register({ db, now, invalidation, routes }, { games }) {
    const notices = noticeService(db, invalidation)
    routes(noticeRoutes, { notices })
    routes(noticeStaffRoutes, { staff: noticeStaffService({ db, notices, gameExists: games.exists, now }) })
    return { notices }
  },
})

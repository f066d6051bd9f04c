/** 系统: parameters, dictionaries, the menus and their console pages (docs/console.md). */
import { defineModule } from '../../module'
import { systemStaffRoutes } from './staff-routes'
import { menuStaffRoutes } from './menu-routes'
import { menuStaffService, type MenuStaffService } from './menus'
import { systemRoutes } from './routes'
import { systemService, type SystemService } from './service'
import { systemStaffService } from './staff'

declare module '../../module' {
  interface Services {
    system: SystemService
    menus: MenuStaffService
  }
}

export const systemModule = defineModule({
  name: 'system',
  provides: ['system', 'menus'],
  async register({ db, now, settings, routes }) {
    const system = systemService(db)
    await system.syncCaptchaFlag(settings.captchaEnabled)
    const menus = menuStaffService(db, now)
    routes(systemRoutes, { system })
    routes(systemStaffRoutes, { staff: systemStaffService(db, now) })
    routes(menuStaffRoutes, { menus })
    return { system, menus }
  },
})

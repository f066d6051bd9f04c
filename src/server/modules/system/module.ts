/** 系统: parameters, dictionaries, the menus and their console pages (docs/console.md). */
import { defineModule } from '../../module'
import { systemConsoleRoutes } from './console-routes'
import { menuAdminRoutes } from './menu-routes'
import { menuAdminService, type MenuAdminService } from './menus'
import { systemRoutes } from './routes'
import { systemService, type SystemService } from './service'
import { systemConsoleService } from './console'

declare module '../../module' {
  interface Services {
    system: SystemService
    menus: MenuAdminService
  }
}

export const systemModule = defineModule({
  name: 'system',
  provides: ['system', 'menus'],
  async register({ db, now, settings, routes }) {
    const system = systemService(db)
    await system.syncCaptchaFlag(settings.captchaEnabled)
    const menus = menuAdminService(db, now)
    routes(systemRoutes, { system })
    routes(systemConsoleRoutes, { sys: systemConsoleService(db, now) })
    routes(menuAdminRoutes, { menus })
    return { system, menus }
  },
})

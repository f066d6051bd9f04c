import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE_MENU } from '../../../shared/api/console-access'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { MenuAdminService } from './menus'

/** 菜单管理 of the console (permission-declared endpoints; docs/console.md). */
export const menuAdminRoutes: FastifyPluginAsync<{ menus: MenuAdminService }> = async (app, { menus }) => {
  route(app, CONSOLE_MENU.list, () => menus.list())
  route(app, CONSOLE_MENU.add, { message: '菜单已新增' }, (r) => menus.add(actorOf(r), r.body))
  route(app, CONSOLE_MENU.edit, { message: '菜单已保存' }, (r) => menus.edit(actorOf(r), r.body))
  route(app, CONSOLE_MENU.remove, { message: '菜单已删除' }, (r) => menus.remove(actorOf(r), r.body.menuId))
}

import type { FastifyPluginAsync } from 'fastify'
import { MENU_STAFF } from '../../../shared/api/system'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { MenuStaffService } from './menus'

/** 菜单管理 of the console (permission-declared endpoints; docs/console.md). */
export const menuStaffRoutes: FastifyPluginAsync<{ menus: MenuStaffService }> = async (app, { menus }) => {
  route(app, MENU_STAFF.list, () => menus.list())
  route(app, MENU_STAFF.add, { message: '菜单已新增' }, (r) => menus.add(actorOf(r), r.body))
  route(app, MENU_STAFF.edit, { message: '菜单已保存' }, (r) => menus.edit(actorOf(r), r.body))
  route(app, MENU_STAFF.remove, { message: '菜单已删除' }, (r) => menus.remove(actorOf(r), r.body.menuId))
}

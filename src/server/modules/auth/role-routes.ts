import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE_ROLE } from '../../../shared/api/console-access'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { MenuAdminService } from '../system/menus'
import type { RoleAdminService } from './roles'

/** 角色管理 of the console (permission-declared endpoints; docs/console.md). */
export const roleAdminRoutes: FastifyPluginAsync<{
  roles: RoleAdminService
  menus: MenuAdminService
}> = async (app, { roles, menus }) => {
  route(app, CONSOLE_ROLE.list, (r) => roles.list(r.query))
  route(app, CONSOLE_ROLE.detail, (r) => roles.detail(r.params.roleId))
  route(app, CONSOLE_ROLE.menuTree, () => menus.nodes())
  route(app, CONSOLE_ROLE.add, { message: '角色已新增' }, (r) => roles.add(actorOf(r), r.body))
  route(app, CONSOLE_ROLE.edit, { message: '角色已保存' }, (r) => roles.edit(actorOf(r), r.body))
  route(app, CONSOLE_ROLE.status, { message: (_, r) => (r.body.status === '0' ? '已启用' : '已停用') }, (r) =>
    roles.setStatus(actorOf(r), r.body.roleId, r.body.status),
  )
  route(app, CONSOLE_ROLE.remove, { message: '角色已删除' }, (r) => roles.remove(actorOf(r), r.body.roleId))
}

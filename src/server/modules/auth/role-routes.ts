import type { FastifyPluginAsync } from 'fastify'
import { ROLE_STAFF } from '../../../shared/api/auth'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { MenuStaffService } from '../system/menus'
import type { RoleStaffService } from './roles'

/** 角色管理 of the console (permission-declared endpoints; docs/console.md). */
export const roleStaffRoutes: FastifyPluginAsync<{
  roles: RoleStaffService
  menus: MenuStaffService
}> = async (app, { roles, menus }) => {
  route(app, ROLE_STAFF.list, (r) => roles.list(r.query))
  route(app, ROLE_STAFF.detail, (r) => roles.detail(r.params.roleId))
  route(app, ROLE_STAFF.menuTree, () => menus.nodes())
  route(app, ROLE_STAFF.add, { message: '角色已新增' }, (r) => roles.add(actorOf(r), r.body))
  route(app, ROLE_STAFF.edit, { message: '角色已保存' }, (r) => roles.edit(actorOf(r), r.body))
  route(app, ROLE_STAFF.status, { message: (_, r) => (r.body.status === '0' ? '已启用' : '已停用') }, (r) =>
    roles.setStatus(actorOf(r), r.body.roleId, r.body.status),
  )
  route(app, ROLE_STAFF.remove, { message: '角色已删除' }, (r) => roles.remove(actorOf(r), r.body.roleId))
}

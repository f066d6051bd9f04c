import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE_USERS } from '../../../shared/api/console'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { StaffUserService } from './staff'

/** 用户管理 of the console (permission-declared endpoints; docs/console.md). */
export const staffUserRoutes: FastifyPluginAsync<{ users: StaffUserService }> = async (app, { users }) => {
  route(app, CONSOLE_USERS.list, (r) => users.list(r.query))
  route(app, CONSOLE_USERS.roles, () => users.roleOptions())
  route(app, CONSOLE_USERS.lock, { message: (_, r) => (r.body.locked ? '已锁定' : '已解锁') }, (r) =>
    users.lock(actorOf(r), r.body.userId, r.body.locked, r.body.reason),
  )
  route(app, CONSOLE_USERS.resetPwd, { message: '密码已重置' }, (r) =>
    users.resetPassword(actorOf(r), r.body.userId),
  )
  route(app, CONSOLE_USERS.setRoles, { message: '角色已保存' }, (r) =>
    users.setRoles(actorOf(r), r.body.userId, r.body.roleKeys),
  )
}

import type { FastifyPluginAsync } from 'fastify'
import { USER_STAFF } from '../../../shared/api/auth'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { StaffUserService } from './staff'

/** 用户管理 of the console (permission-declared endpoints; docs/console.md). */
export const staffUserRoutes: FastifyPluginAsync<{ users: StaffUserService }> = async (app, { users }) => {
  route(app, USER_STAFF.list, (r) => users.list(r.query))
  route(app, USER_STAFF.roles, () => users.roleOptions())
  route(app, USER_STAFF.lock, { message: (_, r) => (r.body.locked ? '已锁定' : '已解锁') }, (r) =>
    users.lock(actorOf(r), r.body.userId, r.body.locked, r.body.reason),
  )
  route(app, USER_STAFF.resetPwd, { message: '密码已重置' }, (r) =>
    users.resetPassword(actorOf(r), r.body.userId),
  )
  route(app, USER_STAFF.setRoles, { message: '角色已保存' }, (r) =>
    users.setRoles(actorOf(r), r.body.userId, r.body.roleKeys),
  )
}

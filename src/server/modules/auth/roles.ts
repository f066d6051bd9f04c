/**
 * 角色管理 of the console (docs/console.md, "Roles and permissions"): roles with their member counts,
 * created, edited, disabled and removed, each with its console permission strings and console menus,
 * and each change with its operation-log row (before/after) in the change's transaction. The auth
 * plugin reads roles from the database on every request, so a change counts at the members' next
 * request (getInfo, getRouters, any console endpoint); there is no permission cache to clear.
 *
 * Rules:
 * - the admin role is never edited, disabled or removed; the `common` role (every registered user
 *   holds it) keeps its key and is never disabled or removed;
 * - role keys and names are unique (keys whatever their letter case);
 * - a role somebody holds is not removed (disable it instead);
 * - only known console permission strings are granted; a role's other strings (a buyer's) are kept;
 * - an editor without the admin role grants or withdraws only permissions they hold themselves;
 * - the last account able to edit roles cannot take that right from itself (keepEditor).
 */
import type { Page } from '../../../shared/api/contract'
import type {
  RoleBody,
  RoleDetail,
  RoleEditBody,
  RoleQuery,
  StaffRole,
  Status,
} from '../../../shared/api/auth'
import { ROLE_ADMIN } from '../../../shared/constants'
import { permissionLabel } from '../../../shared/permission-labels'
import { STAFF_PERMISSIONS, PERMS } from '../../../shared/permissions'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { roleMenus } from '../system/menus'
import { holderCount, holds } from './grants'
import { authRepo } from './repo'
import { ROLE_COMMON } from './service'

const STAFF = new Set<string>(STAFF_PERMISSIONS)
const escapeLike = (s: string) => s.trim().replace(/[%_\\]/g, '')

/** The roles row of an add or edit, trimmed as stored. */
const roleRow = (body: RoleBody) => ({
  role_key: body.roleKey.trim(),
  role_name: body.roleName.trim(),
  sort: body.sort,
  status: body.status,
  remark: body.remark?.trim() ?? '',
})

/** A role as its operation-log row shows it after an add or edit. */
const roleAfter = (body: RoleBody, permissions: string[], menuIds: number[]) => ({
  roleKey: body.roleKey.trim(),
  roleName: body.roleName.trim(),
  sort: body.sort,
  status: body.status,
  remark: body.remark?.trim() ?? '',
  permissions,
  menuIds,
})

/** A stored role as the operation log keeps it: what an edit or a removal changed from. */
const roleBefore = (
  row: { role_key: string; role_name: string; sort: number | string; status: string; remark: string },
  permissions: string[],
  menuIds: number[],
) => ({
  roleKey: row.role_key,
  roleName: row.role_name,
  sort: Number(row.sort),
  status: row.status,
  remark: row.remark,
  permissions,
  menuIds,
})

/**
 * Refuses a change that took the right to edit roles from the acting account when no other usable
 * account holds it any more (call inside the change's transaction, after the change).
 */
export async function keepEditor(trx: Db, actor: Actor, heldBefore: boolean) {
  if (!heldBefore || (await holds(trx, actor.userId, PERMS.roleEdit))) return
  if ((await holderCount(trx, PERMS.roleEdit, actor.userId)) === 0)
    throw badRequest('您是最后一个可以编辑角色的账号，不能移除自己的角色编辑权限')
}

/**
 * An editor without the admin role may grant or withdraw only what they hold themselves (no one
 * raises their own rights by editing a role).
 */
export async function checkWithinOwnRights(trx: Db, actor: Actor, changed: readonly string[]) {
  if ((await authRepo(trx).roleKeys(actor.userId)).includes(ROLE_ADMIN)) return
  for (const permission of changed)
    if (!(await holds(trx, actor.userId, permission)))
      throw badRequest(`不能授予或收回自己没有的权限：${permissionLabel(permission)}`)
}

export function roleStaffService(db: Db, now: () => number) {
  async function find(trx: Db, roleId: number) {
    const row = await trx.selectFrom('roles').selectAll().where('id', '=', roleId).executeTakeFirst()
    if (!row) throw notFound('角色不存在')
    return row
  }

  const members = async (trx: Db, roleId: number) =>
    Number(
      (
        await trx
          .selectFrom('user_roles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('role_id', '=', roleId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  async function staffPermissions(trx: Db, roleId: number): Promise<string[]> {
    const rows = await trx
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', roleId)
      .execute()
    const held = new Set(rows.map((r) => r.permission))
    return STAFF_PERMISSIONS.filter((p) => held.has(p))
  }

  async function unique(trx: Db, body: RoleBody, roleId: number | null) {
    const sameKey = await trx
      .selectFrom('roles')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['role_key']), '=', body.roleKey.trim().toLowerCase()))
      .executeTakeFirst()
    if (sameKey && sameKey.id !== roleId) throw badRequest(`权限字符已存在：${body.roleKey.trim()}`)
    const sameName = await trx
      .selectFrom('roles')
      .select('id')
      .where('role_name', '=', body.roleName.trim())
      .executeTakeFirst()
    if (sameName && sameName.id !== roleId) throw badRequest(`角色名称已存在：${body.roleName.trim()}`)
  }

  function checkPermissions(permissions: readonly string[]): string[] {
    const wanted = new Set(permissions)
    for (const p of wanted) if (!STAFF.has(p)) throw badRequest(`未知的权限字符：${p}`)
    return STAFF_PERMISSIONS.filter((p) => wanted.has(p))
  }

  async function setPermissions(trx: Db, roleId: number, permissions: string[]) {
    // only the console's strings are replaced; a role's other strings (e.g. a buyer's) stay
    await trx
      .deleteFrom('role_permissions')
      .where('role_id', '=', roleId)
      .where('permission', 'in', [...STAFF])
      .execute()
    if (permissions.length)
      await trx
        .insertInto('role_permissions')
        .values(permissions.map((permission) => ({ role_id: roleId, permission })))
        .execute()
  }

  function builtInGuard(roleKey: string, what: 'edit' | 'disable' | 'remove') {
    if (roleKey === ROLE_ADMIN)
      throw badRequest(
        {
          edit: '超级管理员角色不能修改',
          disable: '超级管理员角色不能停用',
          remove: '超级管理员角色不能删除',
        }[what],
      )
    if (roleKey === ROLE_COMMON && what !== 'edit')
      throw badRequest(
        what === 'disable'
          ? '普通用户角色不能停用（所有注册用户都持有它）'
          : '普通用户角色不能删除（所有注册用户都持有它）',
      )
  }

  return {
    async list(q: RoleQuery): Promise<Page<StaffRole>> {
      let query = db
        .selectFrom('roles')
        .select((eb) => [
          'roles.id',
          'roles.role_name',
          'roles.role_key',
          'roles.sort',
          'roles.status',
          'roles.remark',
          eb
            .selectFrom('user_roles')
            .select((e) => e.fn.countAll().as('n'))
            .whereRef('user_roles.role_id', '=', 'roles.id')
            .as('members'),
        ])
        .orderBy('roles.sort')
        .orderBy('roles.id')
      if (q.roleName?.trim()) query = query.where('roles.role_name', 'like', `%${escapeLike(q.roleName)}%`)
      if (q.roleKey?.trim()) query = query.where('roles.role_key', 'like', `%${escapeLike(q.roleKey)}%`)
      if (q.status) query = query.where('roles.status', '=', q.status)
      const page = await fetchPage(query, q)
      return {
        total: Number(page.total),
        rows: page.rows.map((r) => ({
          roleId: r.id,
          roleName: r.role_name,
          roleKey: r.role_key,
          sort: Number(r.sort),
          status: (r.status === '0' ? '0' : '1') as Status,
          remark: r.remark,
          members: Number(r.members ?? 0),
          builtIn: r.role_key === ROLE_ADMIN,
        })),
      }
    },

    async detail(roleId: number): Promise<RoleDetail> {
      const row = await find(db, roleId)
      const admin = row.role_key === ROLE_ADMIN
      return {
        roleId: row.id,
        roleName: row.role_name,
        roleKey: row.role_key,
        sort: Number(row.sort),
        status: row.status === '0' ? '0' : '1',
        remark: row.remark,
        members: await members(db, roleId),
        builtIn: admin,
        permissions: admin ? [...STAFF_PERMISSIONS] : await staffPermissions(db, roleId),
        menuIds: await roleMenus(db).of(roleId),
      }
    },

    async add(actor: Actor, body: RoleBody): Promise<{ roleId: number }> {
      return db.transaction().execute(async (trx) => {
        await unique(trx, body, null)
        const permissions = checkPermissions(body.permissions)
        await checkWithinOwnRights(trx, actor, permissions)
        const { id } = await trx
          .insertInto('roles')
          .values(roleRow(body))
          .returning('id')
          .executeTakeFirstOrThrow()
        await setPermissions(trx, id, permissions)
        const menuIds = await roleMenus(trx).set(id, body.menuIds)
        await record(trx, {
          actor,
          module: 'system',
          action: 'role-add',
          target: id,
          after: roleAfter(body, permissions, menuIds),
          at: now(),
        })
        return { roleId: id }
      })
    },

    async edit(actor: Actor, body: RoleEditBody): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await find(trx, body.roleId)
        builtInGuard(row.role_key, 'edit')
        if (row.role_key === ROLE_COMMON && body.roleKey.trim() !== ROLE_COMMON)
          throw badRequest('普通用户角色的权限字符不能修改')
        if (row.role_key === ROLE_COMMON && body.status !== '0') builtInGuard(row.role_key, 'disable')
        await unique(trx, body, row.id)
        const heldBefore = await holds(trx, actor.userId, PERMS.roleEdit)
        const beforePermissions = await staffPermissions(trx, row.id)
        const beforeMenus = await roleMenus(trx).of(row.id)
        const permissions = checkPermissions(body.permissions)
        await checkWithinOwnRights(trx, actor, [
          ...permissions.filter((p) => !beforePermissions.includes(p)),
          ...beforePermissions.filter((p) => !permissions.includes(p)),
        ])
        await trx.updateTable('roles').set(roleRow(body)).where('id', '=', row.id).execute()
        await setPermissions(trx, row.id, permissions)
        const menuIds = await roleMenus(trx).set(row.id, body.menuIds)
        await keepEditor(trx, actor, heldBefore)
        await record(trx, {
          actor,
          module: 'system',
          action: 'role-edit',
          target: row.id,
          before: roleBefore(row, beforePermissions, beforeMenus),
          after: roleAfter(body, permissions, menuIds),
          at: now(),
        })
      })
    },

    async setStatus(actor: Actor, roleId: number, status: Status): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await find(trx, roleId)
        if (status !== '0') builtInGuard(row.role_key, 'disable')
        else if (row.role_key === ROLE_ADMIN) builtInGuard(row.role_key, 'edit')
        if (row.status === status) throw badRequest(status === '0' ? '该角色已是正常状态' : '该角色已停用')
        const heldBefore = await holds(trx, actor.userId, PERMS.roleEdit)
        await trx.updateTable('roles').set({ status }).where('id', '=', roleId).execute()
        await keepEditor(trx, actor, heldBefore)
        await record(trx, {
          actor,
          module: 'system',
          action: status === '0' ? 'role-enable' : 'role-disable',
          target: roleId,
          before: { status: row.status },
          after: { status },
          at: now(),
        })
      })
    },

    async remove(actor: Actor, roleId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await find(trx, roleId)
        builtInGuard(row.role_key, 'remove')
        const n = await members(trx, roleId)
        if (n > 0) throw badRequest(`该角色还有 ${n} 名成员，不能删除，请改为停用`)
        const permissions = await staffPermissions(trx, roleId)
        const menuIds = await roleMenus(trx).of(roleId)
        await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute()
        await roleMenus(trx).clear(roleId)
        await trx.deleteFrom('roles').where('id', '=', roleId).execute()
        await record(trx, {
          actor,
          module: 'system',
          action: 'role-remove',
          target: roleId,
          before: roleBefore(row, permissions, menuIds),
          at: now(),
        })
      })
    },
  }
}

export type RoleStaffService = ReturnType<typeof roleStaffService>

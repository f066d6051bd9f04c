/**
 * 用户管理 of the console (docs/console.md): search users, lock / unlock with a reason (a locked
 * user's sessions end at once), reset the login password (a temporary one shown once to staff; the
 * user must change it), set roles (a user — a buyer too — reaches the console only through a role
 * holding console:index:view; roles of a locked user count once it is unlocked). Every change is
 * logged in its transaction (oplog).
 */
import { randomInt } from 'node:crypto'
import type { Page } from '../../../shared/api/contract'
import type { StaffUserQuery, RoleOption, StaffUser } from '../../../shared/api/auth'
import { ROLE_ADMIN } from '../../../shared/constants'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { PERMS } from '../../../shared/permissions'
import { holds, isStaffPermission } from './grants'
import { hashPassword } from './password'
import { authRepo } from './repo'
import { checkWithinOwnRights, keepEditor } from './roles'

/** 12 characters: letters of both cases, digits and a symbol (meets the password rules). */
function temporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)]
  const lower = 'abcdefghijkmnpqrstuvwxyz'
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  const digits = '23456789'
  return [
    pick(upper),
    ...Array.from({ length: 8 }, () => pick(lower + digits)),
    pick(digits),
    '@',
    pick(lower),
  ].join('')
}

export function staffUserService(db: Db, now: () => number) {
  async function rolesOf(userIds: number[], trx: Db = db) {
    if (userIds.length === 0) return new Map<number, string[]>()
    const rows = await trx
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.role_key'])
      .where('user_roles.user_id', 'in', userIds)
      .execute()
    const map = new Map<number, string[]>()
    for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), r.role_key])
    return map
  }

  async function find(trx: Db, userId: number) {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (!row) throw notFound('用户不存在')
    return row
  }

  return {
    async list(q: StaffUserQuery): Promise<Page<StaffUser>> {
      let query = db.selectFrom('users').selectAll().orderBy('id', 'desc')
      if (q.userName?.trim())
        query = query.where('user_name', 'like', `%${q.userName.trim().replace(/[%_\\]/g, '')}%`)
      if (q.phone?.trim()) query = query.where('phone', '=', q.phone.trim())
      if (q.status) query = query.where('status', '=', q.status)
      const page = await fetchPage(query, q)
      const roles = await rolesOf(page.rows.map((r) => r.id))
      return {
        total: Number(page.total),
        rows: page.rows.map((r) => ({
          userId: r.id,
          userName: r.user_name,
          nickName: r.nick_name,
          phone: r.phone,
          email: r.email,
          status: r.status === '0' ? '0' : '1',
          lockReason: r.lock_reason ?? null,
          mustChangePassword: Number(r.must_change_password) === 1,
          roles: roles.get(r.id) ?? [],
          createdAt: Number(r.created_at),
          lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
        })),
      }
    },

    async roleOptions(): Promise<RoleOption[]> {
      const rows = await db
        .selectFrom('roles')
        .select(['role_key', 'role_name', 'status'])
        .orderBy('sort')
        .orderBy('id')
        .execute()
      // disabled roles too, so saving a user's roles does not drop one silently
      return rows.map((r) => ({
        roleKey: r.role_key,
        roleName: r.role_name,
        ...(r.status === '0' ? {} : { disabled: true }),
      }))
    },

    async lock(actor: Actor, userId: number, locked: boolean, reason: string) {
      if (userId === actor.userId) throw badRequest('不能锁定自己的账号')
      await db.transaction().execute(async (trx) => {
        const row = await find(trx, userId)
        const status = locked ? '1' : '0'
        if (row.status === status) throw badRequest(locked ? '该账号已锁定' : '该账号未锁定')
        const at = now()
        await trx
          .updateTable('users')
          .set({ status, lock_reason: locked ? reason.trim() : null, updated_at: at })
          .where('id', '=', userId)
          .execute()
        // a locked account's sessions end now
        if (locked) await trx.deleteFrom('user_tokens').where('user_id', '=', userId).execute()
        await record(trx, {
          actor,
          module: 'system',
          action: locked ? 'user-lock' : 'user-unlock',
          target: userId,
          before: { status: row.status, lockReason: row.lock_reason },
          after: { status },
          detail: reason,
          at,
        })
      })
    },

    async resetPassword(actor: Actor, userId: number): Promise<{ tempPassword: string }> {
      const tempPassword = temporaryPassword()
      const hash = await hashPassword(tempPassword)
      await db.transaction().execute(async (trx) => {
        await find(trx, userId)
        const at = now()
        await trx
          .updateTable('users')
          .set({ password_hash: hash, must_change_password: 1, updated_at: at })
          .where('id', '=', userId)
          .execute()
        await trx.deleteFrom('user_tokens').where('user_id', '=', userId).execute()
        // never the password itself in the log
        await record(trx, { actor, module: 'system', action: 'user-reset-password', target: userId, at })
      })
      return { tempPassword }
    },

    async setRoles(actor: Actor, userId: number, roleKeys: string[]) {
      const keys = [...new Set(roleKeys)]
      await db.transaction().execute(async (trx) => {
        await find(trx, userId)
        const roles = keys.length
          ? await trx.selectFrom('roles').select(['id', 'role_key']).where('role_key', 'in', keys).execute()
          : []
        if (roles.length !== keys.length) throw badRequest('角色不存在')
        const before = (await rolesOf([userId], trx)).get(userId) ?? []
        if (userId === actor.userId && before.includes(ROLE_ADMIN) && !keys.includes(ROLE_ADMIN))
          throw badRequest('不能移除自己的管理员角色')
        // only the admin role gives or takes the admin role; others only roles within their own rights
        const removedKeys = before.filter((k) => !keys.includes(k))
        const removed = removedKeys.length
          ? await trx
              .selectFrom('roles')
              .select(['id', 'role_key'])
              .where('role_key', 'in', removedKeys)
              .execute()
          : []
        const changed = [...roles.filter((r) => !before.includes(r.role_key)), ...removed]
        const actorIsAdmin = (await authRepo(trx).roleKeys(actor.userId)).includes(ROLE_ADMIN)
        if (!actorIsAdmin && changed.some((r) => r.role_key === ROLE_ADMIN))
          throw badRequest('只有超级管理员可以授予或移除超级管理员角色')
        if (changed.length) {
          const held = await trx
            .selectFrom('role_permissions')
            .select('permission')
            .distinct()
            .where(
              'role_id',
              'in',
              changed.map((r) => r.id),
            )
            .execute()
          await checkWithinOwnRights(trx, actor, held.map((p) => p.permission).filter(isStaffPermission))
        }
        const heldBefore = await holds(trx, actor.userId, PERMS.roleEdit)
        await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute()
        if (roles.length)
          await trx
            .insertInto('user_roles')
            .values(roles.map((r) => ({ user_id: userId, role_id: r.id })))
            .execute()
        await keepEditor(trx, actor, heldBefore)
        await record(trx, {
          actor,
          module: 'system',
          action: 'user-roles',
          target: userId,
          before: { roles: before },
          after: { roles: keys },
          at: now(),
        })
      })
    },
  }
}

export type StaffUserService = ReturnType<typeof staffUserService>

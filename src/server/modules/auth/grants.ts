/**
 * What a user's roles grant (docs/console.md, "Roles and permissions"): the admin role and `*:*:*`
 * grant every permission; otherwise a permission string is granted when one of the user's enabled
 * roles holds it — and a staff permission only together with `console:index:view`, so a buyer
 * given a role without it gets no console access at all (no console menu, 403 on staff APIs).
 * Read from the database on every request: a role change counts at the user's next request.
 */
import { ALL_PERMISSION, ROLE_ADMIN } from '../../../shared/constants'
import { STAFF_PERMISSIONS, PERMS } from '../../../shared/permissions'
import type { Db } from '../../db'
import { authRepo } from './repo'

const STAFF = new Set<string>(STAFF_PERMISSIONS)

export const isStaffPermission = (permission: string) => STAFF.has(permission)

/** Whether roles `roleKeys` holding the strings `held` grant `permission`. */
export function grants(roleKeys: readonly string[], held: readonly string[], permission: string): boolean {
  if (roleKeys.includes(ROLE_ADMIN) || held.includes(ALL_PERMISSION)) return true
  if (!held.includes(permission)) return false
  return !isStaffPermission(permission) || held.includes(PERMS.consoleView)
}

/** The permission strings that count (staff ones dropped without console:index:view). */
export function effectivePermissions(held: readonly string[]): string[] {
  if (held.includes(ALL_PERMISSION) || held.includes(PERMS.consoleView)) return [...held]
  return held.filter((p) => !isStaffPermission(p))
}

/** Whether a user holds a permission now (inside a transaction: as that transaction sees it). */
export async function holds(db: Db, userId: number, permission: string): Promise<boolean> {
  const repo = authRepo(db)
  const roleKeys = await repo.roleKeys(userId)
  // the admin role needs no second query
  return roleKeys.includes(ROLE_ADMIN) || grants(roleKeys, await repo.permissions(userId), permission)
}

/** How many usable accounts (not locked) hold a permission, not counting `except`. */
export async function holderCount(db: Db, permission: string, except: number): Promise<number> {
  const candidates = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select('user_roles.user_id')
    .distinct()
    .where('roles.status', '=', '0')
    .where('users.status', '=', '0')
    .where('user_roles.user_id', '!=', except)
    .where((eb) =>
      eb.or([
        eb('roles.role_key', '=', ROLE_ADMIN),
        eb(
          'roles.id',
          'in',
          eb
            .selectFrom('role_permissions')
            .select('role_id')
            .where('permission', 'in', [permission, ALL_PERMISSION]),
        ),
      ]),
    )
    .execute()
  let count = 0
  for (const { user_id } of candidates) if (await holds(db, user_id, permission)) count++
  return count
}

/** Hooks over the pure checks of utils/permission.ts, reading roles and permissions from the session. */
import { useSessionStore } from '@renderer/stores/session'
import { checkPermi, checkRole } from '@renderer/utils/permission'

/** True when the user has the admin role or any listed role; throws on an empty list. */
export function useHasRole(roles: readonly string[]): boolean {
  const userRoles = useSessionStore((s) => s.roles)
  return checkRole(roles, userRoles)
}

/** True when the user has *:*:* or any listed permission; throws on an empty list. */
export function useHasPermi(permissions: readonly string[]): boolean {
  const userPermissions = useSessionStore((s) => s.permissions)
  return checkPermi(permissions, userPermissions)
}

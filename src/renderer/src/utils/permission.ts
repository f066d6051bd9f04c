/** Role and permission checks (admin and *:*:* pass every check), pure so they can be tested without React. */
import { ALL_PERMISSION, ROLE_ADMIN } from '@shared/constants'
import { MSG } from '@shared/messages'

/** Passes for the admin role or any listed role. Throws when the list is empty. */
export function checkRole(
  required: readonly string[] | null | undefined,
  userRoles: readonly string[],
): boolean {
  if (!Array.isArray(required) || required.length === 0) throw new Error(MSG.ROLE_LIST_REQUIRED)
  return userRoles.some((role) => role === ROLE_ADMIN || required.includes(role))
}

/** Passes for the wildcard permission *:*:* or any listed permission. Throws when the list is empty. */
export function checkPermi(
  required: readonly string[] | null | undefined,
  userPermissions: readonly string[],
): boolean {
  if (!Array.isArray(required) || required.length === 0) throw new Error(MSG.PERMI_LIST_REQUIRED)
  return userPermissions.some((permission) => permission === ALL_PERMISSION || required.includes(permission))
}

/** The permission check (*:*:* passes every check), pure so it can be tested without React. */
import { ALL_PERMISSION } from '@shared/constants'
import { MSG } from '@shared/messages'

/** Passes for the wildcard permission *:*:* or any listed permission. Throws when the list is empty. */
export function checkPermi(
  required: readonly string[] | null | undefined,
  userPermissions: readonly string[],
): boolean {
  if (!Array.isArray(required) || required.length === 0) throw new Error(MSG.PERMI_LIST_REQUIRED)
  return userPermissions.some((permission) => permission === ALL_PERMISSION || required.includes(permission))
}

/** The hook over the pure check of utils/permission.ts, reading the permissions from the session. */
import { useSessionStore } from '@renderer/stores/session'
import { checkPermi } from '@renderer/utils/permission'

/** True when the user has *:*:* or any listed permission; throws on an empty list. */
export function useHasPermi(permissions: readonly string[]): boolean {
  const userPermissions = useSessionStore((s) => s.permissions)
  return checkPermi(permissions, userPermissions)
}

import type { ReactNode } from 'react'
import { useHasRole } from './use-permission'

/** Renders its children only for the admin role or one of `roles`. */
export function HasRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return useHasRole(roles) ? <>{children}</> : null
}

import type { ReactNode } from 'react'
import { useHasPermi } from './use-permission'

/** Renders its children only with *:*:* or one of `permissions`. */
export function HasPermi({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  return useHasPermi(permissions) ? <>{children}</> : null
}

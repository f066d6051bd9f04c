/**
 * False while the server renders and while the browser hydrates the server's HTML, true after: parts
 * that read browser-only state (localStorage) or load below the fold wait for it, so the first
 * browser render is exactly the server's (docs/ssr.md).
 */
import { useSyncExternalStore } from 'react'

const never = () => () => undefined

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

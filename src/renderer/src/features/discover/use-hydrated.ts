/**
 * False while the server renders and while the browser hydrates the server's HTML, true right after:
 * parts that read browser-only state (localStorage) or load below the fold wait for it, so the first
 * browser render is exactly the server's (docs/ssr.md).
 *
 * The switch is a transition, drawn in slices after the page is up. A `useSyncExternalStore` whose
 * server value differs from the browser's (what this was) makes React draw every such part again
 * synchronously, in the hydration's own task (docs/ssr.md "Work after hydration"). A part drawn in
 * the browser alone (after a navigation) shows a moment later, which the parts using it (price
 * verdict, similar listings, comparable prices, recently viewed: all below the price, all loading
 * their data first) do anyway.
 */
import { startTransition, useEffect, useState } from 'react'

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    startTransition(() => setHydrated(true))
  }, [])
  return hydrated
}

/**
 * The browser's side of a server-rendered page (docs/ssr.md): the query cache the server rendered
 * with (a JSON data block after #root), whether the first render is hydrating that HTML, and the
 * page's chunk loaded before hydrating so the server's HTML is kept as it is.
 */
import type { DehydratedState } from '@tanstack/react-query'
import { PAGES } from '@renderer/app/pages'
import type { PageKey } from '@renderer/app/route-table'

let hydrating = false

/**
 * True while the first render hydrates the server's HTML: client-only state (localStorage, the
 * window size) must wait for an effect then, or the first render would differ from the server's.
 */
export function isHydrating(): boolean {
  return hydrating
}

export function hydrationFinished(): void {
  hydrating = false
}

/** The dehydrated cache of a server-rendered page, or null (a client-only page: render afresh). */
export function readServerState(): DehydratedState | null {
  if (typeof document === 'undefined') return null
  const root = document.getElementById('root')
  const block = document.getElementById('ssr-state')
  if (!root?.hasAttribute('data-ssr') || !block?.textContent) return null
  try {
    const state = JSON.parse(block.textContent) as DehydratedState
    // the data is as fresh as the page: it counts from now, so nothing is fetched again at once
    const now = Date.now()
    for (const query of state.queries) query.state.dataUpdatedAt = now
    hydrating = true
    return state
  } catch {
    return null
  }
}

/** The page's chunk, loaded before hydrating: React then renders the page in the same pass. */
export async function loadPageChunk(page: PageKey | undefined): Promise<void> {
  if (page) await PAGES[page].preload()
}

declare global {
  interface Window {
    /** taps made before the app ran, kept by a rendered page's boot script (server: ssr/boot.ts) */
    __earlyTaps?: { taps: Element[]; stop(): void }
  }
}

/** Whether React has taken over this element of the server's HTML (hydrated it). */
const isHydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))

/**
 * Ends the boot script's keeping of taps (React's own listeners take over from here) and returns
 * a function that clicks the kept elements again: a tap on a button made while the scripts were
 * still on their way then does what it would have done (docs/ssr.md "Hydration").
 *
 * Each is clicked once its region is hydrated. The regions hydrate after the root, in slices, and
 * React drops a click on a region it cannot hydrate at once (the page's lazily loaded component
 * is not ready in the same task). React marks the elements it took over with a `__reactFiber$`
 * key; without one after 3 s (a React that stopped marking them) the element is clicked anyway.
 */
export function takeEarlyTaps(): () => void {
  const early = window.__earlyTaps
  early?.stop()
  const taps = early ? [...early.taps] : []
  return () => {
    const until = Date.now() + 3000
    const next = () => {
      while (taps.length > 0 && (isHydrated(taps[0]!) || Date.now() > until)) {
        const el = taps.shift()!
        if (el.isConnected && el instanceof HTMLElement) el.click()
      }
      if (taps.length > 0) requestAnimationFrame(next)
    }
    next()
  }
}

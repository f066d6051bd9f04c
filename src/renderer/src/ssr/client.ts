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

/**
 * Resolves in a task of its own. A rendered page is on screen before its scripts run, so their
 * start-up is cut into tasks (the modules' evaluation, then the router and the query cache, then the
 * page's chunk, then hydration): a phone's browser paints and takes input between them, and none of
 * them is a long task (docs/ssr.md "Hydration").
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
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

/**
 * Ends the boot script's keeping of taps (React's own listeners take over from here) and returns
 * a function that clicks the kept elements again: a tap on a button made while the scripts were
 * still on their way then does what it would have done (docs/ssr.md "Hydration").
 *
 * Called after the root's hydration has committed. A region React has not hydrated yet is hydrated
 * by React when the click reaches it (its page is ready at once: app/pages.ts `lazyPage`), but not
 * from inside React's own effects: the clicks come in a task of their own.
 */
export function takeEarlyTaps(): () => void {
  const early = window.__earlyTaps
  early?.stop()
  const taps = early ? [...early.taps] : []
  return () => {
    if (taps.length === 0) return
    setTimeout(() => {
      for (const el of taps) if (el.isConnected && el instanceof HTMLElement) el.click()
    })
  }
}

/**
 * Motion off for visitors whose system asks for less of it (`prefers-reduced-motion: reduce`).
 * antd's enter and leave animations (dialogs, dropdowns, drawers, messages, tooltips) all go through
 * rc-motion; its Provider with `motion={false}` shows and hides them at once, the way antd's own
 * `token.motion: false` does, without changing the theme (whose tokens name the server-rendered
 * CSS). Not a global CSS rule that shortens every animation: that one left antd's Select dropdowns
 * outside the viewport (rc-trigger waits for a motion that then never reports its end).
 *
 * The server's HTML is the same either way (React reads the server's answer, motion on, while it
 * hydrates, then the browser's); the provider always wraps the app, so a change of the setting only
 * changes a context value, never the tree.
 */
import { useSyncExternalStore, type ReactNode } from 'react'
import { Provider as MotionProvider } from '@rc-component/motion'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(QUERY)
  media?.addEventListener?.('change', onChange)
  return () => media?.removeEventListener?.('change', onChange)
}

const prefersReduced = () => window.matchMedia?.(QUERY)?.matches ?? false

export function ReducedMotion({ children }: { children: ReactNode }) {
  const reduce = useSyncExternalStore(subscribe, prefersReduced, () => false)
  return <MotionProvider motion={!reduce}>{children}</MotionProvider>
}

/**
 * The console page registry (docs/console.md): a menu row's `component` string → its page, loaded
 * lazily, so the console's code (and its chart library) is a chunk of its own that buyers never
 * download. A page is `pages/<PageName>/index.tsx` with a default export; add one line here.
 * A component name not listed renders the 建设中 page with the menu item's title.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

export type ConsolePage = LazyExoticComponent<ComponentType>

export const CONSOLE_PAGES: Record<string, ConsolePage> = {
  Dashboard: lazy(() => import('./pages/Dashboard')),
  GoodsAudit: lazy(() => import('./pages/GoodsAudit')),
  WithdrawAudit: lazy(() => import('./pages/WithdrawAudit')),
  DisputeArbitration: lazy(() => import('./pages/DisputeArbitration')),
  UserManage: lazy(() => import('./pages/UserManage')),
  OpLog: lazy(() => import('./pages/OpLog')),
  LoginLog: lazy(() => import('./pages/LoginLog')),
  RealNameReview: lazy(() => import('./pages/RealNameReview')),
  FeedbackHandling: lazy(() => import('./pages/FeedbackHandling')),
  AgencyAudit: lazy(() => import('./pages/AgencyAudit')),
  CsContacts: lazy(() => import('./pages/CsContacts')),
  AiWorks: lazy(() => import('./pages/AiWorks')),
}

export function consolePage(component: string | undefined): ConsolePage | undefined {
  return component ? CONSOLE_PAGES[component] : undefined
}

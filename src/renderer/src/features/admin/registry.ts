/**
 * The console page registry (docs/console.md): a menu row's `component` string → its page, loaded
 * lazily, so the console's code (and its chart library) is a chunk of its own that buyers never
 * download. A page is `pages/<PageName>/index.tsx` with a default export; add one line here.
 * A component name not listed renders the 建设中 page with the menu item's title. Every name here is
 * one of CONSOLE_PAGE_COMPONENTS (src/shared/console-pages.ts): add a new page's name there too.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ConsolePageComponent } from '@shared/console-pages'

export type ConsolePage = LazyExoticComponent<ComponentType>

/** keyed by the names of src/shared/console-pages.ts, which the server checks menu rows against */
export const CONSOLE_PAGES: Partial<Record<ConsolePageComponent, ConsolePage>> = {
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
  OrderManage: lazy(() => import('./pages/OrderManage')),
  ConfigManage: lazy(() => import('./pages/ConfigManage')),
  DictManage: lazy(() => import('./pages/DictManage')),
  RoleManage: lazy(() => import('./pages/RoleManage')),
  MenuManage: lazy(() => import('./pages/MenuManage')),
  GameManage: lazy(() => import('./pages/GameManage')),
  NoticeManage: lazy(() => import('./pages/NoticeManage')),
  LoveManage: lazy(() => import('./pages/LoveManage')),
  ReviewManage: lazy(() => import('./pages/ReviewManage')),
  ProtectionClaims: lazy(() => import('./pages/ProtectionClaims')),
}

export function consolePage(component: string | undefined): ConsolePage | undefined {
  return component ? (CONSOLE_PAGES as Record<string, ConsolePage | undefined>)[component] : undefined
}

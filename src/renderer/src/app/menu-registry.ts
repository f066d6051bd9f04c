/**
 * Pages the server menu can name (run-time routes: a menu item names its page's component).
 * A name not listed here renders the 建设中 page with the menu item's title.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type Page = LazyExoticComponent<ComponentType>

const userHome = lazy(() => import('@renderer/features/account/UserHomePage'))
const noticeList = lazy(() => import('@renderer/features/platform/NoticeListPage'))

export const MENU_COMPONENTS: Record<string, Page> = {
  userHome,
  'user/home': userHome,
  'platform/noticeList': noticeList,
  'platform/notice/list': noticeList,
}

/** `system/user/index.vue`, `/system/user/` and `system/user` name the same page. */
export function normalizeComponentName(name: string): string {
  return name
    .trim()
    .replace(/\.(vue|tsx?|jsx?)$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\/index$/, '')
}

export function menuComponent(name: string): Page | undefined {
  return MENU_COMPONENTS[name] ?? MENU_COMPONENTS[normalizeComponentName(name)]
}

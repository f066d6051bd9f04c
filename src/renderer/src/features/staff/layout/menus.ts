/** The console's part of the run-time routes: menus under /console, flattened with their meta. */
import type { RouterItem } from '@shared/api/system'
import { isNestingComponent, joinMenuPath } from '@renderer/utils/menu'

export const CONSOLE_ROOT = '/console'

export interface ConsoleRoute {
  fullPath: string
  component: string
  title: string
  hidden: boolean
  noCache: boolean
  affix: boolean
  activeMenu?: string
  redirect?: string
  /** the titles from the top directory down to the page */
  crumbs: string[]
}

export const consoleMenus = (menus: readonly RouterItem[]) =>
  menus.filter((m) => m.path === CONSOLE_ROOT || m.path.startsWith(`${CONSOLE_ROOT}/`))

export function consoleRoutes(
  menus: readonly RouterItem[],
  parent = '',
  crumbs: string[] = [],
): ConsoleRoute[] {
  const out: ConsoleRoute[] = []
  for (const item of menus) {
    const fullPath = joinMenuPath(parent, item.path)
    const title = item.meta?.title ?? ''
    if (!isNestingComponent(item.component)) {
      out.push({
        fullPath,
        component: item.component as string,
        title,
        hidden: Boolean(item.hidden),
        noCache: Boolean(item.meta?.noCache),
        affix: Boolean(item.meta?.affix),
        activeMenu: item.meta?.activeMenu,
        redirect: item.redirect && item.redirect !== 'noRedirect' ? item.redirect : undefined,
        crumbs: [...crumbs, title],
      })
    }
    if (item.children?.length) out.push(...consoleRoutes(item.children, fullPath, [...crumbs, title]))
  }
  return out
}

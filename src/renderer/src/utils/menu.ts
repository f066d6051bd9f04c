/**
 * Run-time routes from the server menu: nodes whose component is Layout or ParentView
 * only nest their children; every other node is a page loaded by its component name.
 */
import type { RouterItem } from '@shared/api/system'
import { isExternal } from './validate'

export interface RuntimeRoute {
  fullPath: string
  component: string
  title: string
  hidden: boolean
}

const NESTING = new Set(['Layout', 'ParentView', 'InnerLink'])

export function isNestingComponent(component: string | undefined): boolean {
  return !component || NESTING.has(component)
}

/** `/system` + `user` → `/system/user`; absolute and external child paths stay as they are. */
export function joinMenuPath(parent: string, child: string): string {
  if (isExternal(child) || child.startsWith('/')) return child
  if (!parent) return `/${child}`
  return `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/{2,}/g, '/')
}

/** Every page of the menu tree with its full path (external links left out). */
export function flattenMenus(menus: readonly RouterItem[], parent = ''): RuntimeRoute[] {
  const out: RuntimeRoute[] = []
  for (const item of menus) {
    const fullPath = joinMenuPath(parent, item.path ?? '')
    if (isExternal(fullPath)) continue
    if (!isNestingComponent(item.component)) {
      out.push({
        fullPath,
        component: item.component as string,
        title: item.meta?.title ?? '',
        hidden: Boolean(item.hidden),
      })
    }
    if (item.children?.length) out.push(...flattenMenus(item.children, fullPath))
  }
  return out
}

export function findRuntimeRoute(menus: readonly RouterItem[], pathname: string): RuntimeRoute | undefined {
  const normalized = pathname.replace(/\/+$/, '') || '/'
  return flattenMenus(menus).find((route) => route.fullPath === normalized)
}

/**
 * One record per page (docs/console.md "How to add a console page"): `definePage({...})` names what
 * the page is — its address, title, menu entry, permission and component — and everything else
 * derives from it: the renderer's routes and lazy imports (by `import.meta.glob` over the page
 * files, keyed by the record's component), the menu rows the server seeds, the component names
 * 菜单管理 accepts. Plain data: the server imports it, so no React, no Node.
 */
import type { Permission } from '../permissions'

/** The console's root path: every console menu path starts with it. */
export const CONSOLE_ROOT = '/console'

/** A menu directory of the console (menu type M, component Layout). */
export interface ConsoleDirectory {
  title: string
  /** its absolute path, /console/<segment> */
  path: `${typeof CONSOLE_ROOT}/${string}`
  icon: string
  /** its place among the console's top-level menu items (pages without a directory count too) */
  order: number
}

/**
 * A page of the staff console. Its file is `src/renderer/src/features/admin/pages/<component>/
 * index.tsx` (default export); its menu row is seeded under `parent` (or at the top level) and
 * granted to every role holding `permission`, which the page's endpoints check too.
 */
export interface ConsolePageRecord<C extends string = string> {
  area: 'console'
  /** the page's folder name and its menu row's `component` */
  component: C
  /** the menu item's and the tab's title */
  title: string
  /** the directory's path; none: a top-level item (its `path` is then absolute) */
  parent?: ConsoleDirectory['path']
  /** relative to the directory (one segment), or absolute at the top level */
  path: string
  icon: string
  /** its place in the directory (or among the top-level items) */
  order: number
  /** shows the menu item (src/shared/permissions.ts) */
  permission: Permission
  /** the tab cannot be closed (工作台) */
  affix?: boolean
}

export type PageRecord<C extends string = string> = ConsolePageRecord<C>

/** A page's record, as written: the function only checks it against its type. */
export function definePage<const C extends string>(record: ConsolePageRecord<C>): ConsolePageRecord<C> {
  return record
}

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
 * A page of the staff console. Its file is `src/renderer/src/features/staff/pages/<component>/
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

/** The site's layouts: the header and footer around the page, or the page alone. */
export type LayoutName = 'main' | 'standalone'

/** A menu directory of the user centre (the side menu of the personal pages, /buyer, /seller …). */
export interface SiteDirectory {
  title: string
  /** the first segment of its pages' addresses, /buyer */
  path: string
  icon: string
  order: number
}

/**
 * A page (or a redirect) of the site: its address in the one route table (docs/screens.md). Its
 * file is `src/renderer/src/features/<page>.tsx` or `<page>/index.tsx`, a `…Page` module with a
 * default export (app/pages.ts finds it by `import.meta.glob`).
 */
export interface SitePageRecord<P extends string = string> {
  area: 'site'
  /** the address as docs/screens.md writes it ({goodsId} placeholders included) */
  path: string
  /**
   * the react-router pattern when it is not `path`: React Router cannot match `:id.html` inside one
   * segment, so `/detail/{goodsId}.html` is matched as `/detail/:file` and the page parses `file`
   */
  routePath?: string
  title: string
  /** the README status table's section */
  section: string
  layout: LayoutName
  /** the page needs a login (the guard shows 请先登录！ and sends the user to the login page) */
  auth: boolean
  /** the page's module under src/renderer/src/features, e.g. `trade/BuyOrderPage` */
  page?: P
  /** the route only redirects there */
  redirect?: string
  /**
   * its item in the user centre's side menu (seeded for every user), under the directory of its
   * first path segment; `title` when the item's differs from the page's
   */
  menu?: { title?: string; icon: string; order: number }
  /** component names a server menu row may give for this page (run-time routes, app/CatchAll) */
  menuNames?: readonly string[]
}

export type PageRecord = ConsolePageRecord | SitePageRecord

/** A page's record, as written: the function only checks it against its type. */
export function definePage<const C extends string>(record: ConsolePageRecord<C>): ConsolePageRecord<C>
export function definePage<const P extends string = never>(record: SitePageRecord<P>): SitePageRecord<P>
export function definePage(record: PageRecord): PageRecord {
  return record
}

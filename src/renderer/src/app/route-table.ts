/**
 * The one route table (docs/screens.md), derived from the pages' records (src/shared/pages/site.ts):
 * plain data, no React, so scripts can print it (README status table) and tests can check it.
 * app/routes.tsx turns it into the router, app/pages.ts finds each page's module.
 */
import type { LayoutName } from '@shared/pages/define'
import { NOT_FOUND_PATH, SITE_ROUTES, type PageKey, type RouteEntry } from '@shared/pages/site'

export type { LayoutName, PageKey, RouteEntry }
export { NOT_FOUND_PATH }

export const ROUTES: readonly RouteEntry[] = SITE_ROUTES

/** Pages whose footer sits flush under the content: notice list, notice detail, feedback, aiDraw. */
export function footerMarginTop(pathname: string): number {
  const flush =
    pathname === '/platform/noticeList.html' ||
    pathname.startsWith('/platform/noticeDetail/') ||
    pathname === '/platform/feedback.html' ||
    pathname === '/platform/aiDraw.html' ||
    pathname === '/ai/aiDraw.html'
  return flush ? 0 : 50
}

/** The numeric id in a `{id}.html` segment, or null when the segment is not one. */
export function idFromHtmlSegment(file: string | undefined): number | null {
  const match = /^(\d{1,15})\.html$/.exec(file ?? '')
  if (!match) return null
  const id = Number(match[1])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

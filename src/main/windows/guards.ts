/**
 * What every webContents may do (applied from the global `web-contents-created` hook in index.ts,
 * so windows created later — customer-service windows, devtools — get the same rules):
 * navigate only within our own origin, open no windows, attach no <webview>; and which
 * permissions the default session grants (only notifications and sanitized clipboard writes).
 */
import type { Session, WebContents } from 'electron'
import { API_BASE } from '@shared/constants'
import { isAllowedExternalUrl } from '@shared/ipc'
import { originOf } from './app-origin'
import { send } from '../ipc/handle'

export interface GuardContext {
  /** our renderer (app://marketplace, or the dev server in development) */
  isTrustedUrl(url: string): boolean
  /** origin of the API server: a navigation to its /api/… is a file download */
  apiOrigin: string
  /** hand a link to the system browser (shell.openExternal) */
  openExternal(url: string): void
}

type WillNavigateEvent = { url: string; preventDefault(): void }

/** The API's file downloads (spec: /api/common/download?fileName=…&delete=true) arrive as navigations. */
function isApiUrl(url: string, apiOrigin: string): boolean {
  if (originOf(url) !== apiOrigin) return false
  const path = new URL(url).pathname
  return path === API_BASE || path.startsWith(API_BASE + '/')
}

/**
 * `will-navigate` / `will-redirect`: our origin passes; a navigation to the API's /api/… becomes a
 * download of that URL (a later issue adds the download manager behind `will-download`); any
 * other navigation is stopped, and a plain http(s)/mailto link goes to the system browser.
 */
export function guardNavigation(
  contents: WebContents,
  ctx: GuardContext,
  event: WillNavigateEvent,
  isRedirect = false,
): void {
  const { url } = event
  if (ctx.isTrustedUrl(url)) return
  event.preventDefault()
  if (isApiUrl(url, ctx.apiOrigin)) {
    contents.downloadURL(url)
    return
  }
  // a redirect away from our origin is never user intent: stop it, open nothing
  if (!isRedirect && isAllowedExternalUrl(url)) ctx.openExternal(url)
}

/**
 * `setWindowOpenHandler`: no window is ever created here. A link into our own app
 * (target=_blank on /warrantOrderHandler.html, window.open of a route) becomes an in-app
 * navigation via the 'nav:open' event; an allowed external link goes to the system browser;
 * everything else (javascript:, file:, data:, custom schemes) is dropped.
 */
export function handleWindowOpen(contents: WebContents, ctx: GuardContext, url: string): { action: 'deny' } {
  if (ctx.isTrustedUrl(url)) {
    const u = new URL(url)
    send(contents, 'nav:open', { path: `${u.pathname}${u.search}${u.hash}` })
  } else if (isAllowedExternalUrl(url)) {
    ctx.openExternal(url)
  }
  return { action: 'deny' }
}

export function applyContentGuards(contents: WebContents, ctx: GuardContext): void {
  contents.on('will-navigate', (event) => guardNavigation(contents, ctx, event))
  contents.on('will-redirect', (event) => guardNavigation(contents, ctx, event, true))
  contents.setWindowOpenHandler(({ url }) => handleWindowOpen(contents, ctx, url))
  // no <webview> anywhere in this app (webviewTag is off; this is the second lock)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

/** Permissions the renderer may have; everything else (camera, geolocation, clipboard-read, …) is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'notifications',
  'clipboard-sanitized-write',
])

export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  isTrustedUrl: (url: string) => boolean,
): boolean {
  return (
    ALLOWED_PERMISSIONS.has(permission) && typeof requestingUrl === 'string' && isTrustedUrl(requestingUrl)
  )
}

export function installPermissionHandlers(session: Session, isTrustedUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl || contents.getURL(), isTrustedUrl))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, isTrustedUrl),
  )
}

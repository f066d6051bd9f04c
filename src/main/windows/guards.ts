/**
 * What every webContents may do (applied from the global `web-contents-created` hook in index.ts,
 * so windows created later — customer-service windows, devtools — get the same rules):
 * navigate only within its allowed origin, open no windows, attach no <webview>; and which
 * permissions the default session grants (only notifications and sanitized clipboard writes).
 *
 * The allowed origin is our renderer's (app://marketplace, the dev server in development) — also for
 * the customer-service window, which shows our own conversation route. A window that showed an
 * outside page could be held to that page's origin and kept from ours (`restrictedOrigin`, asked when
 * a navigation happens); no window does today. Files are downloaded through the download manager
 * (download:start), never by navigating to the API.
 */
import type { Session, WebContents } from 'electron'
import { isAllowedExternalUrl } from '@shared/ipc'
import { originOf } from './app-origin'
import { send } from '../ipc/handle'

export interface GuardContext {
  /** our renderer (app://marketplace, or the dev server in development) */
  isTrustedUrl(url: string): boolean
  /** hand a link to the system browser (shell.openExternal) */
  openExternal(url: string): void
  /**
   * origin of the API server: a navigation there is a renderer bug (files go through
   * download:start) and is dropped — never handed to the system browser with its ticket
   */
  apiOrigin?: string
  /**
   * the only origin this webContents may navigate within, when it is not our renderer's (a window
   * showing an outside page; none today); null/undefined: our renderer's rules
   */
  restrictedOrigin?(contents: WebContents): string | null | undefined
}

type WillNavigateEvent = { url: string; preventDefault(): void }

function allowedHere(contents: WebContents, ctx: GuardContext, url: string): boolean {
  const restricted = ctx.restrictedOrigin?.(contents)
  if (restricted) return originOf(url) === restricted
  return ctx.isTrustedUrl(url)
}

/**
 * `will-navigate` / `will-redirect`: the allowed origin passes; any other navigation is stopped,
 * and a plain http(s)/mailto link goes to the system browser.
 */
export function guardNavigation(
  contents: WebContents,
  ctx: GuardContext,
  event: WillNavigateEvent,
  isRedirect = false,
): void {
  const { url } = event
  if (allowedHere(contents, ctx, url)) return
  event.preventDefault()
  if (ctx.apiOrigin && originOf(url) === ctx.apiOrigin && !ctx.restrictedOrigin?.(contents)) {
    console.warn('[guards] dropped a navigation to the API; downloads go through download:start')
    return
  }
  // a redirect away from the allowed origin is never user intent: stop it, open nothing
  if (!isRedirect && isAllowedExternalUrl(url)) ctx.openExternal(url)
}

/**
 * `setWindowOpenHandler`: no window is ever created here. A link into our own app
 * (target=_blank on /warrantOrderHandler.html, window.open of a route) becomes an in-app
 * navigation via the 'nav:open' event; an allowed external link goes to the system browser;
 * everything else (javascript:, file:, data:, custom schemes) is dropped. A customer-service
 * window's links all go to the system browser (allowed ones) — never into our app.
 */
export function handleWindowOpen(contents: WebContents, ctx: GuardContext, url: string): { action: 'deny' } {
  if (ctx.restrictedOrigin?.(contents)) {
    if (isAllowedExternalUrl(url)) ctx.openExternal(url)
  } else if (ctx.isTrustedUrl(url)) {
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

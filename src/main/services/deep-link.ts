/**
 * The deep-link protocol `youxi-market://…`: a link on a web page or in a chat opens the app on a
 * route. Only these forms are accepted (anything else is ignored):
 *
 *   youxi-market://detail/123          → /detail/123.html
 *   youxi-market://shop/45             → /shop/45.html
 *   youxi-market://notice/30           → /platform/noticeDetail/30.html
 *   youxi-market://list?gameId=3       → /list.html?gameId=3
 *   youxi-market://messages            → /message/userMessage.html
 *   youxi-market://sold                → /seller/sellOrder.html
 *   youxi-market://home                → /
 *
 * macOS delivers links with 'open-url'; Windows and Linux start the app (or a second instance,
 * whose argv reaches the first through 'second-instance') with the link as an argument.
 */
import { resolve } from 'node:path'
import type { App } from 'electron'
import { MESSAGES_PATH, SOLD_ORDERS_PATH } from '@shared/live-events'

export const DEEP_LINK_SCHEME = 'youxi-market'
const MAX_LINK_LENGTH = 2048
const ID = /^[1-9]\d{0,14}$/

/** The app route of a deep link, or null when it is not one of the accepted forms. */
export function parseDeepLink(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) return null
  let u: URL
  try {
    u = new URL(link)
  } catch {
    return null
  }
  if (u.protocol !== `${DEEP_LINK_SCHEME}:`) return null
  if (u.username || u.password || u.port || u.hash) return null
  const host = u.hostname.toLowerCase()
  const segments = u.pathname.split('/').filter(Boolean)
  if (segments.length > 1 || u.pathname.replace(/\/$/, '').split('/').length > 2) return null
  const id = segments[0]
  const noQuery = u.search === ''

  switch (host) {
    case 'detail':
      return id && ID.test(id) && noQuery ? `/detail/${id}.html` : null
    case 'shop':
      return id && ID.test(id) && noQuery ? `/shop/${id}.html` : null
    case 'notice':
      return id && ID.test(id) && noQuery ? `/platform/noticeDetail/${id}.html` : null
    case 'list': {
      if (id) return null
      const params = [...u.searchParams.keys()]
      if (params.length === 0) return '/list.html'
      const gameId = u.searchParams.get('gameId')
      return params.length === 1 && gameId && ID.test(gameId) ? `/list.html?gameId=${gameId}` : null
    }
    case 'messages':
      return !id && noQuery ? MESSAGES_PATH : null
    case 'sold':
      return !id && noQuery ? SOLD_ORDERS_PATH : null
    case 'home':
      return !id && noQuery ? '/' : null
    default:
      return null
  }
}

/** The first deep link among command-line arguments (Windows/Linux), as a route. */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (typeof arg === 'string' && arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) {
      const route = parseDeepLink(arg)
      if (route) return route
    }
  }
  return null
}

/**
 * Registers the app as the handler of the scheme. In development (electron .) the OS must start
 * Electron with the app's path, so it is passed along.
 */
export function registerProtocolClient(
  app: Pick<App, 'setAsDefaultProtocolClient'>,
  proc: Pick<NodeJS.Process, 'defaultApp' | 'argv' | 'execPath'> = process,
): boolean {
  if (proc.defaultApp && proc.argv.length >= 2) {
    return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, proc.execPath, [resolve(proc.argv[1]!)])
  }
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)
}

/**
 * The browser shell (architecture.md): the token lives in the cookie `Authorization` for 3 days
 * (docs/api-conventions.md), the API is same-origin `/api`, downloads go through a temporary anchor (the server's
 * Content-Disposition names the file), external links open in a new tab, the unread count shows as
 * a `(N) ` prefix of the page title, customer service opens over the page (the renderer's panel), and live-event
 * notifications use the browser's Notification API when the user allowed it.
 */
import { API_BASE, TOKEN_COOKIE, TOKEN_TTL_DAYS } from '@shared/constants'
import { getCookie, removeCookie, setCookie } from '@renderer/utils/cookie'
import type { Platform } from './platform'

const BADGE_PREFIX = /^\(\d+\+?\)\s/

const navigateListeners = new Set<(path: string) => void>()

export function withBadge(title: string, count: number): string {
  const bare = title.replace(BADGE_PREFIX, '')
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${bare}` : bare
}

const web: Platform = {
  kind: 'web',
  async init() {},
  apiBaseUrl: () => API_BASE,
  getToken: () => getCookie(TOKEN_COOKIE) || undefined,
  async setToken(token) {
    setCookie(TOKEN_COOKIE, token, {
      days: TOKEN_TTL_DAYS,
      path: '/',
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
    })
  },
  async clearToken() {
    removeCookie(TOKEN_COOKIE)
  },
  download(url, fileName) {
    const anchor = document.createElement('a')
    anchor.href = url
    anchor.rel = 'noopener'
    if (fileName) anchor.download = fileName
    anchor.style.display = 'none'
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
  },
  openExternal(url) {
    window.open(url, '_blank', 'noopener')
  },
  setBadge(count) {
    document.title = withBadge(document.title, count)
  },
  notify(notification) {
    // only when allowed already (the site never nags for the permission) and nobody is looking
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    if (document.visibilityState === 'visible') return
    const shown = new Notification(notification.title, { body: notification.body, tag: notification.kind })
    shown.onclick = () => {
      window.focus()
      navigateListeners.forEach((listener) => listener(notification.path))
      shown.close()
    }
  },
  async openCustomerService() {
    // no window of its own: the conversation opens in the page's panel (a full-screen sheet on a phone)
    return 'inline'
  },
  onNavigate(listener) {
    navigateListeners.add(listener)
    return () => navigateListeners.delete(listener)
  },
  desktopSettings: null,
  workbench: null,
}

export default web

/**
 * The browser shell (architecture.md): the token lives in the cookie `Authorization` for 3 days
 * (docs/api-conventions.md), the API is same-origin `/api`, downloads go through a temporary anchor (the server's
 * Content-Disposition names the file), external links open in a new tab, the unread count shows as
 * a `(N) ` prefix of the page title, customer service opens in a popup, and live-event
 * notifications use the browser's Notification API when the user allowed it.
 */
import { API_BASE, TOKEN_COOKIE, TOKEN_TTL_DAYS } from '@shared/constants'
import { getCookie, removeCookie, setCookie } from '@renderer/utils/cookie'
import type { Platform } from './platform'

const BADGE_PREFIX = /^\(\d+\+?\)\s/

/** customer-service popups by conversation: a second click focuses the open one */
const popups = new Map<string, Window>()
const navigateListeners = new Set<(path: string) => void>()

export const CS_POPUP_FEATURES = 'popup=yes,width=440,height=680,resizable=yes,scrollbars=yes'

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
  async openCustomerService({ url, conversationId }) {
    const open = popups.get(conversationId)
    if (open && !open.closed) {
      open.focus()
      return 'focused'
    }
    const popup = window.open(url, `youxi-cs-${conversationId}`, CS_POPUP_FEATURES)
    if (!popup) return 'blocked'
    try {
      // the chat service must not reach back into the marketplace (reverse tabnabbing)
      popup.opener = null
    } catch {
      // some browsers refuse; the popup is cross-origin either way
    }
    popups.set(conversationId, popup)
    return 'opened'
  },
  onNavigate(listener) {
    navigateListeners.add(listener)
    return () => navigateListeners.delete(listener)
  },
  desktopSettings: null,
  workbench: null,
}

export default web

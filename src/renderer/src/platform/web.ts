/**
 * The browser shell (architecture.md): the token lives in the cookie `Authorization` for 3 days
 * (spec §9), the API is same-origin `/api`, downloads go through a temporary anchor, external links
 * open in a new tab, and the unread count shows as a `(N) ` prefix of the page title.
 */
import { API_BASE, TOKEN_COOKIE, TOKEN_TTL_DAYS } from '@shared/constants'
import { getCookie, removeCookie, setCookie } from '@renderer/utils/cookie'
import type { Platform } from './platform'

const BADGE_PREFIX = /^\(\d+\+?\)\s/

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
  onNavigate() {
    return () => undefined
  },
}

export default web

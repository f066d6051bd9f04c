/**
 * The renderer's view of the Electron shell. The ONLY renderer file that touches
 * `window.desktop` (the preload's bridge); features use `platform` from './index'.
 *
 * The token lives in the main process (token vault); this module holds an in-memory copy for the
 * request layer's synchronous getToken() and writes changes through to main.
 */
import { API_BASE, DEFAULT_DESKTOP_API_ORIGIN } from '@shared/constants'
import type { DesktopBridge } from '@shared/ipc'
import type { Platform } from './platform'

let apiOrigin = DEFAULT_DESKTOP_API_ORIGIN
let token: string | undefined

function bridge(): DesktopBridge {
  const desktop = window.desktop
  if (!desktop)
    throw new Error(
      'window.desktop is missing: this bundle must run inside the desktop shell (preload not loaded)',
    )
  return desktop
}

function report(what: string): (error: unknown) => void {
  return (error) => console.warn(`[platform/desktop] ${what} failed`, error)
}

const desktop: Platform = {
  kind: 'desktop',

  async init() {
    const d = bridge()
    const [origin, stored] = await Promise.all([d.configGetApiOrigin(), d.tokenGet()])
    apiOrigin = origin
    token = stored ?? undefined
  },

  apiBaseUrl: () => `${apiOrigin}${API_BASE}`,

  getToken: () => token,

  async setToken(next) {
    token = next
    await bridge().tokenSet(next)
  },

  async clearToken() {
    token = undefined
    await bridge().tokenClear()
  },

  download(url, fileName) {
    // Foundation: navigate a hidden anchor and let Electron's default download (save dialog)
    // happen — main turns a navigation to the API's /api/… into webContents.downloadURL.
    // The desktop issue replaces this with the main-process download manager (progress, folder).
    // A relative '/api/…' URL belongs to the API server, not to app://marketplace.
    const absolute = new URL(url, apiOrigin).href
    const a = document.createElement('a')
    a.href = absolute
    if (fileName) a.download = fileName
    a.rel = 'noopener'
    a.style.display = 'none'
    document.body.appendChild(a)
    a.click()
    a.remove()
  },

  openExternal(url) {
    bridge().shellOpenExternal(url).catch(report('openExternal'))
  },

  setBadge(count) {
    const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0
    bridge().badgeSet(n).catch(report('setBadge'))
  },

  onNavigate(listener) {
    return bridge().on('nav:open', ({ path }) => listener(path))
  },
}

export default desktop

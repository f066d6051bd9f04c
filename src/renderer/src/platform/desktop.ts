/**
 * The renderer's view of the Electron shell. The ONLY renderer file that touches
 * `window.desktop` (the preload's bridge); features use `platform` from './index'.
 *
 * The token lives in the main process (token vault: OS keychain first); this module holds an
 * in-memory copy for the request layer's synchronous getToken() and writes changes through to
 * main. It never goes into a cookie or localStorage.
 */
import { API_BASE, DEFAULT_DESKTOP_API_ORIGIN } from '@shared/constants'
import type { DesktopBridge } from '@shared/ipc'
import { WORKBENCH_PATH } from '@shared/workbench'
import { CS_CHAT_PATH } from '@shared/desktop'
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

/**
 * `settings:open` can arrive before the (lazily loaded) settings dialog listens: init subscribes at
 * once and remembers an unanswered request, which the first listener then receives.
 */
let settingsListener: (() => void) | null = null
let settingsRequested = false

const desktop: Platform = {
  kind: 'desktop',

  async init() {
    const d = bridge()
    d.on('settings:open', () => {
      if (settingsListener) settingsListener()
      else settingsRequested = true
    })
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

  download(url) {
    // the main-process download manager: folder of the settings, progress, a notification when done.
    // A relative '/api/…' URL belongs to the API server, not to app://marketplace.
    const absolute = new URL(url, apiOrigin).href
    bridge()
      .downloadStart(absolute)
      .then((started) => {
        if (!started) console.warn('[platform/desktop] download refused by the shell')
      })
      .catch(report('download'))
  },

  openExternal(url) {
    bridge().shellOpenExternal(url).catch(report('openExternal'))
  },

  setBadge(count) {
    const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0
    bridge().badgeSet(n).catch(report('setBadge'))
  },

  notify(notification) {
    // the workbench window has its own renderer and live events: the main window notifies once
    // (so has the customer-service window)
    if (typeof location !== 'undefined' && [WORKBENCH_PATH, CS_CHAT_PATH].includes(location.pathname)) return
    bridge().notifyShow(notification).catch(report('notify'))
  },

  async openCustomerService(request) {
    return bridge().csOpen(request)
  },

  onNavigate(listener) {
    const d = bridge()
    const off = d.on('nav:open', ({ path }) => listener(path))
    // a route asked for before anyone listened (a deep link that started the app)
    d.navTakePending()
      .then((path) => {
        if (path) listener(path)
      })
      .catch(report('navTakePending'))
    return off
  },

  workbench: {
    openInMain: (path) => bridge().workbenchOpenMain(path),
    setCounts(counts) {
      // from an effect: a failure (an older shell without the channel) is logged, never thrown
      Promise.resolve()
        .then(() => bridge().workbenchSetCounts(counts))
        .catch(report('workbench counts'))
    },
  },

  desktopSettings: {
    get: () => bridge().settingsGet(),
    save: (patch) => bridge().settingsSet(patch),
    chooseDownloadDir: () => bridge().settingsChooseDownloadDir(),
    relaunch: () => bridge().appRelaunch(),
    version: () => bridge().appGetVersion(),
    onOpen(listener) {
      settingsListener = listener
      if (settingsRequested) {
        settingsRequested = false
        listener()
      }
      return () => {
        if (settingsListener === listener) settingsListener = null
      }
    },
  },
}

export default desktop

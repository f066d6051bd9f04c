/**
 * The marketplace window: one secure BrowserWindow around the shared React renderer.
 * Isolation is not negotiable (architecture.md: do not copy the template's `sandbox: false`):
 * the renderer sees only the `window.desktop` bridge of the preload.
 */
import { BrowserWindow, screen, type Rectangle, type WebPreferences } from 'electron'
import { SITE_NAME } from '@shared/constants'
import type { Settings, WindowBounds, WindowState } from '../services/settings'

export const MAIN_WINDOW_SIZE = { width: 1280, height: 800, minWidth: 1024, minHeight: 680 } as const

export function mainWindowWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // live events keep arriving while the window sits in the tray: do not throttle its timers
    backgroundThrottling: false,
  }
}

function intersects(a: Rectangle, b: Required<WindowBounds>): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/**
 * The saved bounds if they still fit the screens (a monitor may be gone since): position only
 * when some display's work area shows part of the window, size clamped to the primary display.
 */
export function restorableBounds(saved: WindowState | undefined): Partial<Rectangle> {
  if (!saved) return {}
  const area = screen.getPrimaryDisplay().workAreaSize
  const width = Math.max(MAIN_WINDOW_SIZE.minWidth, Math.min(saved.bounds.width, area.width))
  const height = Math.max(MAIN_WINDOW_SIZE.minHeight, Math.min(saved.bounds.height, area.height))
  const { x, y } = saved.bounds
  if (x === undefined || y === undefined) return { width, height }
  const visible = screen.getAllDisplays().some((d) => intersects(d.workArea, { x, y, width, height }))
  return visible ? { x, y, width, height } : { width, height }
}

export interface MainWindowOptions {
  /** absolute path of out/preload/index.cjs */
  preloadPath: string
  /** what to load: the dev server URL or app://marketplace/ (see app-origin.ts rendererEntryUrl) */
  url: string
  settings: Pick<Settings, 'windowState' | 'saveWindowState'>
  /** window icon (Linux; Windows and macOS take the packaged app icon) */
  iconPath?: string
  platform?: NodeJS.Platform
  /**
   * Closing hides the window instead (the app stays in the tray) unless the app is quitting;
   * `onHidden` runs each time that happens (index.ts shows a notice the first time).
   */
  closeToTray?: { isQuitting: () => boolean; onHidden?: () => void }
  /** do not show the window when it is ready (start minimised to the tray) */
  startHidden?: boolean
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const saved = options.settings.windowState()
  const platform = options.platform ?? process.platform
  const win = new BrowserWindow({
    title: SITE_NAME,
    width: MAIN_WINDOW_SIZE.width,
    height: MAIN_WINDOW_SIZE.height,
    ...restorableBounds(saved),
    minWidth: MAIN_WINDOW_SIZE.minWidth,
    minHeight: MAIN_WINDOW_SIZE.minHeight,
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    ...(platform === 'linux' && options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: mainWindowWebPreferences(options.preloadPath),
  })
  if (saved?.maximized) win.maximize()
  if (!options.startHidden) win.once('ready-to-show', () => win.show())
  win.on('close', (event) => {
    options.settings.saveWindowState({ bounds: win.getNormalBounds(), maximized: win.isMaximized() })
    const tray = options.closeToTray
    if (tray && !tray.isQuitting()) {
      event.preventDefault()
      win.hide()
      tray.onHidden?.()
    }
  })
  win.loadURL(options.url).catch((error: unknown) => {
    console.error(`[main-window] failed to load ${options.url}`, error)
  })
  return win
}

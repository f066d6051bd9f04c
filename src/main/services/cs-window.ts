/**
 * The customer-service window (docs/desktop.md, docs/customer-service.md): our own built-in
 * conversation with platform support — the renderer's route CS_CHAT_PATH, perhaps with the order,
 * listing or dispute it is about — in a compact window of its own. One window: a user has one
 * conversation with support, so a second request focuses it (and moves it to the new attachment).
 *
 * It is the same renderer on the same origin as the main window, so it gets the main window's
 * security unchanged: the same webPreferences (context isolation, sandbox, no Node, no webview) and
 * preload, the navigation guards of every webContents (index.ts `web-contents-created`: only our
 * origin; anything else goes to the system browser) and the IPC sender check (its frames are ours).
 * Its links to other pages open the main window (workbench:open-main), as the workbench's do.
 */
import { BrowserWindow, type WebContents } from 'electron'
import { SITE_NAME } from '@shared/constants'
import {
  isCustomerServicePath,
  type CustomerServiceOpenResult,
  type CustomerServiceRequest,
} from '@shared/desktop'
import { mainWindowWebPreferences } from '../windows/main-window'

export const CS_WINDOW_SIZE = { width: 440, height: 680, minWidth: 360, minHeight: 480 } as const
export const CS_WINDOW_TITLE = `在线客服 - ${SITE_NAME}`

export class CustomerServiceRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CustomerServiceRequestError'
  }
}

export interface CustomerServiceWindowOptions {
  /** absolute path of out/preload/index.cjs (the main window's) */
  preloadPath: string
  /** the renderer's entry URL (rendererEntryUrl()): the conversation's route is resolved against it */
  entryUrl: () => string
  /** window icon (Linux) */
  iconPath?: string
  platform?: NodeJS.Platform
}

export interface CustomerServiceWindows {
  open(request: CustomerServiceRequest): CustomerServiceOpenResult
  /** whether these contents are the customer-service window's */
  isCustomerService(contents: WebContents): boolean
  closeAll(): void
  readonly count: number
}

/** The URL the window loads: the renderer's entry with the conversation's route. */
export function customerServiceWindowUrl(entryUrl: string, path: string): string {
  return new URL(path, entryUrl).href
}

export function createCustomerServiceWindows(options: CustomerServiceWindowOptions): CustomerServiceWindows {
  let win: BrowserWindow | null = null
  let shownPath: string | null = null
  const platform = options.platform ?? process.platform

  function load(target: BrowserWindow, path: string): void {
    shownPath = path
    const url = customerServiceWindowUrl(options.entryUrl(), path)
    target.loadURL(url).catch((error: unknown) => {
      console.warn(`[cs-window] failed to load ${url}`, error)
      if (!target.isDestroyed()) target.show()
    })
  }

  function create(path: string): BrowserWindow {
    const created = new BrowserWindow({
      title: CS_WINDOW_TITLE,
      ...CS_WINDOW_SIZE,
      show: false,
      autoHideMenuBar: true,
      backgroundColor: '#ffffff',
      fullscreenable: false,
      ...(platform === 'linux' && options.iconPath ? { icon: options.iconPath } : {}),
      webPreferences: mainWindowWebPreferences(options.preloadPath),
    })
    created.setMenuBarVisibility(false)
    created.once('ready-to-show', () => created.show())
    created.on('closed', () => {
      if (win === created) {
        win = null
        shownPath = null
      }
    })
    load(created, path)
    return created
  }

  return {
    open(request) {
      if (!isCustomerServicePath(request.path)) {
        throw new CustomerServiceRequestError('customer service opens its own route only')
      }
      if (!win || win.isDestroyed()) {
        win = create(request.path)
        return 'opened'
      }
      // opened again about another order (listing, dispute): the same conversation, the new attachment
      if (request.path !== shownPath) load(win, request.path)
      if (win.isMinimized()) win.restore()
      win.show()
      win.focus()
      return 'focused'
    },
    isCustomerService(contents) {
      return win !== null && !win.isDestroyed() && win.webContents === contents
    },
    closeAll() {
      if (win && !win.isDestroyed()) win.destroy()
      win = null
      shownPath = null
    },
    get count() {
      return win && !win.isDestroyed() ? 1 : 0
    },
  }
}

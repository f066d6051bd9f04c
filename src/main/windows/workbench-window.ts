/**
 * The seller's workbench: one compact window (docs/desktop.md) with today's orders to deliver,
 * pending bids and unread messages, opened from the tray and the app menu. It is the same renderer
 * on the same origin (route /desktop/workbench) with the main window's security: the same
 * webPreferences (context isolation, sandbox, no Node, no webview) and preload, the navigation
 * guards of every webContents (index.ts `web-contents-created`) and the IPC sender check (its
 * frames are our origin). Its 去发货 asks main to show the MAIN window on the delivery page
 * (workbench:open-main); the page hides the layout's links that would lead it elsewhere.
 */
import { BrowserWindow, type WebContents } from 'electron'
import { WORKBENCH_PATH } from '@shared/workbench'
import { mainWindowWebPreferences } from './main-window'

export const WORKBENCH_WINDOW_SIZE = { width: 380, height: 620, minWidth: 320, minHeight: 420 } as const
export const WORKBENCH_TITLE = '卖家工作台'

export interface WorkbenchWindowOptions {
  /** absolute path of out/preload/index.cjs (the main window's) */
  preloadPath: string
  /** the renderer's entry URL (rendererEntryUrl()): the workbench route is appended */
  entryUrl: () => string
  /** window icon (Linux) */
  iconPath?: string
  platform?: NodeJS.Platform
}

export interface WorkbenchWindows {
  /** show the workbench (created on first use, focused afterwards) */
  open(): BrowserWindow
  /** whether these contents are the workbench's (tests, diagnostics) */
  isWorkbench(contents: WebContents): boolean
  close(): void
}

/** The URL the workbench loads: the renderer's entry with the workbench route. */
export function workbenchUrl(entryUrl: string): string {
  return new URL(WORKBENCH_PATH, entryUrl).href
}

export function createWorkbenchWindows(options: WorkbenchWindowOptions): WorkbenchWindows {
  let win: BrowserWindow | null = null
  const platform = options.platform ?? process.platform

  function create(): BrowserWindow {
    const created = new BrowserWindow({
      title: WORKBENCH_TITLE,
      width: WORKBENCH_WINDOW_SIZE.width,
      height: WORKBENCH_WINDOW_SIZE.height,
      minWidth: WORKBENCH_WINDOW_SIZE.minWidth,
      minHeight: WORKBENCH_WINDOW_SIZE.minHeight,
      show: false,
      backgroundColor: '#ffffff',
      autoHideMenuBar: true,
      maximizable: false,
      fullscreenable: false,
      ...(platform === 'linux' && options.iconPath ? { icon: options.iconPath } : {}),
      webPreferences: mainWindowWebPreferences(options.preloadPath),
    })
    created.setMenuBarVisibility(false)
    created.once('ready-to-show', () => created.show())
    created.on('closed', () => {
      if (win === created) win = null
    })
    const url = workbenchUrl(options.entryUrl())
    created.loadURL(url).catch((error: unknown) => {
      console.error(`[workbench-window] failed to load ${url}`, error)
    })
    return created
  }

  return {
    open() {
      if (!win || win.isDestroyed()) win = create()
      else {
        if (win.isMinimized()) win.restore()
        win.show()
        win.focus()
      }
      return win
    },
    isWorkbench(contents) {
      return win !== null && !win.isDestroyed() && win.webContents === contents
    },
    close() {
      if (win && !win.isDestroyed()) win.destroy()
      win = null
    },
  }
}

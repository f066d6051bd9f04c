/**
 * Customer-service windows: the external chat widget in its own BrowserWindow, one per
 * conversation (a second request for the same conversation focuses the open window).
 *
 * The chat service is somebody else's web page, so its window is locked down harder than ours:
 * - its own session partition (no cookies, storage or cache shared with the marketplace);
 * - no preload (no window.desktop), sandboxed, context isolation, no Node, no <webview>;
 * - permissions: notifications only, and only for the service's own origin; no downloads;
 * - navigation only within the service's origin (the global guards ask `restrictedOrigin`);
 *   new windows are denied and allowed links go to the system browser.
 */
import {
  BrowserWindow,
  session,
  type BrowserWindowConstructorOptions,
  type Session,
  type WebContents,
} from 'electron'
import { SITE_NAME } from '@shared/constants'
import {
  CONVERSATION_ID_PATTERN,
  isCustomerServiceUrl,
  type CustomerServiceOpenResult,
  type CustomerServiceRequest,
} from '@shared/desktop'
import { originOf } from '../windows/app-origin'

export const CS_PARTITION = 'persist:customer-service'
export const CS_WINDOW_SIZE = { width: 440, height: 680, minWidth: 360, minHeight: 480 } as const

export function csWindowOptions(iconPath?: string): BrowserWindowConstructorOptions {
  return {
    title: `在线客服 - ${SITE_NAME}`,
    ...CS_WINDOW_SIZE,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      partition: CS_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  }
}

export class CustomerServiceRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CustomerServiceRequestError'
  }
}

export interface CustomerServiceWindows {
  open(request: CustomerServiceRequest): CustomerServiceOpenResult
  /** the origin a customer-service webContents is limited to; null for any other webContents */
  restrictedOrigin(contents: WebContents): string | null
  closeAll(): void
  readonly count: number
}

export function createCustomerServiceWindows(options: { iconPath?: string } = {}): CustomerServiceWindows {
  const windows = new Map<string, { win: BrowserWindow; origin: string }>()
  const originByContents = new Map<number, string>()
  let partition: Session | null = null

  function lockDownSession(): void {
    if (partition) return
    partition = session.fromPartition(CS_PARTITION)
    const allowed = (contents: WebContents | null, permission: string, url: string | undefined) =>
      permission === 'notifications' &&
      contents !== null &&
      originOf(url) !== null &&
      originOf(url) === originByContents.get(contents.id)
    partition.setPermissionRequestHandler((contents, permission, callback, details) => {
      callback(allowed(contents, permission, details.requestingUrl || contents.getURL()))
    })
    partition.setPermissionCheckHandler((contents, permission, requestingOrigin) =>
      allowed(contents, permission, requestingOrigin),
    )
    partition.on('will-download', (event) => event.preventDefault())
  }

  return {
    open(request) {
      if (!isCustomerServiceUrl(request.url)) {
        throw new CustomerServiceRequestError('customer service must be an https address')
      }
      if (!CONVERSATION_ID_PATTERN.test(request.conversationId)) {
        throw new CustomerServiceRequestError('bad conversation id')
      }
      const origin = originOf(request.url) as string
      const existing = windows.get(request.conversationId)
      if (existing && !existing.win.isDestroyed()) {
        const { win } = existing
        if (existing.origin !== origin) {
          // the service moved (configuration changed): follow it
          existing.origin = origin
          originByContents.set(win.webContents.id, origin)
          void win.loadURL(request.url).catch(() => undefined)
        }
        if (win.isMinimized()) win.restore()
        win.show()
        win.focus()
        return 'focused'
      }

      lockDownSession()
      const win = new BrowserWindow(csWindowOptions(options.iconPath))
      const contentsId = win.webContents.id
      originByContents.set(contentsId, origin)
      windows.set(request.conversationId, { win, origin })
      win.once('ready-to-show', () => win.show())
      win.on('closed', () => {
        originByContents.delete(contentsId)
        if (windows.get(request.conversationId)?.win === win) windows.delete(request.conversationId)
      })
      win.loadURL(request.url).catch((error: unknown) => {
        console.warn('[cs-window] the chat service did not load', error)
        if (!win.isDestroyed()) win.show()
      })
      return 'opened'
    },

    restrictedOrigin: (contents) => originByContents.get(contents.id) ?? null,

    closeAll() {
      for (const { win } of windows.values()) if (!win.isDestroyed()) win.destroy()
      windows.clear()
    },

    get count() {
      return [...windows.values()].filter(({ win }) => !win.isDestroyed()).length
    },
  }
}

/**
 * Test doubles of Electron objects (Electron's binary is not available to unit tests: every test
 * mocks the 'electron' module and uses these). Not imported by production code.
 *
 * Small tests build the one object they need (FakeWebContents, navEvent, invokeEvent). Tests of
 * services mock the whole module with the shared fake:
 *
 *   vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)
 *   import { fakeElectron, resetFakeElectron } from '../testing/fakes'
 *
 * (the factory and the test import the same module instance, so both see the same fake).
 */
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

/** A prevent-able event like Electron's, carrying `url` (will-navigate / will-redirect). */
export function navEvent(url: string): { url: string; defaultPrevented: boolean; preventDefault(): void } {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

let nextContentsId = 1

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++
  destroyed = false
  url = 'app://marketplace/'
  session: FakeSession | null = null
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
  readonly send = vi.fn()
  readonly downloadURL = vi.fn()
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  getURL(): string {
    return this.url
  }
}

/** An IpcMainInvokeEvent with just what the sender check reads. */
export function invokeEvent(frameUrl: string | null): { senderFrame: { url: string } | null } {
  return { senderFrame: frameUrl === null ? null : { url: frameUrl } }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl?: string },
) => void
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: unknown,
) => boolean

export class FakeSession extends EventEmitter {
  requestHandler: PermissionRequestHandler | null = null
  checkHandler: PermissionCheckHandler | null = null
  constructor(readonly partition = '') {
    super()
  }
  readonly setPermissionRequestHandler = vi.fn((handler: PermissionRequestHandler) => {
    this.requestHandler = handler
  })
  readonly setPermissionCheckHandler = vi.fn((handler: PermissionCheckHandler) => {
    this.checkHandler = handler
  })
  /** ask the installed request handler; resolves with its answer */
  request(permission: string, requestingUrl: string, contents: unknown = null): boolean | undefined {
    let answer: boolean | undefined
    this.requestHandler?.(contents, permission, (granted) => (answer = granted), { requestingUrl })
    return answer
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static windows: FakeBrowserWindow[] = []
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.windows.filter((w) => !w.destroyed)
  }
  static fromWebContents(contents: unknown): FakeBrowserWindow | null {
    return FakeBrowserWindow.windows.find((w) => w.webContents === contents) ?? null
  }
  readonly options: Record<string, unknown>
  readonly webContents = new FakeWebContents()
  visible = false
  minimized = false
  destroyed = false
  maximized = false
  constructor(options: Record<string, unknown> = {}) {
    super()
    this.options = options
    const prefs = (options['webPreferences'] ?? {}) as { partition?: string }
    this.webContents.session = prefs.partition ? fakeElectron.session.fromPartition(prefs.partition) : null
    FakeBrowserWindow.windows.push(this)
  }
  readonly loadURL = vi.fn(async (url: string) => {
    this.webContents.url = url
  })
  readonly show = vi.fn(() => {
    this.visible = true
  })
  readonly hide = vi.fn(() => {
    this.visible = false
  })
  readonly focus = vi.fn()
  readonly restore = vi.fn(() => {
    this.minimized = false
  })
  readonly maximize = vi.fn(() => {
    this.maximized = true
  })
  readonly setProgressBar = vi.fn()
  readonly setOverlayIcon = vi.fn()
  readonly setMenuBarVisibility = vi.fn()
  readonly getNormalBounds = vi.fn(() => ({ x: 10, y: 20, width: 1300, height: 850 }))
  isMinimized = () => this.minimized
  isVisible = () => this.visible
  isDestroyed = () => this.destroyed
  isMaximized = () => this.maximized
  /** like a user closing the window: 'close' (preventable), then 'closed' unless prevented */
  readonly close = vi.fn(() => {
    const event = navEvent('')
    this.emit('close', event)
    if (!event.defaultPrevented) this.destroy()
  })
  readonly destroy = vi.fn(() => {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.destroyed = true
    this.emit('closed')
  })
}

export class FakeDownloadItem extends EventEmitter {
  savePath = ''
  dialogOptions: Record<string, unknown> | null = null
  state: 'progressing' | 'completed' | 'cancelled' | 'interrupted' = 'progressing'
  received = 0
  constructor(
    readonly url: string,
    readonly filename: string,
    readonly total = 100,
  ) {
    super()
  }
  getURL = () => this.url
  getFilename = () => this.filename
  getTotalBytes = () => this.total
  getReceivedBytes = () => this.received
  getSavePath = () => this.savePath
  getState = () => this.state
  readonly setSavePath = vi.fn((path: string) => {
    this.savePath = path
  })
  readonly setSaveDialogOptions = vi.fn((options: Record<string, unknown>) => {
    this.dialogOptions = options
  })
  readonly cancel = vi.fn(() => {
    this.finish('cancelled')
  })
  /** simulate progress of `received` bytes */
  progress(received: number): void {
    this.received = received
    this.emit('updated', {}, 'progressing')
  }
  finish(state: 'completed' | 'cancelled' | 'interrupted'): void {
    this.state = state
    if (state === 'completed') this.received = this.total
    this.emit('done', {}, state)
  }
}

export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = []
  static supported = true
  static isSupported(): boolean {
    return FakeNotification.supported
  }
  constructor(readonly options: Record<string, unknown>) {
    super()
    FakeNotification.instances.push(this)
  }
  readonly show = vi.fn()
  readonly close = vi.fn()
}

export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = []
  tooltip = ''
  menu: { template: MenuItemLike[] } | null = null
  destroyed = false
  constructor(readonly image: unknown) {
    super()
    FakeTray.instances.push(this)
  }
  readonly setToolTip = vi.fn((text: string) => {
    this.tooltip = text
  })
  readonly setContextMenu = vi.fn((menu: { template: MenuItemLike[] }) => {
    this.menu = menu
  })
  readonly destroy = vi.fn(() => {
    this.destroyed = true
  })
  isDestroyed = () => this.destroyed
  /** the menu item with this label (searching submenus) */
  item(label: string): MenuItemLike | undefined {
    return findItem(this.menu?.template ?? [], label)
  }
}

export interface MenuItemLike {
  label?: string
  role?: string
  type?: string
  accelerator?: string
  visible?: boolean
  click?: (...args: unknown[]) => void
  submenu?: MenuItemLike[]
}

export function findItem(items: MenuItemLike[], label: string): MenuItemLike | undefined {
  for (const item of items) {
    if (item.label === label) return item
    const inner = item.submenu ? findItem(item.submenu, label) : undefined
    if (inner) return inner
  }
  return undefined
}

export interface FakeImage {
  path: string
  size?: { width: number; height: number }
  isEmpty(): boolean
  resize(size: { width: number; height: number }): FakeImage
  setTemplateImage(flag: boolean): void
}

function fakeImage(path: string): FakeImage {
  const image: FakeImage = {
    path,
    isEmpty: () => path === '',
    resize: (size) => ({ ...fakeImage(path), size }),
    setTemplateImage: vi.fn(),
  }
  return image
}

function createFakeElectron() {
  const listeners = new EventEmitter()
  const partitions = new Map<string, FakeSession>()
  const app = {
    isPackaged: false,
    name: '游侠易市',
    listeners,
    getVersion: vi.fn(() => '0.1.0'),
    getAppPath: vi.fn(() => '/app'),
    getPath: vi.fn((name: string) => `/home/user/${name}`),
    setPath: vi.fn(),
    setBadgeCount: vi.fn(() => true),
    setAppUserModelId: vi.fn(),
    setAboutPanelOptions: vi.fn(),
    setAsDefaultProtocolClient: vi.fn(() => true),
    requestSingleInstanceLock: vi.fn(() => true),
    enableSandbox: vi.fn(),
    whenReady: vi.fn(() => Promise.resolve()),
    isReady: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    relaunch: vi.fn(),
    focus: vi.fn(),
    dock: { show: vi.fn(), hide: vi.fn(), setBadge: vi.fn() },
    on: vi.fn((event: string, fn: (...a: unknown[]) => void) => {
      listeners.on(event, fn)
      return app
    }),
    once: vi.fn((event: string, fn: (...a: unknown[]) => void) => {
      listeners.once(event, fn)
      return app
    }),
    emit: (event: string, ...args: unknown[]) => listeners.emit(event, ...args),
  }
  const defaultSession = new FakeSession()
  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    Tray: FakeTray,
    Menu: {
      buildFromTemplate: vi.fn((template: MenuItemLike[]) => ({ template })),
      setApplicationMenu: vi.fn(),
    },
    nativeImage: {
      createFromPath: vi.fn((path: string) => fakeImage(path)),
      createEmpty: vi.fn(() => fakeImage('')),
    },
    dialog: {
      showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
      showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
      showErrorBox: vi.fn(),
    },
    shell: {
      openExternal: vi.fn(async () => {}),
      showItemInFolder: vi.fn(),
      openPath: vi.fn(async () => ''),
    },
    session: {
      defaultSession,
      fromPartition: vi.fn((partition: string) => {
        let s = partitions.get(partition)
        if (!s) partitions.set(partition, (s = new FakeSession(partition)))
        return s
      }),
    },
    safeStorage: {},
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    ipcMain: { handle: vi.fn() },
    screen: {
      getPrimaryDisplay: () => ({ workAreaSize: { width: 1920, height: 1040 } }),
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    },
    partitions,
    /** resetFakeElectron() of this very instance (tests that reset modules reach the fake through 'electron') */
    reset: () => resetFakeElectron(),
    FakeWebContents,
    navEvent,
  }
}

/** The shared fake 'electron' module (see the header comment). */
export const fakeElectron = createFakeElectron()
export type FakeElectron = typeof fakeElectron

/** Forget windows, trays, notifications and calls between tests. */
export function resetFakeElectron(): void {
  vi.clearAllMocks()
  fakeElectron.app.requestSingleInstanceLock.mockReturnValue(true)
  FakeBrowserWindow.windows.length = 0
  FakeTray.instances.length = 0
  FakeNotification.instances.length = 0
  FakeNotification.supported = true
  fakeElectron.partitions.clear()
  fakeElectron.app.listeners.removeAllListeners()
  fakeElectron.app.isPackaged = false
  Object.assign(fakeElectron.session.defaultSession, { requestHandler: null, checkHandler: null })
  fakeElectron.session.defaultSession.removeAllListeners()
}

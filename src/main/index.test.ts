/** App lifecycle of index.ts, with Electron faked (the binary is not available to unit tests). */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { INVOKE_CHANNELS } from '@shared/ipc'
import { FakeWebContents } from './testing/fakes'
import type * as TokenVaultModule from './services/token-vault'

const h = vi.hoisted(() => {
  type Fn = (...args: unknown[]) => unknown
  const state = {
    lock: true,
    listeners: new Map<string, Fn[]>(),
    windows: [] as Array<Record<string, unknown>>,
    calls: [] as string[],
  }
  return { state }
})

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  const { state } = h
  const app = {
    isPackaged: true,
    enableSandbox: vi.fn(() => state.calls.push('enableSandbox')),
    requestSingleInstanceLock: vi.fn(() => state.lock),
    quit: vi.fn(),
    exit: vi.fn(),
    isReady: vi.fn(() => true),
    getVersion: () => '0.1.0',
    getAppPath: () => '/app',
    setBadgeCount: vi.fn(),
    whenReady: vi.fn(() => {
      state.calls.push('whenReady')
      return Promise.resolve()
    }),
    on: vi.fn((event: string, fn: (...a: unknown[]) => unknown) => {
      state.listeners.set(event, [...(state.listeners.get(event) ?? []), fn])
      return app
    }),
  }
  class BrowserWindow extends EventEmitter {
    static getAllWindows = () => state.windows
    options: Record<string, unknown>
    loadURL = vi.fn(async () => {})
    show = vi.fn()
    focus = vi.fn()
    restore = vi.fn()
    maximize = vi.fn()
    minimized = false
    isMinimized = () => this.minimized
    isDestroyed = () => false
    isMaximized = () => false
    getNormalBounds = () => ({ x: 0, y: 0, width: 1280, height: 800 })
    constructor(options: Record<string, unknown>) {
      super()
      this.options = options
      state.windows.push(this as unknown as Record<string, unknown>)
    }
  }
  return {
    app,
    BrowserWindow,
    dialog: { showErrorBox: vi.fn() },
    ipcMain: { handle: vi.fn() },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => state.calls.push('registerSchemesAsPrivileged')),
      handle: vi.fn(),
    },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    shell: { openExternal: vi.fn(async () => {}) },
    screen: {
      getPrimaryDisplay: () => ({ workAreaSize: { width: 1920, height: 1040 } }),
      getAllDisplays: () => [],
    },
    safeStorage: {},
  }
})
vi.mock('electron-store', () => ({ default: class {} }))
vi.mock('./services/settings', () => ({
  createSettings: () => ({
    apiOrigin: () => 'http://localhost:8080',
    windowState: () => undefined,
    saveWindowState: vi.fn(),
  }),
}))
vi.mock('./services/token-vault', async () => {
  const actual = await vi.importActual<typeof TokenVaultModule>('./services/token-vault')
  return { ...actual, createTokenVault: async () => new actual.MemoryTokenVault() }
})

/** the parts of the faked 'electron' module the assertions read */
interface Electron {
  app: { quit: Mock; whenReady: Mock }
  ipcMain: { handle: Mock }
  protocol: { handle: Mock }
  session: { defaultSession: { setPermissionRequestHandler: Mock; setPermissionCheckHandler: Mock } }
}
const { state } = h

async function boot(): Promise<Electron> {
  vi.resetModules()
  const electron = (await import('electron')) as unknown as Electron
  await import('./index')
  // let whenReady().then(onReady) finish
  for (let i = 0; i < 10; i++) await Promise.resolve()
  await new Promise((r) => setTimeout(r, 0))
  return electron
}

function emit(event: string, ...args: unknown[]): void {
  for (const fn of state.listeners.get(event) ?? []) fn(...args)
}

const realPlatform = process.platform
beforeEach(() => {
  state.lock = true
  state.listeners.clear()
  state.windows.length = 0
  state.calls.length = 0
  vi.clearAllMocks()
  vi.spyOn(console, 'info').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  Object.defineProperty(process, 'platform', { value: realPlatform })
})

describe('main process lifecycle', () => {
  it('registers the app scheme and enables the sandbox before ready', async () => {
    await boot()
    expect(state.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(state.calls.indexOf('whenReady'))
    expect(state.calls.indexOf('enableSandbox')).toBeLessThan(state.calls.indexOf('whenReady'))
  })

  it('a second instance quits at once and does nothing else', async () => {
    state.lock = false
    const electron = await boot()
    expect(electron.app.quit).toHaveBeenCalled()
    expect(electron.app.whenReady).not.toHaveBeenCalled()
    expect(state.windows).toHaveLength(0)
  })

  it('on ready: denies permissions, serves app://, registers every IPC channel, opens the window', async () => {
    const electron = await boot()
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled()
    expect(electron.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled()
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
    const channels = electron.ipcMain.handle.mock.calls.map(([c]) => c as string)
    expect(channels.sort()).toEqual([...INVOKE_CHANNELS].sort())
    expect(state.windows).toHaveLength(1)
    const win = state.windows[0] as {
      options: { webPreferences: Record<string, unknown> }
      loadURL: ReturnType<typeof vi.fn>
    }
    expect(win.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    })
    expect(String(win.options.webPreferences['preload'])).toMatch(/preload[\\/]index\.cjs$/)
    expect(win.loadURL).toHaveBeenCalledWith('app://marketplace/')
  })

  it('a second launch focuses the first window (restoring it when minimized)', async () => {
    await boot()
    const win = state.windows[0] as {
      minimized: boolean
      restore: ReturnType<typeof vi.fn>
      focus: ReturnType<typeof vi.fn>
    }
    win.minimized = true
    emit('second-instance')
    expect(win.restore).toHaveBeenCalled()
    expect(win.focus).toHaveBeenCalled()
    expect(state.windows).toHaveLength(1)
  })

  it('guards every webContents created later', async () => {
    await boot()
    const contents = new FakeWebContents()
    emit('web-contents-created', {}, contents)
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' })
    expect(contents.listenerCount('will-navigate')).toBe(1)
    expect(contents.listenerCount('will-redirect')).toBe(1)
  })

  it('quits when all windows are closed, except on macOS', async () => {
    const electron = await boot()
    Object.defineProperty(process, 'platform', { value: 'darwin' })
    emit('window-all-closed')
    expect(electron.app.quit).not.toHaveBeenCalled()
    Object.defineProperty(process, 'platform', { value: 'linux' })
    emit('window-all-closed')
    expect(electron.app.quit).toHaveBeenCalledTimes(1)
  })

  it('reopens the window on macOS activate when none is left', async () => {
    await boot()
    emit('activate')
    expect(state.windows).toHaveLength(1) // one window already: nothing new
    state.windows.length = 0
    emit('activate')
    expect(state.windows).toHaveLength(1)
  })
})

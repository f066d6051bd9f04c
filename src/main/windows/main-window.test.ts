import type { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => {
  const windows: Array<{ options: Record<string, unknown> }> = []
  return {
    windows,
    screen: {
      getPrimaryDisplay: () => ({ workAreaSize: { width: 1920, height: 1040 } }),
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    },
  }
})
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  class FakeBrowserWindow extends Emitter {
    options: Record<string, unknown>
    loadURL = vi.fn(async () => {})
    show = vi.fn()
    maximize = vi.fn()
    isMaximized = vi.fn(() => false)
    getNormalBounds = vi.fn(() => ({ x: 10, y: 20, width: 1300, height: 850 }))
    constructor(options: Record<string, unknown>) {
      super()
      this.options = options
      electron.windows.push(this)
    }
  }
  return { ...electron, BrowserWindow: FakeBrowserWindow }
})

import { createMainWindow, MAIN_WINDOW_SIZE, mainWindowWebPreferences, restorableBounds } from './main-window'
import type { WindowState } from '../services/settings'

function settings(saved?: WindowState) {
  return { windowState: vi.fn(() => saved), saveWindowState: vi.fn() }
}

type FakeWindow = EventEmitter & {
  options: Record<string, unknown>
  loadURL: ReturnType<typeof vi.fn>
  show: ReturnType<typeof vi.fn>
  maximize: ReturnType<typeof vi.fn>
}

beforeEach(() => {
  electron.windows.length = 0
})

describe('webPreferences', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security, no webview', () => {
    const prefs = mainWindowWebPreferences('/app/out/preload/index.cjs')
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })
})

describe('createMainWindow', () => {
  it('creates a hidden window titled 游侠易市 with a minimum size and secure preferences', () => {
    const s = settings()
    createMainWindow({
      preloadPath: '/p/index.cjs',
      url: 'app://marketplace/',
      settings: s,
      platform: 'win32',
    })
    const win = electron.windows[0] as unknown as FakeWindow
    expect(win.options).toMatchObject({
      title: '游侠易市',
      show: false,
      minWidth: MAIN_WINDOW_SIZE.minWidth,
      minHeight: MAIN_WINDOW_SIZE.minHeight,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        preload: '/p/index.cjs',
      },
    })
    expect(win.options).not.toHaveProperty('icon')
    expect(win.loadURL).toHaveBeenCalledWith('app://marketplace/')
  })

  it('shows the window once ready-to-show', () => {
    createMainWindow({ preloadPath: '/p', url: 'app://marketplace/', settings: settings() })
    const win = electron.windows[0] as unknown as FakeWindow
    expect(win.show).not.toHaveBeenCalled()
    win.emit('ready-to-show')
    expect(win.show).toHaveBeenCalledTimes(1)
  })

  it('restores saved bounds and the maximized state, and saves them on close', () => {
    const s = settings({ bounds: { x: 100, y: 50, width: 1400, height: 900 }, maximized: true })
    createMainWindow({
      preloadPath: '/p',
      url: 'app://marketplace/',
      settings: s,
      iconPath: '/r/icon.png',
      platform: 'linux',
    })
    const win = electron.windows[0] as unknown as FakeWindow
    expect(win.options).toMatchObject({ x: 100, y: 50, width: 1400, height: 900, icon: '/r/icon.png' })
    expect(win.maximize).toHaveBeenCalled()
    win.emit('close')
    expect(s.saveWindowState).toHaveBeenCalledWith({
      bounds: { x: 10, y: 20, width: 1300, height: 850 },
      maximized: false,
    })
  })
})

describe('restorableBounds', () => {
  it('forgets the position of a window on a display that is gone and clamps the size', () => {
    expect(
      restorableBounds({ bounds: { x: 5000, y: 5000, width: 5000, height: 300 }, maximized: false }),
    ).toEqual({
      width: 1920,
      height: MAIN_WINDOW_SIZE.minHeight,
    })
    expect(restorableBounds(undefined)).toEqual({})
  })
})

describe('close to tray', () => {
  it('hides instead of closing unless the app is quitting', () => {
    let quitting = false
    const onHidden = vi.fn()
    createMainWindow({
      preloadPath: '/p',
      url: 'app://marketplace/',
      settings: settings(),
      closeToTray: { isQuitting: () => quitting, onHidden },
    })
    const win = electron.windows[0] as unknown as FakeWindow & { hide: ReturnType<typeof vi.fn> }
    win.hide = vi.fn()
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true
      },
    }
    win.emit('close', event)
    expect(event.defaultPrevented).toBe(true)
    expect(win.hide).toHaveBeenCalled()
    expect(onHidden).toHaveBeenCalledTimes(1)
    quitting = true
    const last = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true
      },
    }
    win.emit('close', last)
    expect(last.defaultPrevented).toBe(false)
  })

  it('starts hidden when asked (start minimised to the tray)', () => {
    createMainWindow({
      preloadPath: '/p',
      url: 'app://marketplace/',
      settings: settings(),
      startHidden: true,
    })
    const win = electron.windows[0] as unknown as FakeWindow
    win.emit('ready-to-show')
    expect(win.show).not.toHaveBeenCalled()
  })

  it('keeps timers running in the background for live events', () => {
    expect(mainWindowWebPreferences('/p')).toMatchObject({ backgroundThrottling: false })
  })
})

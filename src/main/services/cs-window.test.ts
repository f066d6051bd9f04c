import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { WebContents } from 'electron'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import {
  FakeBrowserWindow,
  FakeWebContents,
  fakeElectron,
  navEvent,
  resetFakeElectron,
} from '../testing/fakes'
import { applyContentGuards, type GuardContext } from '../windows/guards'
import { isTrustedUrl } from '../windows/app-origin'
import { mainWindowWebPreferences } from '../windows/main-window'
import {
  createCustomerServiceWindows,
  CustomerServiceRequestError,
  customerServiceWindowUrl,
} from './cs-window'

const PRELOAD = '/app/out/preload/index.cjs'

beforeEach(() => resetFakeElectron())

function setup(entry = 'app://marketplace/') {
  const cs = createCustomerServiceWindows({ preloadPath: PRELOAD, entryUrl: () => entry, platform: 'win32' })
  return { cs, win: () => FakeBrowserWindow.windows.at(-1)! }
}

describe('the customer-service window (the built-in conversation)', () => {
  it('loads our own conversation route with the main window’s security and preload', () => {
    const { cs, win } = setup()
    expect(cs.open({ path: '/service/chat.html?orderNo=YX42' })).toBe('opened')
    const w = win()
    expect(w.options['webPreferences']).toEqual(mainWindowWebPreferences(PRELOAD))
    expect(w.options['webPreferences']).toMatchObject({
      preload: PRELOAD,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
    })
    // no partition of its own: it is our renderer (the old external page had one)
    expect(w.options['webPreferences']).not.toHaveProperty('partition')
    expect(w.options).toMatchObject({ title: '在线客服 - 游侠易市', width: 440, show: false })
    expect(w.loadURL).toHaveBeenCalledWith('app://marketplace/service/chat.html?orderNo=YX42')
    w.emit('ready-to-show')
    expect(w.visible).toBe(true)
    expect(cs.isCustomerService(w.webContents as never)).toBe(true)
    expect(cs.isCustomerService(new FakeWebContents() as never)).toBe(false)
  })

  it('is one window: focused when opened again, moved to a new attachment, created again after closing', () => {
    const { cs, win } = setup()
    cs.open({ path: '/service/chat.html' })
    const first = win()
    first.minimized = true
    expect(cs.open({ path: '/service/chat.html' })).toBe('focused')
    expect(FakeBrowserWindow.windows).toHaveLength(1)
    expect(first.restore).toHaveBeenCalled()
    expect(first.focus).toHaveBeenCalled()
    expect(first.loadURL).toHaveBeenCalledTimes(1)
    // opened from a listing now: the same window shows the conversation about it
    expect(cs.open({ path: '/service/chat.html?goodsId=7' })).toBe('focused')
    expect(first.loadURL).toHaveBeenLastCalledWith('app://marketplace/service/chat.html?goodsId=7')
    expect(FakeBrowserWindow.windows).toHaveLength(1)
    first.close()
    expect(cs.count).toBe(0)
    expect(cs.open({ path: '/service/chat.html' })).toBe('opened')
    expect(FakeBrowserWindow.windows).toHaveLength(2)
    cs.closeAll()
    expect(win().destroyed).toBe(true)
    expect(cs.count).toBe(0)
  })

  it('opens nothing but its own route (no outside page, no other route of the app)', () => {
    const { cs } = setup()
    for (const path of [
      'https://kefu.example.com/chat',
      'http://127.0.0.1:9000/chat',
      '//evil.example.com/service/chat.html',
      'javascript:alert(1)',
      '/userHome.html',
      '/service/chat.html?orderNo=',
      '/service/chat.html?orderNo=YX-1',
      '/service/chat.html?orderNo=YX1&goodsId=2',
      '/service/chat.html?preload=1',
      '/service/chat.html#x',
    ]) {
      expect(() => cs.open({ path }), path).toThrow(CustomerServiceRequestError)
    }
    expect(FakeBrowserWindow.windows).toHaveLength(0)
  })

  it('the global guards keep it on our origin; outside links go to the system browser', () => {
    const { cs, win } = setup()
    cs.open({ path: '/service/chat.html' })
    const contents = win().webContents
    const ctx: GuardContext = { isTrustedUrl, openExternal: vi.fn() }
    applyContentGuards(contents as unknown as WebContents, ctx)
    const inside = navEvent('app://marketplace/service/chat.html?orderNo=YX3')
    contents.emit('will-navigate', inside)
    expect(inside.defaultPrevented).toBe(false)
    const away = navEvent('https://kefu.example.com/chat')
    contents.emit('will-navigate', away)
    expect(away.defaultPrevented).toBe(true)
    expect(ctx.openExternal).toHaveBeenCalledWith('https://kefu.example.com/chat')
    expect(contents.windowOpenHandler?.({ url: 'https://kefu.example.com/popup' })).toEqual({
      action: 'deny',
    })
    // the default session's permission handlers (installed once in index.ts) apply: no partition of its own
    expect(fakeElectron.partitions.size).toBe(0)
  })

  it('follows the dev server in development', () => {
    expect(customerServiceWindowUrl('http://localhost:5173/', '/service/chat.html?disputeId=9')).toBe(
      'http://localhost:5173/service/chat.html?disputeId=9',
    )
  })
})

import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { WebContents } from 'electron'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import {
  FakeBrowserWindow,
  FakeWebContents,
  fakeElectron,
  navEvent,
  resetFakeElectron,
  type FakeSession,
} from '../testing/fakes'
import { applyContentGuards, type GuardContext } from '../windows/guards'
import { isTrustedUrl } from '../windows/app-origin'
import { CS_PARTITION, createCustomerServiceWindows, CustomerServiceRequestError } from './cs-window'

const URL_A = 'https://kefu.example.com/chat?customerId=yxys-web-001&userCode=U12345678'

beforeEach(() => resetFakeElectron())

function setup() {
  const cs = createCustomerServiceWindows({ iconPath: '/r/icon.png' })
  return { cs, win: () => FakeBrowserWindow.windows.at(-1)! }
}

describe('customer-service windows', () => {
  it('opens a sandboxed window without preload, in its own partition', () => {
    const { cs, win } = setup()
    expect(cs.open({ url: URL_A, conversationId: 'U12345678' })).toBe('opened')
    const w = win()
    const prefs = w.options['webPreferences'] as Record<string, unknown>
    expect(prefs).toMatchObject({
      partition: CS_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
    })
    expect(prefs).not.toHaveProperty('preload')
    expect(CS_PARTITION).not.toBe('')
    expect(w.options).toMatchObject({ title: '在线客服 - 游侠易市', show: false })
    expect(w.loadURL).toHaveBeenCalledWith(URL_A)
    expect(w.webContents.session?.partition).toBe(CS_PARTITION)
    w.emit('ready-to-show')
    expect(w.visible).toBe(true)
  })

  it('reuses the window of a conversation that is open', () => {
    const { cs, win } = setup()
    cs.open({ url: URL_A, conversationId: 'U1' })
    const first = win()
    first.minimized = true
    expect(cs.open({ url: URL_A, conversationId: 'U1' })).toBe('focused')
    expect(FakeBrowserWindow.windows).toHaveLength(1)
    expect(first.restore).toHaveBeenCalled()
    expect(first.focus).toHaveBeenCalled()
    expect(first.loadURL).toHaveBeenCalledTimes(1)
    // another conversation gets its own window; a closed one is opened again
    cs.open({ url: URL_A, conversationId: 'U2' })
    expect(FakeBrowserWindow.windows).toHaveLength(2)
    first.close()
    expect(cs.open({ url: URL_A, conversationId: 'U1' })).toBe('opened')
    expect(cs.count).toBe(2)
  })

  it('refuses addresses that are not https (loopback http for tests) and bad ids', () => {
    const { cs } = setup()
    for (const url of [
      'http://kefu.example.com/chat',
      'javascript:alert(1)',
      'file:///x',
      'https://u:p@k.example.com/',
      'app://marketplace/',
    ]) {
      expect(() => cs.open({ url, conversationId: 'U1' }), url).toThrow(CustomerServiceRequestError)
    }
    expect(() => cs.open({ url: URL_A, conversationId: '../x' })).toThrow(CustomerServiceRequestError)
    expect(cs.open({ url: 'http://127.0.0.1:9000/chat', conversationId: 'U1' })).toBe('opened')
    expect(FakeBrowserWindow.windows).toHaveLength(1)
  })

  it('its partition grants only notifications, only to the service origin, and no downloads', () => {
    const { cs, win } = setup()
    cs.open({ url: URL_A, conversationId: 'U1' })
    const contents = win().webContents
    const partition = fakeElectron.partitions.get(CS_PARTITION) as FakeSession
    expect(partition.request('notifications', 'https://kefu.example.com/chat', contents)).toBe(true)
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(partition.request(permission, 'https://kefu.example.com/chat', contents), permission).toBe(false)
    }
    expect(partition.request('notifications', 'https://ads.example.net/', contents)).toBe(false)
    expect(partition.request('notifications', 'https://kefu.example.com/', new FakeWebContents())).toBe(false)
    expect(partition.checkHandler?.(contents, 'notifications', 'https://kefu.example.com', {})).toBe(true)
    expect(partition.checkHandler?.(contents, 'media', 'https://kefu.example.com', {})).toBe(false)
    const download = navEvent('https://kefu.example.com/file.exe')
    partition.emit('will-download', download)
    expect(download.defaultPrevented).toBe(true)
    // the marketplace's default session is untouched
    expect(fakeElectron.session.defaultSession.setPermissionRequestHandler).not.toHaveBeenCalled()
  })

  it('the global guards limit its navigation to the service origin', () => {
    const { cs, win } = setup()
    cs.open({ url: URL_A, conversationId: 'U1' })
    const contents = win().webContents
    const ctx: GuardContext = {
      isTrustedUrl,
      openExternal: vi.fn(),
      restrictedOrigin: (c) => cs.restrictedOrigin(c),
    }
    applyContentGuards(contents as unknown as WebContents, ctx)
    const inside = navEvent('https://kefu.example.com/chat/next')
    contents.emit('will-navigate', inside)
    expect(inside.defaultPrevented).toBe(false)
    const app = navEvent('app://marketplace/userHome.html')
    contents.emit('will-navigate', app)
    expect(app.defaultPrevented).toBe(true)
    const away = navEvent('https://www.example.com/')
    contents.emit('will-navigate', away)
    expect(away.defaultPrevented).toBe(true)
    expect(ctx.openExternal).toHaveBeenCalledWith('https://www.example.com/')
    expect(contents.windowOpenHandler?.({ url: 'https://kefu.example.com/popup' })).toEqual({
      action: 'deny',
    })
    // the main window's webContents is not restricted
    expect(cs.restrictedOrigin(new FakeWebContents() as never)).toBeNull()
    win().close()
    expect(cs.restrictedOrigin(contents as never)).toBeNull()
  })

  it('follows the service when its address moved, and closes all windows', () => {
    const { cs, win } = setup()
    cs.open({ url: URL_A, conversationId: 'U1' })
    const w = win()
    cs.open({ url: 'https://im.example.org/chat?x=1', conversationId: 'U1' })
    expect(w.loadURL).toHaveBeenLastCalledWith('https://im.example.org/chat?x=1')
    expect(cs.restrictedOrigin(w.webContents as never)).toBe('https://im.example.org')
    cs.closeAll()
    expect(w.destroyed).toBe(true)
    expect(cs.count).toBe(0)
  })
})

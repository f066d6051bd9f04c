import { beforeEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS } from '@shared/ipc'
import { invokeEvent } from '../testing/fakes'

type Listener = (event: unknown, ...args: unknown[]) => Promise<unknown>
const electron = vi.hoisted(() => ({ app: { isPackaged: true }, ipcMain: { handle: vi.fn() } }))
vi.mock('electron', () => electron)
// electron-store would load the real 'electron' package natively; the memory vault never needs it
vi.mock('electron-store', () => ({ default: class {} }))

import { registerIpc, type IpcServices } from './register'
import { MemoryTokenVault } from '../services/token-vault'

const trusted = invokeEvent('app://marketplace/userHome.html')

const SETTINGS = {
  apiOrigin: 'http://localhost:8080',
  apiOriginFromEnvironment: false,
  notifications: {
    message: true,
    order: true,
    paid: true,
    delivered: true,
    bid: true,
    warrant: true,
    chat: true,
    ai: true,
    'saved-search': true,
    cs: true,
  },
  downloadDir: '/home/u/Downloads',
  askWhereToSave: false,
  startMinimized: false,
}

function setup(overrides: Partial<IpcServices> = {}) {
  electron.ipcMain.handle.mockClear()
  const services: IpcServices = {
    vault: new MemoryTokenVault(),
    apiOrigin: () => 'http://localhost:8080',
    appVersion: () => '0.1.0',
    openExternal: vi.fn(async () => {}),
    setBadge: vi.fn(),
    notify: vi.fn(() => true),
    startDownload: vi.fn(() => true),
    openCustomerService: vi.fn(() => 'opened' as const),
    settings: vi.fn(() => SETTINGS),
    updateSettings: vi.fn(() => ({ settings: SETTINGS, restartRequired: false })),
    chooseDownloadDir: vi.fn(async () => '/home/u/exports'),
    relaunch: vi.fn(),
    takePendingRoute: vi.fn(() => '/detail/1.html'),
    openInMain: vi.fn(),
    setWorkbenchCounts: vi.fn(),
    ...overrides,
  }
  registerIpc(services)
  const call = (channel: string, ...args: unknown[]): Promise<unknown> => {
    const entry = electron.ipcMain.handle.mock.calls.find(([c]) => c === channel)
    if (!entry) throw new Error(`${channel} not registered`)
    return (entry[1] as Listener)(trusted, ...args)
  }
  return { services, call }
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('registerIpc', () => {
  it('registers exactly the channels of INVOKE_CHANNELS, each once', () => {
    setup()
    const channels = electron.ipcMain.handle.mock.calls.map(([c]) => c as string)
    expect([...channels].sort()).toEqual([...INVOKE_CHANNELS].sort())
    expect(new Set(channels).size).toBe(channels.length)
  })

  it('keeps the token in the vault', async () => {
    const { call } = setup()
    await expect(call('token:get')).resolves.toBeNull()
    await call('token:set', 'eyJhbGciOi.abc.def')
    await expect(call('token:get')).resolves.toBe('eyJhbGciOi.abc.def')
    await call('token:clear')
    await expect(call('token:get')).resolves.toBeNull()
  })

  it('answers the API origin and the app version', async () => {
    const { call } = setup()
    await expect(call('config:get-api-origin')).resolves.toBe('http://localhost:8080')
    await expect(call('app:get-version')).resolves.toBe('0.1.0')
  })

  it('opens only allow-listed links and says false when it refuses', async () => {
    const { call, services } = setup()
    await expect(call('shell:open-external', 'https://www.example.com/help')).resolves.toBe(true)
    expect(services.openExternal).toHaveBeenCalledWith('https://www.example.com/help')
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ms-settings:',
      'not a url',
      'https://bank.example.com@evil.example/',
    ]) {
      await expect(call('shell:open-external', url)).resolves.toBe(false)
    }
    expect(services.openExternal).toHaveBeenCalledTimes(1)
  })

  it('says false when the system cannot open the link', async () => {
    const { call } = setup({ openExternal: vi.fn(async () => Promise.reject(new Error('no browser'))) })
    await expect(call('shell:open-external', 'https://example.com')).resolves.toBe(false)
  })

  it('sets the badge', async () => {
    const { call, services } = setup()
    await call('badge:set', 3)
    expect(services.setBadge).toHaveBeenCalledWith(3)
  })
})

describe('argument validation (the renderer is untrusted)', () => {
  it('refuses bad tokens', async () => {
    const { call } = setup()
    for (const bad of ['', 'x'.repeat(4097), 42, null, { token: 'x' }, 'a\r\nSet-Cookie: x']) {
      await expect(call('token:set', bad)).rejects.toThrow()
    }
    await expect(call('token:set', 'x'.repeat(4096))).resolves.toBeUndefined()
    await expect(call('token:set')).rejects.toThrow(/argument/)
  })

  it('refuses bad counts', async () => {
    const { call, services } = setup()
    for (const bad of [-1, 1.5, Number.NaN, Infinity, '3', null]) {
      await expect(call('badge:set', bad)).rejects.toThrow(/count/)
    }
    expect(services.setBadge).not.toHaveBeenCalled()
    await expect(call('badge:set', 0)).resolves.toBeUndefined()
  })

  it('refuses a URL that is not a string', async () => {
    const { call } = setup()
    for (const bad of [42, null, { href: 'https://x' }, '']) {
      await expect(call('shell:open-external', bad)).rejects.toThrow(/url/)
    }
  })

  it('refuses extra arguments on argument-less channels', async () => {
    const { call } = setup()
    await expect(call('token:get', 'extra')).rejects.toThrow(/argument/)
  })
})

describe('desktop channels', () => {
  const notification = {
    kind: 'order',
    title: '您出售的商品有新订单',
    body: '王者荣耀 V10，订单号 YX1',
    path: '/seller/sellOrder.html?orderNo=YX1',
  }

  it('passes a valid notification on and refuses bad ones', async () => {
    const { call, services } = setup()
    await expect(call('notify:show', notification)).resolves.toBe(true)
    expect(services.notify).toHaveBeenCalledWith(notification)
    for (const bad of [
      { ...notification, kind: 'spam' },
      { ...notification, path: 'https://evil.example/' },
      { ...notification, path: '//evil.example/x' },
      { ...notification, path: '/a/../../etc' },
      { ...notification, path: 'javascript:alert(1)' },
      { ...notification, title: '' },
      { ...notification, title: 'x'.repeat(65) },
      { ...notification, body: 'x'.repeat(257) },
      { ...notification, extra: 1 },
      'text',
      null,
    ]) {
      await expect(call('notify:show', bad), JSON.stringify(bad)).rejects.toThrow()
    }
    expect(services.notify).toHaveBeenCalledTimes(1)
  })

  it('starts downloads and opens customer service with checked arguments', async () => {
    const { call, services } = setup()
    const url = 'http://localhost:8080/api/common/download?fileName=a.csv&ticket=t'
    await expect(call('download:start', url)).resolves.toBe(true)
    expect(services.startDownload).toHaveBeenCalledWith(url)
    await expect(call('download:start', 42)).rejects.toThrow(/url/)

    const request = { path: '/service/chat.html?orderNo=YX12' }
    await expect(call('cs:open', request)).resolves.toBe('opened')
    expect(services.openCustomerService).toHaveBeenCalledWith(request)
    for (const bad of [
      { path: 'https://kefu.example.com/chat' },
      { path: 'file:///etc/passwd' },
      { path: '/userHome.html' },
      { path: '/service/chat.html?goodsId=x' },
      { url: 'https://kefu.example.com/chat', conversationId: 'U1' },
      { ...request, preload: '/tmp/x.js' },
      '/service/chat.html',
    ]) {
      await expect(call('cs:open', bad), JSON.stringify(bad)).rejects.toThrow()
    }
    expect(services.openCustomerService).toHaveBeenCalledTimes(1)
  })

  it('reads and writes settings, refusing unknown fields and wrong types', async () => {
    const { call, services } = setup()
    await expect(call('settings:get')).resolves.toEqual(SETTINGS)
    const patch = { apiOrigin: 'https://m.example.com', notifications: { bid: false }, startMinimized: true }
    await expect(call('settings:set', patch)).resolves.toEqual({ settings: SETTINGS, restartRequired: false })
    expect(services.updateSettings).toHaveBeenCalledWith(patch)
    for (const bad of [
      { notifications: { spam: true } },
      { notifications: { bid: 'no' } },
      { startMinimized: 'yes' },
      { apiOrigin: 42 },
      { token: 'x' },
      [],
    ]) {
      await expect(call('settings:set', bad), JSON.stringify(bad)).rejects.toThrow()
    }
    expect(services.updateSettings).toHaveBeenCalledTimes(1)
    await expect(call('settings:choose-download-dir')).resolves.toBe('/home/u/exports')
    await expect(call('nav:take-pending')).resolves.toBe('/detail/1.html')
    await call('app:relaunch')
    expect(services.relaunch).toHaveBeenCalled()
  })
})

describe('workbench channels', () => {
  it('opens an in-app route in the main window and refuses anything else', async () => {
    const { services, call } = setup()
    expect(await call('workbench:open-main', '/seller/sellOrder.html?status=PAID')).toBe(true)
    expect(services.openInMain).toHaveBeenCalledWith('/seller/sellOrder.html?status=PAID')
    for (const bad of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/a/../b', 3])
      await expect(call('workbench:open-main', bad)).rejects.toThrow()
    expect(services.openInMain).toHaveBeenCalledTimes(1)
  })

  it('passes checked counts to the tray', async () => {
    const { services, call } = setup()
    const counts = { toDeliver: 3, pendingBids: 2, unreadMessages: 5, unreadChats: null }
    await call('workbench:set-counts', counts)
    expect(services.setWorkbenchCounts).toHaveBeenCalledWith(counts)
    for (const bad of [
      { ...counts, toDeliver: -1 },
      { ...counts, pendingBids: 1.5 },
      { ...counts, extra: 1 },
      { toDeliver: 1 },
      'x',
    ])
      await expect(call('workbench:set-counts', bad)).rejects.toThrow()
    expect(services.setWorkbenchCounts).toHaveBeenCalledTimes(1)
  })
})

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

function setup(overrides: Partial<IpcServices> = {}) {
  electron.ipcMain.handle.mockClear()
  const services: IpcServices = {
    vault: new MemoryTokenVault(),
    apiOrigin: () => 'http://localhost:8080',
    appVersion: () => '0.1.0',
    openExternal: vi.fn(async () => {}),
    setBadge: vi.fn(),
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
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ms-settings:', 'not a url']) {
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

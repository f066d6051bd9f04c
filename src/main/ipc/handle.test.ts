import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeWebContents, invokeEvent } from '../testing/fakes'

type Listener = (event: unknown, ...args: unknown[]) => Promise<unknown>
const electron = vi.hoisted(() => ({
  app: { isPackaged: false },
  ipcMain: { handle: vi.fn() },
}))
vi.mock('electron', () => electron)

import { handle, isTrustedSender, send, UntrustedSenderError } from './handle'
import { noArgs, oneArg, parseToken } from './validate'
import type { WebContents } from 'electron'

function registered(channel: string): Listener {
  const call = electron.ipcMain.handle.mock.calls.find(([c]) => c === channel)
  if (!call) throw new Error(`${channel} not registered`)
  return call[1] as Listener
}

beforeEach(() => {
  electron.ipcMain.handle.mockClear()
  electron.app.isPackaged = false
  process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173'
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('sender check', () => {
  it('accepts the app origin and the dev server', () => {
    expect(isTrustedSender(invokeEvent('app://marketplace/login.html') as never)).toBe(true)
    expect(isTrustedSender(invokeEvent('http://localhost:5173/') as never)).toBe(true)
  })

  it('rejects a missing frame, other origins and file://', () => {
    expect(isTrustedSender(invokeEvent(null) as never)).toBe(false)
    expect(isTrustedSender({ senderFrame: undefined } as never)).toBe(false)
    expect(isTrustedSender(invokeEvent('https://evil.example/') as never)).toBe(false)
    expect(isTrustedSender(invokeEvent('file:///work/main/out/renderer/index.html') as never)).toBe(false)
    expect(isTrustedSender(invokeEvent('about:blank') as never)).toBe(false)
  })

  it('drops the dev server once packaged', () => {
    electron.app.isPackaged = true
    expect(isTrustedSender(invokeEvent('http://localhost:5173/') as never)).toBe(false)
    expect(isTrustedSender(invokeEvent('app://marketplace/') as never)).toBe(true)
  })
})

describe('handle()', () => {
  it('runs the handler for a trusted sender with parsed arguments', async () => {
    const run = vi.fn(async () => {})
    handle('token:set', { args: oneArg(parseToken), run })
    await expect(registered('token:set')(invokeEvent('app://marketplace/'), 'abc')).resolves.toBeUndefined()
    expect(run).toHaveBeenCalledWith('abc')
  })

  it('rejects untrusted senders without running the handler', async () => {
    const run = vi.fn(() => 'secret')
    handle('token:get', { args: noArgs, run: run as never })
    const listener = registered('token:get')
    for (const url of ['https://evil.example/', 'file:///tmp/x.html', null]) {
      await expect(listener(invokeEvent(url))).rejects.toBeInstanceOf(UntrustedSenderError)
    }
    expect(run).not.toHaveBeenCalled()
  })

  it('rejects arguments that do not parse', async () => {
    const run = vi.fn(async () => {})
    handle('token:set', { args: oneArg(parseToken), run })
    const listener = registered('token:set')
    await expect(listener(invokeEvent('app://marketplace/'), 42)).rejects.toThrow(/token/)
    await expect(listener(invokeEvent('app://marketplace/'))).rejects.toThrow(/argument/)
    expect(run).not.toHaveBeenCalled()
  })
})

describe('send()', () => {
  it('sends the payload on the channel, not to a destroyed webContents', () => {
    const contents = new FakeWebContents()
    send(contents as unknown as WebContents, 'nav:open', { path: '/userHome.html' })
    expect(contents.send).toHaveBeenCalledWith('nav:open', { path: '/userHome.html' })
    contents.destroyed = true
    send(contents as unknown as WebContents, 'nav:open', { path: '/' })
    expect(contents.send).toHaveBeenCalledTimes(1)
  })
})

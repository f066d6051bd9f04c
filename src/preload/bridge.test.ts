import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { EVENT_CHANNELS, INVOKE_CHANNELS, methodName } from '@shared/ipc'
import { buildDesktopBridge, type IpcRendererLike } from './bridge'

function fakeIpc() {
  const emitter = new EventEmitter()
  const ipc = {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ channel, args })),
    on: vi.fn((channel: string, fn: (...a: unknown[]) => void) => {
      emitter.on(channel, fn)
      return ipc
    }),
    removeListener: vi.fn((channel: string, fn: (...a: unknown[]) => void) => {
      emitter.removeListener(channel, fn)
      return ipc
    }),
  }
  /** what main's webContents.send looks like on the renderer side: (event, payload) */
  const fromMain = (channel: string, payload: unknown) =>
    emitter.emit(channel, { sender: 'IpcRenderer', senderId: 0 }, payload)
  return { ipc: ipc as unknown as IpcRendererLike & typeof ipc, emitter, fromMain }
}

describe('window.desktop bridge', () => {
  it('has one method per invoke channel, named by methodName, plus on and platform — nothing else', () => {
    const bridge = buildDesktopBridge(fakeIpc().ipc)
    const expected = [...INVOKE_CHANNELS.map((c) => methodName(c)), 'on', 'platform'].sort()
    expect(Object.keys(bridge).sort()).toEqual(expected)
    expect(bridge.platform).toBe('desktop')
    expect(methodName('config:get-api-origin')).toBe('configGetApiOrigin')
    expect(typeof bridge.configGetApiOrigin).toBe('function')
    expect(Object.isFrozen(bridge)).toBe(true)
  })

  it('each method invokes its own channel with the arguments', async () => {
    const { ipc } = fakeIpc()
    const bridge = buildDesktopBridge(ipc) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>
    for (const channel of INVOKE_CHANNELS) {
      await expect(bridge[methodName(channel)]?.('x')).resolves.toEqual({ channel, args: ['x'] })
    }
    expect(ipc.invoke).toHaveBeenCalledTimes(INVOKE_CHANNELS.length)
  })

  it('on() passes only the payload, never the IpcRendererEvent', () => {
    const { ipc, fromMain } = fakeIpc()
    const bridge = buildDesktopBridge(ipc)
    const listener = vi.fn()
    bridge.on('nav:open', listener)
    fromMain('nav:open', { path: '/userHome.html' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener.mock.calls[0]).toEqual([{ path: '/userHome.html' }])
  })

  it('on() returns an unsubscribe that removes exactly its listener, once', () => {
    const { ipc, emitter, fromMain } = fakeIpc()
    const bridge = buildDesktopBridge(ipc)
    const a = vi.fn()
    const b = vi.fn()
    const offA = bridge.on('nav:open', a)
    bridge.on('nav:open', b)
    offA()
    offA()
    fromMain('nav:open', { path: '/' })
    expect(a).not.toHaveBeenCalled()
    expect(b).toHaveBeenCalledTimes(1)
    expect(ipc.removeListener).toHaveBeenCalledTimes(1)
    expect(emitter.listenerCount('nav:open')).toBe(1)
  })

  it('on() refuses channels outside the event contract', () => {
    const bridge = buildDesktopBridge(fakeIpc().ipc)
    expect(EVENT_CHANNELS).toContain('nav:open')
    expect(() => bridge.on('token:get' as never, vi.fn())).toThrow(/unknown/)
    expect(() => bridge.on('nav:open', 'nope' as never)).toThrow(TypeError)
  })
})

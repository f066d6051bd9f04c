import { describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}))
vi.mock('electron', () => electron)

describe('preload entry', () => {
  it('exposes exactly one bridge, as window.desktop', async () => {
    await import('./index')
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      Record<string, unknown>,
    ]
    expect(key).toBe('desktop')
    expect(api['platform']).toBe('desktop')
    await (api['tokenGet'] as () => Promise<unknown>)()
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('token:get')
  })
})

/**
 * The renderer's desktop adapter (src/renderer/src/platform/desktop.ts) on top of this preload's
 * bridge — the whole renderer → preload → IPC path, with a fake main process answering.
 *
 * desktop.ts is imported through a computed specifier on purpose: it is a DOM file (tsconfig.web)
 * and a literal import would pull it into this node-side program's type check.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Platform } from '../renderer/src/platform/platform'
import { buildDesktopBridge } from './bridge'

type Main = Record<string, (...args: unknown[]) => unknown>

function installShell(main: Main) {
  const listeners = new Map<string, (event: unknown, payload: unknown) => void>()
  const ipc = {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => {
      const fn = main[channel]
      if (!fn) throw new Error(`no handler for ${channel}`)
      return fn(...args)
    }),
    on: vi.fn(
      (channel: string, fn: (event: unknown, payload: unknown) => void) => void listeners.set(channel, fn),
    ),
    removeListener: vi.fn((channel: string) => void listeners.delete(channel)),
  }
  const clicked: Array<{ href: string; download: string }> = []
  const body = { appendChild: vi.fn() }
  vi.stubGlobal('window', { desktop: buildDesktopBridge(ipc as never) })
  vi.stubGlobal('document', {
    body,
    createElement: () => {
      const a = {
        href: '',
        download: '',
        rel: '',
        style: {} as Record<string, string>,
        click: () => clicked.push({ href: a.href, download: a.download }),
        remove: vi.fn(),
      }
      return a
    },
  })
  return {
    ipc,
    clicked,
    emit: (channel: string, payload: unknown) => listeners.get(channel)?.({ sender: {} }, payload),
  }
}

async function loadDesktop(): Promise<Platform> {
  vi.resetModules()
  const specifier = '../renderer/src/platform/desktop'
  return ((await import(/* @vite-ignore */ specifier)) as { default: Platform }).default
}

let vault: string | null
let main: Main
beforeEach(() => {
  vi.unstubAllGlobals()
  vault = 'stored-token'
  main = {
    'config:get-api-origin': () => 'https://api.example.com',
    'token:get': () => vault,
    'token:set': (t) => void (vault = t as string),
    'token:clear': () => void (vault = null),
    'shell:open-external': vi.fn(() => true),
    'badge:set': vi.fn(),
    'download:start': vi.fn(() => true),
    'notify:show': vi.fn(() => true),
    'cs:open': vi.fn(() => 'opened'),
    'nav:take-pending': vi.fn(() => null),
    'settings:get': vi.fn(() => ({ apiOrigin: 'https://api.example.com' })),
    'settings:set': vi.fn(() => ({ restartRequired: true })),
    'settings:choose-download-dir': vi.fn(() => '/home/u/exports'),
    'app:relaunch': vi.fn(),
    'app:get-version': vi.fn(() => '0.1.0'),
    'workbench:open-main': vi.fn(() => true),
    'workbench:set-counts': vi.fn(),
  }
})

describe('desktop platform adapter', () => {
  it("is the desktop kind and builds the API base from main's origin after init", async () => {
    installShell(main)
    const platform = await loadDesktop()
    expect(platform.kind).toBe('desktop')
    expect(platform.apiBaseUrl()).toBe('http://localhost:8080/api') // the default before init
    await platform.init()
    expect(platform.apiBaseUrl()).toBe('https://api.example.com/api')
  })

  it('keeps the token in memory, loaded from and written through to main', async () => {
    const { ipc } = installShell(main)
    const platform = await loadDesktop()
    expect(platform.getToken()).toBeUndefined()
    await platform.init()
    expect(platform.getToken()).toBe('stored-token')

    await platform.setToken('new-token')
    expect(platform.getToken()).toBe('new-token')
    expect(vault).toBe('new-token')

    ipc.invoke.mockClear()
    expect(platform.getToken()).toBe('new-token') // synchronous, no IPC
    expect(ipc.invoke).not.toHaveBeenCalled()

    await platform.clearToken()
    expect(platform.getToken()).toBeUndefined()
    expect(vault).toBeNull()
  })

  it('maps a missing token to undefined', async () => {
    vault = null
    installShell(main)
    const platform = await loadDesktop()
    await platform.init()
    expect(platform.getToken()).toBeUndefined()
  })

  it('opens links and sets the badge through main', async () => {
    installShell(main)
    const platform = await loadDesktop()
    platform.openExternal('https://example.com/help')
    platform.setBadge(4)
    platform.setBadge(-2.5)
    await new Promise((r) => setTimeout(r, 0))
    expect(main['shell:open-external']).toHaveBeenCalledWith('https://example.com/help')
    expect(vi.mocked(main['badge:set']!).mock.calls).toEqual([[4], [0]])
  })

  it('subscribes to nav:open and unsubscribes', async () => {
    const { emit, ipc } = installShell(main)
    const platform = await loadDesktop()
    const seen: string[] = []
    const off = platform.onNavigate((path) => seen.push(path))
    emit('nav:open', { path: '/warrantOrderHandler.html' })
    off()
    expect(seen).toEqual(['/warrantOrderHandler.html'])
    expect(ipc.removeListener).toHaveBeenCalledWith('nav:open', expect.any(Function))
  })

  it('downloads through the main-process download manager, never an anchor', async () => {
    const { clicked } = installShell(main)
    const platform = await loadDesktop()
    await platform.init()
    platform.download('/api/common/download?fileName=a.csv&delete=true&ticket=t1', 'a.csv')
    await new Promise((r) => setTimeout(r, 0))
    expect(main['download:start']).toHaveBeenCalledWith(
      'https://api.example.com/api/common/download?fileName=a.csv&delete=true&ticket=t1',
    )
    expect(clicked).toEqual([])
  })

  it('shows notifications and opens customer service through main', async () => {
    installShell(main)
    const platform = await loadDesktop()
    const n = { kind: 'order' as const, title: '新订单', body: 'YX1', path: '/seller/sellOrder.html' }
    platform.notify(n)
    await expect(platform.openCustomerService({ path: '/service/chat.html?orderNo=YX3' })).resolves.toBe(
      'opened',
    )
    expect(main['notify:show']).toHaveBeenCalledWith(n)
    expect(main['cs:open']).toHaveBeenCalledWith({ path: '/service/chat.html?orderNo=YX3' })
  })

  it('gives the workbench its channels; the workbench window leaves notifications to the main one', async () => {
    installShell(main)
    const platform = await loadDesktop()
    await expect(platform.workbench!.openInMain('/seller/sellOrder.html?status=PAID')).resolves.toBe(true)
    expect(main['workbench:open-main']).toHaveBeenCalledWith('/seller/sellOrder.html?status=PAID')
    const counts = { toDeliver: 1, pendingBids: 2, unreadMessages: 3, unreadChats: null }
    platform.workbench!.setCounts(counts)
    await vi.waitFor(() => expect(main['workbench:set-counts']).toHaveBeenCalledWith(counts))
    vi.stubGlobal('location', { pathname: '/desktop/workbench' })
    platform.notify({ kind: 'order', title: '新订单', body: 'YX1', path: '/seller/sellOrder.html' })
    await Promise.resolve()
    expect(main['notify:show']).not.toHaveBeenCalled()
  })

  it('hands over a route asked for before it listened (deep link at launch)', async () => {
    vi.mocked(main['nav:take-pending']!).mockReturnValueOnce('/detail/123.html')
    installShell(main)
    const platform = await loadDesktop()
    const seen: string[] = []
    platform.onNavigate((path) => seen.push(path))
    await new Promise((r) => setTimeout(r, 0))
    expect(seen).toEqual(['/detail/123.html'])
  })

  it('gives the settings dialog its channels and the settings:open event', async () => {
    const { emit } = installShell(main)
    const platform = await loadDesktop()
    await platform.init()
    const api = platform.desktopSettings!
    await expect(api.get()).resolves.toEqual({ apiOrigin: 'https://api.example.com' })
    await expect(api.save({ startMinimized: true })).resolves.toEqual({ restartRequired: true })
    await expect(api.chooseDownloadDir()).resolves.toBe('/home/u/exports')
    await expect(api.version()).resolves.toBe('0.1.0')
    await api.relaunch()
    expect(main['settings:set']).toHaveBeenCalledWith({ startMinimized: true })
    expect(main['app:relaunch']).toHaveBeenCalled()
    const opened = vi.fn()
    const off = api.onOpen(opened)
    emit('settings:open', {})
    off()
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it('keeps a settings:open that arrives before the (lazy) dialog listens', async () => {
    const { emit } = installShell(main)
    const platform = await loadDesktop()
    await platform.init()
    emit('settings:open', {})
    const opened = vi.fn()
    const off = platform.desktopSettings!.onOpen(opened)
    expect(opened).toHaveBeenCalledTimes(1)
    emit('settings:open', {})
    expect(opened).toHaveBeenCalledTimes(2)
    off()
    emit('settings:open', {})
    expect(opened).toHaveBeenCalledTimes(2)
  })

  it('says clearly when the preload is missing', async () => {
    vi.stubGlobal('window', {})
    const platform = await loadDesktop()
    await expect(platform.init()).rejects.toThrow(/window\.desktop/)
  })
})

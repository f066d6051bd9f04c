/** App lifecycle of index.ts, with Electron faked (the binary is not available to unit tests). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS } from '@shared/ipc'
import { findItem, type FakeElectron, type MenuItemLike } from './testing/fakes'
import type * as TokenVaultModule from './services/token-vault'

vi.mock('electron', async () => (await import('./testing/fakes')).fakeElectron)
vi.mock('electron-store', () => ({ default: class {} }))

const h = vi.hoisted(() => ({
  startMinimized: false,
  wasReset: false,
  shown: new Set<string>(),
}))

vi.mock('./services/settings', () => ({
  SettingsError: class extends Error {},
  createSettings: () => ({
    wasReset: h.wasReset,
    apiOrigin: () => 'http://localhost:8080',
    windowState: () => undefined,
    saveWindowState: vi.fn(),
    notificationsEnabled: () => true,
    downloadDir: () => undefined,
    askWhereToSave: () => false,
    startMinimized: () => h.startMinimized,
    firstTime: (id: string) => (h.shown.has(id) ? false : (h.shown.add(id), true)),
    view: () => ({}),
    update: () => ({}),
  }),
}))
vi.mock('./services/token-vault', async () => {
  const actual = await vi.importActual<typeof TokenVaultModule>('./services/token-vault')
  return { ...actual, createTokenVault: async () => new actual.MemoryTokenVault() }
})
vi.mock('./services/updater', () => ({ checkForUpdates: vi.fn(async () => 'skipped') }))

type Listener = (event: unknown, ...args: unknown[]) => unknown

let electron: FakeElectron
/** the fake's classes, reached through the mocked module (vi.resetModules keeps mocked modules) */
let fakes: {
  FakeBrowserWindow: FakeElectron['BrowserWindow']
  FakeTray: FakeElectron['Tray']
  FakeNotification: FakeElectron['Notification']
  FakeWebContents: FakeElectron['FakeWebContents']
  navEvent: FakeElectron['navEvent']
}
const argv = process.argv

async function boot(opts: { lock?: boolean; argv?: string[] } = {}) {
  vi.resetModules()
  electron = (await import('electron')) as unknown as FakeElectron
  electron.reset()
  fakes = {
    FakeBrowserWindow: electron.BrowserWindow,
    FakeTray: electron.Tray,
    FakeNotification: electron.Notification,
    FakeWebContents: electron.FakeWebContents,
    navEvent: electron.navEvent,
  }
  electron.app.requestSingleInstanceLock.mockReturnValue(opts.lock ?? true)
  process.argv = opts.argv ?? ['/usr/bin/electron', '.']
  await import('./index')
  for (let i = 0; i < 10; i++) await Promise.resolve()
  await new Promise((r) => setTimeout(r, 0))
}

function emit(event: string, ...args: unknown[]): void {
  electron.app.listeners.emit(event, ...args)
}

/** call an IPC channel as the renderer would */
function invoke(channel: string, ...args: unknown[]): Promise<unknown> {
  const entry = electron.ipcMain.handle.mock.calls.find(([c]) => c === channel)
  if (!entry) throw new Error(`${channel} not registered`)
  return Promise.resolve((entry[1] as Listener)({ senderFrame: { url: 'app://marketplace/' } }, ...args))
}

const mainWindow = () => fakes.FakeBrowserWindow.windows[0]!

beforeEach(() => {
  h.startMinimized = false
  h.wasReset = false
  h.shown.clear()
  vi.spyOn(console, 'info').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  process.argv = argv
  vi.restoreAllMocks()
})

describe('main process lifecycle', () => {
  it('registers the app scheme and enables the sandbox before ready', async () => {
    await boot()
    const order = (fn: { mock: { invocationCallOrder: number[] } }) => fn.mock.invocationCallOrder[0]!
    expect(order(electron.protocol.registerSchemesAsPrivileged)).toBeLessThan(order(electron.app.whenReady))
    expect(order(electron.app.enableSandbox)).toBeLessThan(order(electron.app.whenReady))
  })

  it('a second instance quits at once and does nothing else', async () => {
    await boot({ lock: false })
    expect(electron.app.quit).toHaveBeenCalled()
    expect(electron.app.whenReady).not.toHaveBeenCalled()
    expect(fakes.FakeBrowserWindow.windows).toHaveLength(0)
  })

  it('on ready: denies permissions, serves app://, registers every IPC channel, opens the window', async () => {
    await boot()
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled()
    expect(electron.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled()
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
    const channels = electron.ipcMain.handle.mock.calls.map(([c]) => c as string)
    expect(channels.sort()).toEqual([...INVOKE_CHANNELS].sort())
    expect(fakes.FakeBrowserWindow.windows).toHaveLength(1)
    const win = mainWindow()
    expect(win.options['webPreferences']).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    })
    expect(String((win.options['webPreferences'] as Record<string, unknown>)['preload'])).toMatch(
      /preload[\\/]index\.cjs$/,
    )
    expect(win.loadURL).toHaveBeenCalledWith('app://marketplace/')
    expect(electron.session.defaultSession.listenerCount('will-download')).toBe(1)
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalled()
  })

  it('has a tray with the Chinese menu; the tooltip follows the badge', async () => {
    await boot()
    const tray = fakes.FakeTray.instances[0]!
    expect(tray.menu!.template.filter((i) => i.label).map((i) => i.label)).toEqual([
      '打开',
      '卖家工作台',
      '消息中心',
      '我卖出的',
      '设置',
      '退出',
    ])
    await invoke('badge:set', 4)
    expect(tray.tooltip).toBe('游侠易市 - 4 条未读消息')
  })

  it('closing the window keeps the app in the tray, with a notice the first time; 退出 quits', async () => {
    await boot()
    const win = mainWindow()
    win.close()
    expect(win.destroyed).toBe(false)
    expect(win.hide).toHaveBeenCalled()
    expect(fakes.FakeNotification.instances).toHaveLength(1)
    expect(fakes.FakeNotification.instances[0]!.options['title']).toBe('游侠易市仍在运行')
    win.close()
    expect(fakes.FakeNotification.instances).toHaveLength(1) // only the first time
    fakes.FakeTray.instances[0]!.item('退出')!.click!()
    expect(electron.app.quit).toHaveBeenCalled()
    win.close()
    expect(win.destroyed).toBe(true)
  })

  it('tray 消息中心 shows the window and opens the route once the renderer listens', async () => {
    await boot()
    const win = mainWindow()
    win.visible = false
    fakes.FakeTray.instances[0]!.item('消息中心')!.click!()
    expect(win.show).toHaveBeenCalled()
    // the renderer had not asked yet: the route waits for it
    expect(win.webContents.send).not.toHaveBeenCalled()
    await expect(invoke('nav:take-pending')).resolves.toBe('/message/userMessage.html')
    await expect(invoke('nav:take-pending')).resolves.toBeNull()
    fakes.FakeTray.instances[0]!.item('我卖出的')!.click!()
    expect(win.webContents.send).toHaveBeenCalledWith('nav:open', { path: '/seller/sellOrder.html' })
    fakes.FakeTray.instances[0]!.item('设置')!.click!()
    expect(win.webContents.send).toHaveBeenCalledWith('settings:open', {})
  })

  it('tray 卖家工作台 opens one workbench window as locked down as the main window', async () => {
    await boot()
    const tray = fakes.FakeTray.instances[0]!
    tray.item('卖家工作台')!.click!()
    expect(fakes.FakeBrowserWindow.windows).toHaveLength(2)
    const bench = fakes.FakeBrowserWindow.windows[1]!
    expect(bench.options['webPreferences']).toEqual(mainWindow().options['webPreferences'])
    expect(bench.options['webPreferences']).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
    })
    expect(bench.options['title']).toBe('卖家工作台')
    expect(bench.loadURL).toHaveBeenCalledWith('app://marketplace/desktop/workbench')
    // the guards of every webContents apply to it too
    emit('web-contents-created', {}, bench.webContents)
    const away = fakes.navEvent('https://evil.example/')
    bench.webContents.emit('will-navigate', away)
    expect(away.defaultPrevented).toBe(true)
    expect(bench.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    })
    // a second click focuses it (one workbench); the app menu opens the same one
    tray.item('卖家工作台')!.click!()
    const menu = electron.Menu.setApplicationMenu.mock.calls.at(-1)![0] as { template: MenuItemLike[] }
    findItem(menu.template, '卖家工作台')!.click!()
    expect(fakes.FakeBrowserWindow.windows).toHaveLength(2)
    expect(bench.focus).toHaveBeenCalledTimes(2)
    // 去发货 shows the MAIN window on the delivery page; the counts reach the tray menu
    await invoke('nav:take-pending')
    await expect(invoke('workbench:open-main', '/seller/sellOrder.html?status=PAID')).resolves.toBe(true)
    expect(mainWindow().show).toHaveBeenCalled()
    expect(mainWindow().webContents.send).toHaveBeenCalledWith('nav:open', {
      path: '/seller/sellOrder.html?status=PAID',
    })
    expect(bench.webContents.send).not.toHaveBeenCalled()
    await invoke('workbench:set-counts', {
      toDeliver: 2,
      pendingBids: 1,
      unreadMessages: 0,
      unreadChats: null,
    })
    expect(tray.item('待发货（2）')).toBeTruthy()
    expect(tray.item('待处理出价（1）')).toBeTruthy()
    // quitting closes it
    emit('will-quit')
    expect(bench.destroyed).toBe(true)
  })

  it('a notification click focuses the window and opens its route', async () => {
    await boot()
    await invoke('nav:take-pending')
    await invoke('notify:show', {
      kind: 'paid',
      title: '买家已付款，请尽快发货',
      body: '订单号 YX1',
      path: '/seller/sellOrder.html?orderNo=YX1',
    })
    const n = fakes.FakeNotification.instances.at(-1)!
    n.emit('click')
    expect(mainWindow().focus).toHaveBeenCalled()
    expect(mainWindow().webContents.send).toHaveBeenCalledWith('nav:open', {
      path: '/seller/sellOrder.html?orderNo=YX1',
    })
  })

  it('a deep link at launch waits for the renderer; a second launch with one opens it', async () => {
    await boot({ argv: ['/opt/youxi/youxi-market', 'youxi-market://detail/123'] })
    await expect(invoke('nav:take-pending')).resolves.toBe('/detail/123.html')
    const win = mainWindow()
    win.minimized = true
    emit('second-instance', {}, ['/opt/youxi/youxi-market', 'youxi-market://shop/9'], '/')
    expect(win.restore).toHaveBeenCalled()
    expect(win.webContents.send).toHaveBeenCalledWith('nav:open', { path: '/shop/9.html' })
    emit('second-instance', {}, ['/opt/youxi/youxi-market', 'youxi-market://evil/1'], '/')
    expect(win.webContents.send).toHaveBeenCalledTimes(1)
    expect(fakes.FakeBrowserWindow.windows).toHaveLength(1)
  })

  it('macOS open-url opens the route', async () => {
    await boot()
    await invoke('nav:take-pending')
    const event = fakes.navEvent('')
    emit('open-url', event, 'youxi-market://messages')
    expect(event.defaultPrevented).toBe(true)
    expect(mainWindow().webContents.send).toHaveBeenCalledWith('nav:open', {
      path: '/message/userMessage.html',
    })
  })

  it('starts hidden in the tray when the settings say so', async () => {
    h.startMinimized = true
    await boot()
    mainWindow().emit('ready-to-show')
    expect(mainWindow().show).not.toHaveBeenCalled()
  })

  it('tells the user once when the settings were reset', async () => {
    h.wasReset = true
    await boot()
    const [, options] = electron.dialog.showMessageBox.mock.calls[0] as [unknown, { title: string }]
    expect(options.title).toBe('设置已重置')
  })

  it('tells the user once that a token kept in memory is lost at exit', async () => {
    await boot()
    await invoke('token:set', 'abc')
    await invoke('token:set', 'def')
    const titles = electron.dialog.showMessageBox.mock.calls.map((c) => (c.at(-1) as { title: string }).title)
    expect(titles).toEqual(['登录状态不会被保存'])
  })

  it('guards every webContents created later; the customer-service window is our own route', async () => {
    await boot()
    const contents = new fakes.FakeWebContents()
    emit('web-contents-created', {}, contents)
    expect(contents.windowOpenHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' })
    expect(contents.listenerCount('will-navigate')).toBe(1)

    await invoke('cs:open', { path: '/service/chat.html?orderNo=YX1' })
    const cs = fakes.FakeBrowserWindow.windows.at(-1)!
    expect(cs.loadURL).toHaveBeenCalledWith(expect.stringMatching(/\/service\/chat\.html\?orderNo=YX1$/))
    expect(cs.options['webPreferences']).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    })
    emit('web-contents-created', {}, cs.webContents)
    const outside = fakes.navEvent('https://kefu.example.com/chat/2')
    cs.webContents.emit('will-navigate', outside)
    expect(outside.defaultPrevented).toBe(true)
    await expect(
      invoke('cs:open', { url: 'https://kefu.example.com/chat', conversationId: 'U1' }),
    ).rejects.toThrow()
  })

  it('a support reply’s notification opens the customer-service window, not the main window', async () => {
    await boot()
    const before = fakes.FakeBrowserWindow.windows.length
    await invoke('notify:show', {
      kind: 'cs',
      title: '在线客服回复了您',
      body: '小美：您好',
      path: '/service/chat.html?conversationId=3',
    })
    await invoke('nav:take-pending')
    const shown = fakes.FakeNotification.instances.at(-1)!
    shown.emit('click')
    const cs = fakes.FakeBrowserWindow.windows.at(-1)!
    expect(fakes.FakeBrowserWindow.windows.length).toBe(before + 1)
    expect(cs.loadURL).toHaveBeenCalledWith(expect.stringMatching(/\/service\/chat\.html$/))
    expect(mainWindow().webContents.send).not.toHaveBeenCalledWith('nav:open', expect.anything())
  })

  it('downloads through the main window and the download manager', async () => {
    await boot()
    const url = 'http://localhost:8080/api/common/download?fileName=a.csv&delete=true&ticket=t'
    await expect(invoke('download:start', url)).resolves.toBe(true)
    expect(mainWindow().webContents.downloadURL).toHaveBeenCalledWith(url)
    await expect(invoke('download:start', 'https://evil.example/x.exe')).resolves.toBe(false)
  })

  it('quits when all windows are closed, except on macOS; activate shows the window', async () => {
    await boot()
    const real = process.platform
    try {
      Object.defineProperty(process, 'platform', { value: 'darwin' })
      emit('window-all-closed')
      expect(electron.app.quit).not.toHaveBeenCalled()
      Object.defineProperty(process, 'platform', { value: 'linux' })
      emit('window-all-closed')
      expect(electron.app.quit).toHaveBeenCalledTimes(1)
    } finally {
      Object.defineProperty(process, 'platform', { value: real })
    }
    mainWindow().visible = false
    emit('activate')
    expect(mainWindow().visible).toBe(true)
  })
})

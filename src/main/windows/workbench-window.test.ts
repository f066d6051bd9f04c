import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import { FakeBrowserWindow, resetFakeElectron } from '../testing/fakes'
import { mainWindowWebPreferences } from './main-window'
import { createWorkbenchWindows, workbenchUrl } from './workbench-window'

beforeEach(() => resetFakeElectron())

const setup = (entry = 'app://marketplace/') =>
  createWorkbenchWindows({
    preloadPath: '/app/out/preload/index.cjs',
    entryUrl: () => entry,
    platform: 'win32',
  })

describe('workbench window', () => {
  it('has the main window security options and preload, and loads the workbench route', () => {
    const bench = setup()
    const win = bench.open() as unknown as FakeBrowserWindow
    expect(win.options['webPreferences']).toEqual(mainWindowWebPreferences('/app/out/preload/index.cjs'))
    expect(win.options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    })
    expect(win.options).toMatchObject({ title: '卖家工作台', width: 380, show: false })
    expect(win.loadURL).toHaveBeenCalledWith('app://marketplace/desktop/workbench')
    win.emit('ready-to-show')
    expect(win.visible).toBe(true)
    expect(bench.isWorkbench(win.webContents as never)).toBe(true)
  })

  it('is opened once, focused afterwards, and created again after it was closed', () => {
    const bench = setup()
    const first = bench.open() as unknown as FakeBrowserWindow
    first.minimized = true
    expect(bench.open()).toBe(first)
    expect(first.restore).toHaveBeenCalled()
    expect(first.focus).toHaveBeenCalled()
    expect(FakeBrowserWindow.windows).toHaveLength(1)
    first.close()
    const second = bench.open() as unknown as FakeBrowserWindow
    expect(second).not.toBe(first)
    expect(bench.isWorkbench(first.webContents as never)).toBe(false)
    bench.close()
    expect(second.destroyed).toBe(true)
  })

  it('follows the dev server in development', () => {
    expect(workbenchUrl('http://localhost:5173/')).toBe('http://localhost:5173/desktop/workbench')
  })
})

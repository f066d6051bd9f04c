import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import { fakeElectron, findItem, resetFakeElectron, type MenuItemLike } from '../testing/fakes'
import { aboutDetail, appMenuTemplate, installAppMenu, showAbout } from './app-menu'

beforeEach(() => resetFakeElectron())

const actions = () => ({
  navigate: vi.fn(),
  openWorkbench: vi.fn(),
  openSettings: vi.fn(),
  about: vi.fn(),
  quit: vi.fn(),
})
const labels = (items: MenuItemLike[]) => items.map((i) => i.label)

describe('app menu', () => {
  it('is Chinese on Windows/Linux, with settings, about and quit', () => {
    const a = actions()
    const menu = appMenuTemplate(a, { platform: 'win32', isPackaged: true }) as MenuItemLike[]
    expect(labels(menu)).toEqual(['文件', '编辑', '视图', '前往', '窗口', '帮助'])
    findItem(menu, '设置…')!.click!()
    findItem(menu, '关于游侠易市')!.click!()
    findItem(menu, '退出')!.click!()
    findItem(menu, '消息中心')!.click!()
    findItem(menu, '我卖出的')!.click!()
    expect(a.openSettings).toHaveBeenCalled()
    expect(a.about).toHaveBeenCalled()
    expect(a.quit).toHaveBeenCalled()
    expect(a.navigate.mock.calls).toEqual([['/message/userMessage.html'], ['/seller/sellOrder.html']])
    expect(findItem(menu, '开发者工具')).toBeUndefined()
    // the workbench window opens from 窗口
    findItem(menu, '卖家工作台')!.click!()
    expect(a.openWorkbench).toHaveBeenCalledTimes(1)
  })

  it('has the app menu first on macOS and developer tools in development', () => {
    const menu = appMenuTemplate(actions(), { platform: 'darwin', isPackaged: false }) as MenuItemLike[]
    expect(menu[0]!.label).toBe('游侠易市')
    expect(labels(menu[0]!.submenu!)).toContain('退出游侠易市')
    expect(findItem(menu, '开发者工具')).toBeDefined()
  })

  it('installs the menu', () => {
    installAppMenu(actions(), { platform: 'linux', isPackaged: true })
    expect(fakeElectron.Menu.setApplicationMenu).toHaveBeenCalledTimes(1)
  })

  it('the about dialog shows the version', async () => {
    await showAbout(null, '1.2.3')
    const options = fakeElectron.dialog.showMessageBox.mock.calls[0]![0] as unknown as Record<string, string>
    expect(options['title']).toBe('关于游侠易市')
    expect(options['message']).toBe('游侠易市 1.2.3')
    expect(aboutDetail({ app: '1.2.3', electron: '45.4.1' })).toMatch(/^版本 1\.2\.3\nElectron 45\.4\.1/)
  })
})

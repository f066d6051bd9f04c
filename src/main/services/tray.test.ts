import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import { FakeTray, resetFakeElectron } from '../testing/fakes'
import { createTray, TRAY_LABELS, trayTooltip } from './tray'

beforeEach(() => resetFakeElectron())

function setup(platform: NodeJS.Platform = 'win32') {
  const actions = {
    open: vi.fn(),
    navigate: vi.fn(),
    openWorkbench: vi.fn(),
    openSettings: vi.fn(),
    quit: vi.fn(),
  }
  const tray = createTray({ iconPath: '/r/tray-icon.png', actions, platform })
  return { actions, tray, fake: FakeTray.instances[0]! }
}

describe('tray', () => {
  it('has the Chinese menu in order and each entry does its job', () => {
    const { actions, fake } = setup()
    const labels = fake.menu!.template.filter((i) => i.label).map((i) => i.label)
    expect(labels).toEqual(['打开', '卖家工作台', '消息中心', '我卖出的', '设置', '退出'])
    fake.item(TRAY_LABELS.open)!.click!()
    fake.item(TRAY_LABELS.workbench)!.click!()
    fake.item(TRAY_LABELS.messages)!.click!()
    fake.item(TRAY_LABELS.sold)!.click!()
    fake.item(TRAY_LABELS.settings)!.click!()
    fake.item(TRAY_LABELS.quit)!.click!()
    expect(actions.open).toHaveBeenCalledTimes(1)
    expect(actions.navigate.mock.calls).toEqual([['/message/userMessage.html'], ['/seller/sellOrder.html']])
    expect(actions.openWorkbench).toHaveBeenCalledTimes(1)
    expect(actions.openSettings).toHaveBeenCalledTimes(1)
    expect(actions.quit).toHaveBeenCalledTimes(1)
  })

  it('shows the seller counts in the menu and tooltip; each line opens its page', () => {
    const { actions, tray, fake } = setup()
    tray.setUnread(1)
    tray.setCounts({ toDeliver: 3, pendingBids: 120, unreadMessages: 5, unreadChats: null })
    const labels = fake.menu!.template.filter((i) => i.label).map((i) => i.label)
    expect(labels).toEqual([
      '打开',
      '卖家工作台',
      '待发货（3）',
      '待处理出价（99+）',
      '消息中心（5）',
      '我卖出的',
      '设置',
      '退出',
    ])
    expect(fake.tooltip).toBe('游侠易市 - 1 条未读消息，3 笔订单待发货，120 个出价待处理')
    fake.item('待发货（3）')!.click!()
    fake.item('待处理出价（99+）')!.click!()
    fake.item('消息中心（5）')!.click!()
    expect(actions.navigate.mock.calls).toEqual([
      ['/seller/sellOrder.html?status=PAID'],
      ['/seller/receivedBids.html'],
      ['/message/userMessage.html'],
    ])
    // no chat line while the count is unknown; then it opens the pre-sale conversations
    expect(labels.some((l) => l?.startsWith('售前咨询'))).toBe(false)
    tray.setCounts({ toDeliver: 0, pendingBids: 0, unreadMessages: 0, unreadChats: 2 })
    expect(fake.item('待发货')).toBeTruthy()
    fake.item('售前咨询（2）')!.click!()
    expect(actions.navigate).toHaveBeenLastCalledWith('/message/chat.html')
    // logged out: the count lines go away
    tray.setCounts(null)
    expect(fake.item('待发货')).toBeUndefined()
  })

  it('shows the unread count in the tooltip', () => {
    const { tray, fake } = setup()
    expect(fake.tooltip).toBe('游侠易市')
    tray.setUnread(3)
    expect(fake.tooltip).toBe('游侠易市 - 3 条未读消息')
    tray.setUnread(0)
    expect(fake.tooltip).toBe('游侠易市')
    expect(trayTooltip(120)).toBe('游侠易市 - 99+ 条未读消息')
  })

  it('a click opens the window on Windows and Linux, not on macOS; the icon is 16 pt on macOS', () => {
    const win = setup('win32')
    win.fake.emit('click')
    expect(win.actions.open).toHaveBeenCalled()
    resetFakeElectron()
    const mac = setup('darwin')
    mac.fake.emit('click')
    expect(mac.actions.open).not.toHaveBeenCalled()
    expect((mac.fake.image as { size?: unknown }).size).toEqual({ width: 16, height: 16 })
  })

  it('destroys once', () => {
    const { tray, fake } = setup()
    tray.destroy()
    tray.destroy()
    tray.setUnread(2)
    expect(fake.destroy).toHaveBeenCalledTimes(1)
  })
})

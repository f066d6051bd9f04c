import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import { FakeBrowserWindow, fakeElectron, resetFakeElectron } from '../testing/fakes'
import { createBadge, overlayIconName, unreadDescription } from './badge'

beforeEach(() => resetFakeElectron())

function setup(platform: NodeJS.Platform) {
  const win = new FakeBrowserWindow()
  const setTrayUnread = vi.fn()
  const badge = createBadge({ platform, getWindow: () => win as never, setTrayUnread })
  return { win, badge, setTrayUnread }
}

describe('badge', () => {
  it('sets the dock / launcher count on macOS and Linux, no overlay', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      resetFakeElectron()
      const { win, badge, setTrayUnread } = setup(platform)
      badge.set(5)
      badge.set(0)
      expect(fakeElectron.app.setBadgeCount.mock.calls).toEqual([[5], [0]])
      expect(win.setOverlayIcon).not.toHaveBeenCalled()
      expect(setTrayUnread.mock.calls).toEqual([[5], [0]])
    }
  })

  it('shows a numbered overlay icon on Windows and clears it at zero', () => {
    const { win, badge } = setup('win32')
    badge.set(3)
    badge.set(42)
    badge.set(0)
    expect(fakeElectron.app.setBadgeCount).not.toHaveBeenCalled()
    const calls = win.setOverlayIcon.mock.calls as Array<[{ path: string } | null, string]>
    expect(calls[0]![0]!.path).toMatch(/resources[\\/]badge-3\.png$/)
    expect(calls[0]![1]).toBe('3 条未读消息')
    expect(calls[1]![0]!.path).toMatch(/badge-9plus\.png$/)
    expect(calls[2]).toEqual([null, ''])
  })

  it('loads each overlay icon once and re-applies the count to a new window', () => {
    const { badge, win } = setup('win32')
    badge.set(2)
    badge.set(2)
    expect(fakeElectron.nativeImage.createFromPath).toHaveBeenCalledTimes(1)
    win.setOverlayIcon.mockClear()
    badge.refresh()
    expect(win.setOverlayIcon).toHaveBeenCalledTimes(1)
    expect(badge.count).toBe(2)
  })

  it('ignores a destroyed window and bad counts', () => {
    const { badge, win } = setup('win32')
    win.destroyed = true
    badge.set(-3.7)
    expect(win.setOverlayIcon).not.toHaveBeenCalled()
    expect(badge.count).toBe(0)
  })

  it('names icons and counts', () => {
    expect(overlayIconName(0)).toBeNull()
    expect(overlayIconName(1)).toBe('badge-1.png')
    expect(overlayIconName(9)).toBe('badge-9.png')
    expect(overlayIconName(10)).toBe('badge-9plus.png')
    expect(unreadDescription(0)).toBe('没有未读消息')
    expect(unreadDescription(150)).toBe('99+ 条未读消息')
  })
})

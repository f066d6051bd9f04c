import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({ app: { setBadgeCount: vi.fn(() => true) } }))
vi.mock('electron', () => electron)

import { setBadge } from './badge'

beforeEach(() => electron.app.setBadgeCount.mockClear())

describe('setBadge', () => {
  it('sets the dock / launcher count on macOS and Linux', () => {
    setBadge(5, 'darwin')
    setBadge(0, 'linux')
    expect(electron.app.setBadgeCount.mock.calls).toEqual([[5], [0]])
  })

  it('does nothing on Windows yet (overlay icon comes with the desktop issue)', () => {
    setBadge(5, 'win32')
    expect(electron.app.setBadgeCount).not.toHaveBeenCalled()
  })
})

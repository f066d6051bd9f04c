import { describe, expect, it, vi } from 'vitest'
import { checkForUpdates } from './updater'

describe('auto-update', () => {
  it('does nothing in development', async () => {
    const load = vi.fn()
    await expect(checkForUpdates({ isPackaged: false, load })).resolves.toBe('skipped')
    expect(load).not.toHaveBeenCalled()
  })

  it('checks once when packaged and survives failures', async () => {
    const updater = { checkForUpdatesAndNotify: vi.fn(async () => null), on: vi.fn() }
    await expect(checkForUpdates({ isPackaged: true, load: async () => updater })).resolves.toBe('checked')
    expect(updater.on).toHaveBeenCalledWith('error', expect.any(Function))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    updater.checkForUpdatesAndNotify.mockRejectedValueOnce(new Error('offline'))
    await expect(checkForUpdates({ isPackaged: true, load: async () => updater })).resolves.toBe('failed')
    await expect(checkForUpdates({ isPackaged: true, load: async () => null })).resolves.toBe('failed')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { platform } from '@renderer/platform'
import { imageSrc, isGoodsType } from './goods'

afterEach(() => vi.restoreAllMocks())

describe('imageSrc', () => {
  it('keeps the server path in the web bundle (same origin)', () => {
    expect(imageSrc('/api/goods/image/file/a.jpg')).toBe('/api/goods/image/file/a.jpg')
    expect(imageSrc(null)).toBeUndefined()
    expect(imageSrc('')).toBeUndefined()
  })
  it('puts it on the API origin when the renderer is served elsewhere (desktop)', () => {
    vi.spyOn(platform, 'apiBaseUrl').mockReturnValue('http://127.0.0.1:8080/api')
    expect(imageSrc('/api/goods/image/file/a.jpg')).toBe('http://127.0.0.1:8080/api/goods/image/file/a.jpg')
    // data URLs (game icons, local previews) and absolute URLs stay as they are
    expect(imageSrc('data:image/png;base64,AA==')).toBe('data:image/png;base64,AA==')
    expect(imageSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg')
  })
})

describe('isGoodsType', () => {
  it('knows the four goods types and nothing else', () => {
    expect(['ACCOUNT', 'COIN', 'ITEM', 'RECHARGE'].every(isGoodsType)).toBe(true)
    expect(isGoodsType('account')).toBe(false)
    expect(isGoodsType(null)).toBe(false)
    expect(isGoodsType('toString')).toBe(false)
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { platform } from '@renderer/platform'
import { imageSrc, pageOf } from './goods'

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

describe('pageOf', () => {
  it('reads the list envelope, and says when the count was capped', () => {
    expect(pageOf({ code: 200, msg: '', rows: [1, 2], total: 40 })).toEqual({ rows: [1, 2], total: 40 })
    expect(pageOf({ code: 200, msg: '', rows: [1], total: 10_000, totalCapped: true })).toEqual({
      rows: [1],
      total: 10_000,
      totalCapped: true,
    })
  })
  it('accepts an array in data and answers an empty page for anything else', () => {
    expect(pageOf({ data: [1, 2, 3] })).toEqual({ rows: [1, 2, 3], total: 3 })
    expect(pageOf({})).toEqual({ rows: [], total: 0 })
  })
})

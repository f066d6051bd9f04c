import { describe, expect, it } from 'vitest'
import { formatTimeLeft } from './time-left'

const NOW = 1_700_000_000_000

describe('formatTimeLeft', () => {
  it('is empty without a deadline and 已到期 once passed', () => {
    expect(formatTimeLeft(null, NOW)).toBe('')
    expect(formatTimeLeft(undefined, NOW)).toBe('')
    expect(formatTimeLeft(NOW, NOW)).toBe('已到期')
    expect(formatTimeLeft(NOW - 1, NOW)).toBe('已到期')
  })
  it('counts minutes and seconds under an hour (the 15-minute pay window)', () => {
    expect(formatTimeLeft(NOW + 15 * 60_000, NOW)).toBe('15 分 00 秒')
    expect(formatTimeLeft(NOW + 65_000, NOW)).toBe('1 分 05 秒')
    expect(formatTimeLeft(NOW + 999, NOW)).toBe('0 分 00 秒')
  })
  it('counts hours and minutes under a day, days and hours beyond', () => {
    expect(formatTimeLeft(NOW + 60 * 60_000, NOW)).toBe('1 小时 00 分')
    expect(formatTimeLeft(NOW + (5 * 60 + 3) * 60_000 + 59_000, NOW)).toBe('5 小时 03 分')
    expect(formatTimeLeft(NOW + 48 * 3_600_000, NOW)).toBe('2 天 0 小时')
    expect(formatTimeLeft(NOW + 72 * 3_600_000 - 1, NOW)).toBe('2 天 23 小时')
  })
})

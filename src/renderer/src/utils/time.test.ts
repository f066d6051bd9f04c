import { describe, expect, it } from 'vitest'
import { formatTradeTime, parseTime, toDate } from './time'

// a fixed instant: 06:07:08 UTC is 14:07:08 in China, whatever the test machine's zone
const ms = Date.UTC(2024, 4, 20, 6, 7, 8)
const CHINA: Record<string, string> = {
  'YYYY-MM-DD HH:mm:ss': '2024-05-20 14:07:08',
  'YYYY-MM-DD HH:mm': '2024-05-20 14:07',
  'YYYY/MM/DD': '2024/05/20',
}
const local = (format: string) => CHINA[format]

describe('parseTime', () => {
  it('treats 10-digit numbers as seconds (×1000)', () => {
    expect(parseTime(ms / 1000)).toBe(local('YYYY-MM-DD HH:mm:ss'))
  })
  it('treats 10-digit strings as seconds too', () => {
    expect(parseTime(String(ms / 1000))).toBe(local('YYYY-MM-DD HH:mm:ss'))
  })
  it('accepts milliseconds (numbers and 13-digit strings), Dates and ISO text', () => {
    expect(parseTime(ms)).toBe(local('YYYY-MM-DD HH:mm:ss'))
    expect(parseTime(String(ms))).toBe(local('YYYY-MM-DD HH:mm:ss'))
    expect(parseTime(new Date(ms))).toBe(local('YYYY-MM-DD HH:mm:ss'))
    expect(parseTime(new Date(ms).toISOString())).toBe(local('YYYY-MM-DD HH:mm:ss'))
  })
  it('defaults to year-month-day hour:minute:second and takes another format', () => {
    expect(parseTime(ms)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(parseTime(ms, 'YYYY/MM/DD')).toBe(local('YYYY/MM/DD'))
  })
  it('gives empty text for no time or an invalid one', () => {
    expect(parseTime(null)).toBe('')
    expect(parseTime(undefined)).toBe('')
    expect(parseTime('')).toBe('')
    expect(parseTime('not a date')).toBe('')
    expect(toDate(Number.NaN)).toBeNull()
  })
})

describe('China time', () => {
  it('shows an evening UTC instant as the next morning, as a browser in Shanghai does', () => {
    expect(parseTime(Date.UTC(2026, 10, 24, 23, 47, 0))).toBe('2026-11-25 07:47:00')
    expect(parseTime(Date.UTC(2026, 11, 31, 16, 0, 0), 'YYYY-MM-DD')).toBe('2027-01-01')
  })
})

describe('formatTradeTime', () => {
  it('shows trade times to hours and minutes', () => {
    expect(formatTradeTime(ms)).toBe(local('YYYY-MM-DD HH:mm'))
    expect(formatTradeTime(ms / 1000)).toBe(local('YYYY-MM-DD HH:mm'))
  })
})

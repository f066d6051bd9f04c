import { describe, expect, it } from 'vitest'
import { chinaMinuteOfDay, isWithinServiceHours } from './service-hours'

/** an instant given as China time (UTC+8) */
const china = (h: number, m: number) => new Date(Date.UTC(2024, 5, 1, h - 8, m))

describe('isWithinServiceHours (10:00-22:30 China time)', () => {
  it('converts to China time whatever the machine zone', () => {
    expect(chinaMinuteOfDay(china(10, 0))).toBe(600)
    expect(chinaMinuteOfDay(china(1, 5))).toBe(65)
  })
  it.each([
    [9, 59, false],
    [10, 0, true],
    [15, 30, true],
    [22, 29, true],
    [22, 30, false],
    [23, 0, false],
    [3, 0, false],
  ])('%i:%i → %s', (h, m, open) => {
    expect(isWithinServiceHours(china(h, m))).toBe(open)
  })
})

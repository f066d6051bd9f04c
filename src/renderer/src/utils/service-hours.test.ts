import { describe, expect, it } from 'vitest'
import { customerServiceDecision } from '@renderer/components/customer-service/open-customer-service'
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

describe('customerServiceDecision', () => {
  it('asks to log in first when logged out, at any hour', () => {
    expect(customerServiceDecision(false, china(12, 0))).toBe('login-required')
    expect(customerServiceDecision(false, china(23, 0))).toBe('login-required')
  })
  it('is closed outside the hours and open inside', () => {
    expect(customerServiceDecision(true, china(23, 0))).toBe('closed')
    expect(customerServiceDecision(true, china(12, 0))).toBe('open')
  })
})

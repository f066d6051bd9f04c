import { describe, expect, it } from 'vitest'
import { bidHoursError, bidPriceError } from './bid-rules'

describe('bid rules', () => {
  it('a bid is a valid price below the asking price', () => {
    expect(bidPriceError('90', 10_000)).toBe('')
    expect(bidPriceError('100', 10_000)).toMatch(/出价需低于售价/)
    expect(bidPriceError('1.234', 10_000)).toMatch(/两位小数/)
  })
  it('a validity is whole hours from 1 to 72, refused (never cut) outside', () => {
    expect(bidHoursError(24)).toBe('')
    expect(bidHoursError(undefined)).toBe('请填写有效期')
    expect(bidHoursError(1.5)).toBe('有效期须为整数小时')
    expect(bidHoursError(0)).toBe('有效期至少 1 小时')
    expect(bidHoursError(100)).toBe('有效期最长 72 小时')
  })
})

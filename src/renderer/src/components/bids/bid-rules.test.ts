import { describe, expect, it } from 'vitest'
import { bidHoursError, bidPriceError } from './bid-rules'

describe('bid rules', () => {
  it('a bid is a valid price below the asking price', () => {
    expect(bidPriceError('90', 10_000)).toBe('')
    expect(bidPriceError('100', 10_000)).toMatch(/出价需低于售价/)
    expect(bidPriceError('1.234', 10_000)).toMatch(/两位小数/)
    // the floor: ¥1 on a ¥5,710 listing is refused with the minimum named
    const floor = { minFen: 171_300, sellerSet: false, percent: 30 }
    expect(bidPriceError('1', 571_000, floor)).toBe('出价不能低于 ¥1,713.00（售价的 30%）')
    expect(bidPriceError('1713', 571_000, floor)).toBe('')
    expect(bidPriceError('899', 100_000, { minFen: 90_000, sellerSet: true, percent: 30 })).toBe(
      '出价不能低于 ¥900.00（卖家设置的最低出价）',
    )
  })
  it('a validity is whole hours from 1 to 72, refused (never cut) outside', () => {
    expect(bidHoursError(24)).toBe('')
    expect(bidHoursError(undefined)).toBe('请填写有效期')
    expect(bidHoursError(1.5)).toBe('有效期须为整数小时')
    expect(bidHoursError(0)).toBe('有效期至少 1 小时')
    expect(bidHoursError(100)).toBe('有效期最长 72 小时')
  })
})

import { describe, expect, it } from 'vitest'
import { GOODS_LIMITS } from '@shared/api/goods'
import { fenToYuan, formatYuan, formatYuanChange, priceError, yuanToFen } from './money'

describe('fenToYuan', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [123456, '1234.56'],
    [9_999_999_999, '99999999.99'],
    [-250, '-2.50'],
  ])('%i fen → %s 元', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan)
  })
  it('groups thousands on request', () => {
    expect(fenToYuan(9_999_999_999, { grouping: true })).toBe('99,999,999.99')
    expect(fenToYuan(100_000, { grouping: true })).toBe('1,000.00')
    expect(fenToYuan(99_999, { grouping: true })).toBe('999.99')
  })
  it('shows a dash for a non-number', () => {
    expect(fenToYuan(Number.NaN)).toBe('—')
  })
})

describe('formatYuan / formatYuanChange', () => {
  it('prefixes ¥ and groups', () => {
    expect(formatYuan(123456)).toBe('¥1,234.56')
    expect(formatYuan(null)).toBe('—')
  })
  it('signs a change', () => {
    expect(formatYuanChange(-350)).toBe('-¥3.50')
    // the one format everywhere (issue 33): grouped, the sign before ¥
    expect(formatYuan(1_474_820)).toBe('¥14,748.20')
    expect(formatYuan(-1_898_700)).toBe('-¥18,987.00')
    expect(formatYuanChange(1200)).toBe('+¥12.00')
    expect(formatYuanChange(0)).toBe('¥0.00')
  })
})

describe('yuanToFen (exact, no float drift)', () => {
  it.each([
    ['0.01', 1],
    ['0.1', 10],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['12.3', 1230],
    ['12.', 1200],
    ['100', 10000],
    ['007.50', 750],
    ['99999999.99', 9_999_999_999],
    [' ¥1,234.56 ', 123456],
    ['￥8', 800],
  ])('%s 元 → %i fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen)
  })
  it('is exact where floating point is not (0.29 × 100 = 28.999…)', () => {
    expect(0.29 * 100).not.toBe(29)
    expect(yuanToFen(0.29)).toBe(29)
    expect(yuanToFen(1.005)).toBeNull()
    expect(yuanToFen(19.99)).toBe(1999)
  })
  it.each(['', ' ', '-1', '1.234', '.5', 'abc', '1e3', '1,23', '12,34.5', '1 000', '0x10', 'NaN'])(
    'refuses %j',
    (text) => {
      expect(yuanToFen(text)).toBeNull()
    },
  )
  it('refuses odd numbers and empty input', () => {
    expect(yuanToFen(Number.NaN)).toBeNull()
    expect(yuanToFen(-1)).toBeNull()
    expect(yuanToFen(1e21)).toBeNull()
    expect(yuanToFen(null)).toBeNull()
    expect(yuanToFen(undefined)).toBeNull()
  })
  it('round-trips with fenToYuan', () => {
    for (const fen of [1, 9, 10, 99, 100, 101, 12345, 100000001, 9_999_999_999]) {
      expect(yuanToFen(fenToYuan(fen))).toBe(fen)
      expect(yuanToFen(fenToYuan(fen, { grouping: true }))).toBe(fen)
    }
  })
})

describe('priceError (0.01 – 99,999,999.99 元)', () => {
  it('accepts the bounds and refuses outside them', () => {
    expect(priceError(1, GOODS_LIMITS)).toBe('')
    expect(priceError(9_999_999_999, GOODS_LIMITS)).toBe('')
    expect(priceError(0, GOODS_LIMITS)).toBe('价格不能低于 ¥0.01')
    expect(priceError(10_000_000_000, GOODS_LIMITS)).toBe('价格不能高于 ¥99,999,999.99')
    expect(priceError(null, GOODS_LIMITS)).toContain('请输入正确的价格')
  })
})

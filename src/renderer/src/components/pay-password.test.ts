import { describe, expect, it } from 'vitest'
import { newPayPasswordError, payPasswordError } from './pay-password'

describe('payment password rules', () => {
  it('is exactly six digits', () => {
    expect(payPasswordError('123456')).toBe('')
    expect(payPasswordError('')).toBe('请输入 6 位数字支付密码')
    expect(payPasswordError(undefined)).toBe('请输入 6 位数字支付密码')
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '１２３４５６'])
      expect(payPasswordError(bad)).toBe('支付密码必须是 6 位数字')
  })
  it('a new one is not a trivial pattern either', () => {
    expect(newPayPasswordError('12ab')).toBe('支付密码必须是 6 位数字')
    expect(newPayPasswordError('111111')).not.toBe('')
    expect(newPayPasswordError('123456')).not.toBe('')
    expect(newPayPasswordError('246813')).toBe('')
  })
})

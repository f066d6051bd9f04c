import { describe, expect, it } from 'vitest'
import { gatewayHref, topupAmountError } from './topup'

describe('top-up rules', () => {
  it('a top-up amount is positive with at most two decimals, within the limits', () => {
    expect(topupAmountError('100.5')).toBe('')
    expect(topupAmountError('0')).toBe('充值金额必须大于 0')
    expect(topupAmountError('abc')).toMatch(/两位小数/)
    expect(topupAmountError('0.5')).toMatch(/不能少于/)
    expect(topupAmountError('50000.01')).toMatch(/不能超过/)
  })
  it('the gateway page of a path lives on the API origin', () => {
    expect(gatewayHref('/sim/alipay/gateway.do?x=1', '/api')).toBe('/sim/alipay/gateway.do?x=1')
    expect(gatewayHref('/api/pay/x', 'https://api.example.com/api')).toBe('https://api.example.com/api/pay/x')
    expect(gatewayHref('https://pay.example.com/c', '/api')).toBe('https://pay.example.com/c')
  })
})

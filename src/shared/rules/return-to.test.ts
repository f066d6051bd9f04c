import { describe, expect, it } from 'vitest'
import { orderPayPath, returnWithTopup, safeReturnPath } from './return-to'

describe('safeReturnPath: where a top-up may return (no open redirect)', () => {
  it('keeps the allowed app pages, normalized', () => {
    expect(safeReturnPath('/buyer/pay.html?orderNo=202405181430054829105733')).toBe(
      '/buyer/pay.html?orderNo=202405181430054829105733',
    )
    expect(safeReturnPath('/account/balance.html')).toBe('/account/balance.html')
    expect(safeReturnPath('/buyer/./pay.html?orderNo=A1')).toBe('/buyer/pay.html?orderNo=A1')
    expect(safeReturnPath(orderPayPath('O1'))).toBe('/buyer/pay.html?orderNo=O1')
  })

  it('refuses other sites, other pages and extra parameters', () => {
    for (const bad of [
      'https://evil.example.com/buyer/pay.html?orderNo=1',
      'http:/buyer/pay.html?orderNo=1',
      '//evil.example.com/buyer/pay.html?orderNo=1',
      '/\\evil.example.com',
      '\\\\evil.example.com',
      ' /account/balance.html',
      '/account/balance.html\n',
      '/account/balance.html\u0000',
      'javascript:alert(1)',
      'buyer/pay.html?orderNo=1',
      '/login.html',
      '/account/balance.htm',
      '/buyer/pay.html',
      '/buyer/pay.html?orderNo=',
      '/buyer/pay.html?orderNo=1&orderNo=2',
      '/buyer/pay.html?orderNo=1&redirect=%2F%2Fevil.example.com',
      '/buyer/pay.html?orderNo=%3Cscript%3E',
      '/buyer/pay.html?orderNo=1#frag',
      '/%2F%2Fevil.example.com',
      '/constructor',
      '/__proto__',
      `/buyer/pay.html?orderNo=${'1'.repeat(41)}`,
      `/account/balance.html?x=${'1'.repeat(200)}`,
      '',
      null,
      42,
    ])
      expect(safeReturnPath(bad), String(bad)).toBeNull()
  })

  it('adds the top-up number to the way back', () => {
    expect(returnWithTopup('/account/balance.html', 'T1')).toBe('/account/balance.html?topupNo=T1')
    expect(returnWithTopup('/buyer/pay.html?orderNo=9', 'T1')).toBe('/buyer/pay.html?orderNo=9&topupNo=T1')
  })
})

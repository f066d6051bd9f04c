import { describe, expect, it } from 'vitest'
import { isExternal, safeRedirectTarget } from './validate'

describe('isExternal', () => {
  it.each(['http://a.cn', 'https://a.cn/x', 'mailto:kf@a.cn', 'tel:4008001234', 'HTTPS://A.CN'])(
    '%s is external',
    (p) => {
      expect(isExternal(p)).toBe(true)
    },
  )
  it.each(['/login.html', 'user/userBase.html', 'ftp://a.cn', 'javascript:alert(1)', '', null, undefined])(
    '%s is not external',
    (p) => {
      expect(isExternal(p as string)).toBe(false)
    },
  )
})

describe('safeRedirectTarget', () => {
  it('follows same-site paths', () => {
    expect(safeRedirectTarget('/buyer/buyOrder.html?x=1')).toBe('/buyer/buyOrder.html?x=1')
  })
  it('refuses other sites and odd values', () => {
    expect(safeRedirectTarget('https://evil.example')).toBe('/')
    expect(safeRedirectTarget('//evil.example')).toBe('/')
    expect(safeRedirectTarget('/\\evil.example')).toBe('/')
    expect(safeRedirectTarget(null)).toBe('/')
  })
})

import { describe, expect, it } from 'vitest'
import { MSG } from '@shared/messages'
import { checkPermi } from './permission'

describe('checkPermi', () => {
  it('passes for any listed permission', () => {
    expect(checkPermi(['goods:publish', 'goods:edit'], ['goods:edit'])).toBe(true)
  })
  it('passes for the wildcard *:*:*', () => {
    expect(checkPermi(['goods:publish'], ['*:*:*'])).toBe(true)
  })
  it('fails otherwise (a role name is not a permission)', () => {
    expect(checkPermi(['goods:publish'], ['goods:edit', 'admin'])).toBe(false)
  })
  it('throws 请设置操作权限标签值 without a non-empty list', () => {
    expect(() => checkPermi([], ['*:*:*'])).toThrow(MSG.PERMI_LIST_REQUIRED)
    expect(() => checkPermi(null, [])).toThrow(MSG.PERMI_LIST_REQUIRED)
    expect(MSG.PERMI_LIST_REQUIRED).toBe('请设置操作权限标签值')
  })
})

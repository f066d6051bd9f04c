import { describe, expect, it } from 'vitest'
import { MSG } from '@shared/messages'
import { checkPermi, checkRole } from './permission'

describe('checkRole', () => {
  it('passes for any listed role', () => {
    expect(checkRole(['seller', 'buyer'], ['buyer'])).toBe(true)
  })
  it('passes for the admin role whatever is listed', () => {
    expect(checkRole(['seller'], ['admin'])).toBe(true)
  })
  it('fails for other roles, and for no roles', () => {
    expect(checkRole(['seller'], ['buyer', 'ROLE_DEFAULT'])).toBe(false)
    expect(checkRole(['seller'], [])).toBe(false)
  })
  it('throws 请设置角色权限标签值 without a non-empty list', () => {
    expect(() => checkRole([], ['admin'])).toThrow(MSG.ROLE_LIST_REQUIRED)
    expect(() => checkRole(undefined, ['admin'])).toThrow(MSG.ROLE_LIST_REQUIRED)
    expect(MSG.ROLE_LIST_REQUIRED).toBe('请设置角色权限标签值')
  })
})

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

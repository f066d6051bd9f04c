import { describe, expect, it } from 'vitest'
import type { TransferField } from '../api/game'
import { idCardInfo, idCardProblem } from './id-card'
import { checkTransferValues, isCompleteTransfer, transferValueProblem } from './transfer'

const f = (kind: TransferField['kind'], required = true): TransferField => ({
  key: kind,
  label: kind,
  kind,
  required,
  secret: false,
})

describe('ID numbers (GB 11643)', () => {
  it('accepts valid numbers and reads birth date and sex', () => {
    expect(idCardProblem('11010519491231002X')).toBeNull()
    expect(idCardProblem('11010519491231002x')).toBeNull()
    expect(idCardInfo('440304199001011233')).toEqual({ birthDate: '1990-01-01', sex: 1, region: '440304' })
    expect(idCardInfo('11010519491231002X')?.sex).toBe(2)
  })

  it.each([
    ['123', '身份证号须为 18 位（最后一位可为 X）'],
    ['110105194912310021', '身份证号校验位不正确，请核对'],
    ['990105194912310026', '身份证号的地区码不正确'],
    ['110105194902300021', '身份证号的出生日期不正确'],
  ])('refuses %s', (id, msg) => expect(idCardProblem(id)).toBe(msg))

  it('refuses a birth date in the future', () => {
    expect(idCardProblem('110105203001010010', new Date('2026-01-01'))).toBe('身份证号的出生日期不正确')
  })
})

describe('transfer values by kind', () => {
  it.each([
    ['phone', '13912345678', null],
    ['phone', '139abc', 'phone须为 11 位手机号'],
    ['email', 'a.b@example.com', null],
    ['email', 'a@b', 'email须为有效的邮箱地址'],
    ['qq', '10086', null],
    ['qq', '0123', 'qq须为 5-12 位 QQ 号'],
    ['account', 'wxid_abcdef', null],
    ['account', 'x y', 'account须为 QQ 号、微信号、手机号或邮箱'],
    ['name', '张三', null],
    ['name', '3', 'name须为真实姓名'],
    ['text', 'x'.repeat(101), 'text长度不能超过 100 个字符'],
  ] as const)('%s %j', (kind, value, problem) => expect(transferValueProblem(f(kind), value)).toBe(problem))

  it('trims all but passwords, drops empty optional fields and needs the required ones', () => {
    const fields = [f('account'), f('password'), f('textarea', false)]
    expect(checkTransferValues(fields, { account: ' 10086 ', password: ' p w ', textarea: '' })).toEqual({
      values: { account: '10086', password: ' p w ' },
    })
    expect(checkTransferValues(fields, { account: '10086' })).toEqual({ problem: '请填写password' })
    expect(isCompleteTransfer(fields, { account: '10086', password: 'x' })).toBe(true)
    expect(isCompleteTransfer([], {})).toBe(false)
  })
})

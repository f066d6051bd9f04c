import { describe, expect, it } from 'vitest'
import { luhnValid, maskPayeeAccount, normalizePayeeAccount, payeeAccountProblem } from './payee-account'

describe('payee accounts of withdrawals', () => {
  it('Luhn: the check digit of a card number', () => {
    expect(luhnValid('6222021234567890128')).toBe(true)
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('6222021234567890123')).toBe(false)
    expect(luhnValid('62220212345678901a8')).toBe(false)
  })

  it('bank card: 16 to 19 digits with a valid check digit; group separators dropped', () => {
    expect(normalizePayeeAccount('BANK_CARD', ' 6222 0212-3456 7890 128 ')).toBe('6222021234567890128')
    expect(payeeAccountProblem('BANK_CARD', '6222021234567890128')).toBe('')
    expect(payeeAccountProblem('BANK_CARD', '6228480000000007')).toBe('')
    expect(payeeAccountProblem('BANK_CARD', '622848000000007')).toBe('银行卡号须为 16 至 19 位数字')
    expect(payeeAccountProblem('BANK_CARD', '62220212345678901280')).toBe('银行卡号须为 16 至 19 位数字')
    expect(payeeAccountProblem('BANK_CARD', '6222021234567890123')).toBe('银行卡号校验失败，请检查是否输错')
    expect(payeeAccountProblem('BANK_CARD', '')).toBe('请输入收款账号')
  })

  it('Alipay: a mainland mobile number or an e-mail address', () => {
    expect(normalizePayeeAccount('ALIPAY', '138 0013 8000')).toBe('13800138000')
    expect(normalizePayeeAccount('ALIPAY', ' wd@example.com ')).toBe('wd@example.com')
    for (const good of ['13800138000', '19912345678', 'wd@example.com', 'a.b+c@mail.example.com.cn'])
      expect(payeeAccountProblem('ALIPAY', good), good).toBe('')
    for (const bad of [
      'a',
      '12800138000',
      '1380013800',
      '138001380001',
      'wd@',
      '@example.com',
      'wd@example',
      'wd@@example.com',
      'alipay:wd@example.com',
    ])
      expect(payeeAccountProblem('ALIPAY', bad), bad).toBe('支付宝账号须为手机号或邮箱')
  })

  it('masks what the user sees', () => {
    expect(maskPayeeAccount('BANK_CARD', '6222021234567890128')).toBe('**** **** **** 0128')
    expect(maskPayeeAccount('ALIPAY', '13800138000')).toBe('138****8000')
    expect(maskPayeeAccount('ALIPAY', 'wd@example.com')).toBe('w***@example.com')
    expect(maskPayeeAccount('OTHER', 'alipay:x@example.com')).toBe('a***@example.com')
    expect(maskPayeeAccount('OTHER', 'bank')).toBe('****')
    expect(maskPayeeAccount('OTHER', 'some account')).toBe('so****nt')
  })
})

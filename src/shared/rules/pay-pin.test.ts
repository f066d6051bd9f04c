import { describe, expect, it } from 'vitest'
import { payPinProblem } from './pay-pin'

describe('payment PIN rule', () => {
  it.each([
    '111111',
    '000000',
    '123456',
    '654321',
    '012345',
    '987654',
    '121212',
    '123123',
    '112233',
    '900101',
    '991231',
    '199001',
    '200512',
  ])('refuses %s', (pin) => expect(payPinProblem(pin)).not.toBeNull())

  it.each(['13579a', '12345', '1234567', ' 12345'])('refuses %j as not 6 digits', (pin) =>
    expect(payPinProblem(pin)).toBe('支付密码必须是 6 位数字'),
  )

  it.each(['135792', '268417', '802731', '468024', '739145'])('accepts %s', (pin) =>
    expect(payPinProblem(pin)).toBeNull(),
  )

  it('leaves most of the million values usable', () => {
    let refused = 0
    for (let n = 0; n < 1_000_000; n += 7) if (payPinProblem(String(n).padStart(6, '0'))) refused++
    // dates are the bulk (YYMMDD ≈ 3.7 %, YYYYMM ≈ 0.1 %)
    expect(refused / Math.ceil(1_000_000 / 7)).toBeLessThan(0.05)
  })
})

/**
 * The payment password's form rules: exactly six digits (pay, confirm receipt, withdraw), and for a
 * new one also not a trivial pattern (the server's rule, src/shared/rules/pay-pin.ts). Pure: tests
 * call them directly.
 */
import { payPinProblem } from '@shared/rules/pay-pin'

/** The payment password: exactly six digits. '' when fine, else the message. */
export function payPasswordError(value: string | undefined | null): string {
  if (!value) return '请输入 6 位数字支付密码'
  if (!/^\d{6}$/.test(value)) return '支付密码必须是 6 位数字'
  return ''
}

/** A new payment password: six digits that are not a trivial pattern. '' when fine, else the message. */
export function newPayPasswordError(value: string | undefined | null): string {
  return payPasswordError(value) || payPinProblem(value ?? '') || ''
}

/** The form rule of a payment password field. */
export const payPasswordRule = {
  validator: (_: unknown, value: string) => {
    const message = payPasswordError(value)
    return message ? Promise.reject(new Error(message)) : Promise.resolve()
  },
}

/** The form rule of a new payment password field. */
export const newPayPasswordRule = {
  validator: (_: unknown, value: string) => {
    const message = newPayPasswordError(value)
    return message ? Promise.reject(new Error(message)) : Promise.resolve()
  },
}

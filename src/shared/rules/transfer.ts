/**
 * What a seller hands over for an account (交付信息 / 发货账号): each field of the game's transfer
 * config is checked by its kind, the same way for a saved delivery account, a delivery and a
 * correction, on the server and in the form (docs/trading-rules.md, "Delivery"). Plain data.
 */
import type { TransferField } from '../api/game'
import { idCardProblem } from './id-card'

/** Longest value of a field, by kind (a field's own maxLength may be shorter). */
export const TRANSFER_MAX_LENGTH: Record<TransferField['kind'], number> = {
  text: 100,
  password: 64,
  phone: 11,
  textarea: 500,
  email: 100,
  idcard: 18,
  name: 30,
  qq: 12,
  account: 64,
}

const MOBILE = /^1[3-9]\d{9}$/
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
const QQ = /^[1-9]\d{4,11}$/
const WECHAT = /^[A-Za-z][-_A-Za-z0-9]{5,19}$/
const PERSON_NAME = /^[\u4e00-\u9fa5][\u4e00-\u9fa5·]{0,18}[\u4e00-\u9fa5]$|^[A-Za-z][A-Za-z .'-]{1,29}$/

export const transferMaxLength = (field: TransferField) =>
  Math.min(field.maxLength ?? Infinity, TRANSFER_MAX_LENGTH[field.kind] ?? TRANSFER_MAX_LENGTH.text)

/** Why one value does not fit its field, or null. `value` is already trimmed (passwords are not). */
export function transferValueProblem(field: TransferField, value: string): string | null {
  if (value === '') return field.required ? `请填写${field.label}` : null
  const max = transferMaxLength(field)
  if ([...value].length > max) return `${field.label}长度不能超过 ${max} 个字符`
  switch (field.kind) {
    case 'phone':
      return MOBILE.test(value) ? null : `${field.label}须为 11 位手机号`
    case 'email':
      return EMAIL.test(value) ? null : `${field.label}须为有效的邮箱地址`
    case 'idcard': {
      const problem = idCardProblem(value)
      return problem ? `${field.label}：${problem}` : null
    }
    case 'name':
      return PERSON_NAME.test(value) ? null : `${field.label}须为真实姓名`
    case 'qq':
      return QQ.test(value) ? null : `${field.label}须为 5-12 位 QQ 号`
    case 'account':
      // a login account: QQ number, WeChat id, mobile number or e-mail
      return QQ.test(value) || WECHAT.test(value) || MOBILE.test(value) || EMAIL.test(value)
        ? null
        : `${field.label}须为 QQ 号、微信号、手机号或邮箱`
    case 'password':
      return value.trim() === '' ? `请填写${field.label}` : null
    default:
      return null
  }
}

/** A form value as stored: trimmed, except passwords (spaces may be part of them). */
export const normaliseTransferValue = (field: TransferField, raw: string) =>
  field.kind === 'password' ? raw : raw.trim()

/**
 * All values of a hand-over checked against the fields: the values to store (empty ones left out), or
 * the first problem. Unknown keys are refused.
 */
export function checkTransferValues(
  fields: TransferField[],
  input: Record<string, string>,
): { values: Record<string, string> } | { problem: string } {
  for (const key of Object.keys(input))
    if (!fields.some((f) => f.key === key)) return { problem: `未知的交付字段：${key}` }
  const values: Record<string, string> = {}
  for (const field of fields) {
    const value = normaliseTransferValue(field, input[field.key] ?? '')
    const problem = transferValueProblem(field, value)
    if (problem) return { problem }
    if (value !== '') values[field.key] = value
  }
  if (Object.keys(values).length === 0) return { problem: '请填写交付信息' }
  return { values }
}

/** Whether saved values make a complete hand-over (every required field present and valid). */
export const isCompleteTransfer = (fields: TransferField[], values: Record<string, string>) =>
  fields.length > 0 && 'values' in checkTransferValues(fields, values)

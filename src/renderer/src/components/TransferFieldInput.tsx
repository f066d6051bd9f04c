/**
 * One input of a hand-over (交付信息 / 发货账号) by its field kind, and its form rule — the same check
 * the server applies (src/shared/rules/transfer.ts), so a wrong phone or ID number is caught here
 * first, with the server's own words. Used by the transfer page of an order and the seller's delivery accounts.
 */
import { Input } from 'antd'
import type { RuleObject } from 'antd/es/form'
import type { TransferField } from '@shared/api/game'
import { normaliseTransferValue, transferMaxLength, transferValueProblem } from '@shared/rules/transfer'

const INPUT_MODE: Partial<Record<TransferField['kind'], 'tel' | 'email' | 'numeric'>> = {
  phone: 'tel',
  email: 'email',
  qq: 'numeric',
}

export function TransferFieldInput({
  field,
  ...rest
}: {
  field: TransferField
  value?: string
  onChange?: () => void
}) {
  const common = {
    'aria-label': field.label,
    placeholder: field.placeholder || `请输入${field.label}`,
    maxLength: transferMaxLength(field),
    ...rest,
  }
  if (field.kind === 'textarea')
    return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount {...common} />
  // new-password: the browser must not fill in the seller's own site password here
  if (field.secret || field.kind === 'password')
    return <Input.Password autoComplete="new-password" {...common} />
  return <Input autoComplete="off" inputMode={INPUT_MODE[field.kind]} {...common} />
}

/** The form rule of a field (required, length and kind). */
export function transferFieldRule(field: TransferField): RuleObject {
  return {
    validator: (_rule, raw: string | undefined) => {
      const value = normaliseTransferValue(field, raw ?? '')
      const problem = transferValueProblem(field, value)
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
    },
  }
}

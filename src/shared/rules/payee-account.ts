/**
 * The payee account of a withdrawal (提现收款账户), by kind:
 * - BANK_CARD: a bank card number, 16 to 19 digits whose last digit is the Luhn check digit (spaces
 *   and hyphens people type between groups are dropped);
 * - ALIPAY: an Alipay account, i.e. a mainland mobile number (11 digits starting 13–19) or an e-mail
 *   address.
 * Withdrawals recorded before the kinds existed have the kind OTHER (free text, never accepted now).
 * Shown masked to the user (lists, messages, the ledger); only staff paying it out see it in full.
 * Plain data: checked by the server and the form.
 */

export type PayeeKind = 'BANK_CARD' | 'ALIPAY'
/** OTHER: a withdrawal recorded before the kinds existed */
export type StoredPayeeKind = PayeeKind | 'OTHER'

export const PAYEE_KINDS = ['BANK_CARD', 'ALIPAY'] as const satisfies readonly PayeeKind[]

export const PAYEE_KIND_LABELS: Record<StoredPayeeKind, string> = {
  BANK_CARD: '银行卡',
  ALIPAY: '支付宝',
  OTHER: '其他',
}

export const PAYEE_ACCOUNT_MAX_LENGTH = 64

const BANK_CARD = /^\d{16,19}$/
const MOBILE = /^1[3-9]\d{9}$/
const EMAIL =
  /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/

/** The Luhn (mod 10) checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** The account as stored: trimmed; a bank card or a phone number without the spaces and hyphens typed between groups. */
export function normalizePayeeAccount(kind: PayeeKind, raw: string): string {
  const text = raw.trim()
  if (kind === 'BANK_CARD' || /^[\d\s-]+$/.test(text)) return text.replace(/[\s-]/g, '')
  return text
}

/** Why a (normalized) account is refused for its kind, or '' when it may be used. */
export function payeeAccountProblem(kind: PayeeKind, account: string): string {
  if (!account) return '请输入收款账号'
  if (account.length > PAYEE_ACCOUNT_MAX_LENGTH) return `收款账号不能超过 ${PAYEE_ACCOUNT_MAX_LENGTH} 个字符`
  if (kind === 'BANK_CARD') {
    if (!BANK_CARD.test(account)) return '银行卡号须为 16 至 19 位数字'
    if (!luhnValid(account)) return '银行卡号校验失败，请检查是否输错'
    return ''
  }
  if (MOBILE.test(account) || EMAIL.test(account)) return ''
  return '支付宝账号须为手机号或邮箱'
}

/**
 * The account as the user sees it: a card's last four digits (**** **** **** 1234), a phone
 * number's first three and last four (138****8000), an e-mail's first letter and domain
 * (w***@example.com); anything else its first and last two characters.
 */
export function maskPayeeAccount(kind: StoredPayeeKind, account: string): string {
  if (kind === 'BANK_CARD' && account.length >= 8) return `**** **** **** ${account.slice(-4)}`
  if (MOBILE.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`
  const at = account.lastIndexOf('@')
  if (at > 0) return `${account[0]}***${account.slice(at)}`
  if (account.length <= 4) return '****'
  return `${account.slice(0, 2)}****${account.slice(-2)}`
}

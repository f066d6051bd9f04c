/**
 * The quantity of /buyer/buy.html: what the buyer types is text; only a whole number from 1 to the
 * stock is a quantity. The amount to pay is always the unit price × that validated integer — never
 * computed from half-typed text (an empty field, '2.5', '1e3').
 */

/** Digits only (no sign, no decimal point, no exponent), at most this many. */
const DIGITS = /^\d{1,9}$/

export type QuantityCheck = { quantity: number; error: '' } | { quantity: null; error: string }

/** The validated quantity of the typed text, or the reason it is none. */
export function parseQuantity(text: string, stock: number): QuantityCheck {
  const max = Math.max(1, Math.floor(stock))
  const t = text.trim()
  if (t === '') return { quantity: null, error: '请输入购买数量' }
  if (!DIGITS.test(t)) return { quantity: null, error: `购买数量须为 1 至 ${max} 的整数` }
  const n = Number(t)
  if (n < 1 || n > max) return { quantity: null, error: `购买数量须为 1 至 ${max} 的整数` }
  return { quantity: n, error: '' }
}

/** The quantity after a −/+ step from the typed text (clamped into 1..stock first; other text counts as 1). */
export function stepQuantity(text: string, stock: number, step: 1 | -1): number {
  const max = Math.max(1, Math.floor(stock))
  const t = text.trim()
  const current = Math.min(max, Math.max(1, DIGITS.test(t) ? Number(t) : 1))
  return Math.min(max, Math.max(1, current + step))
}

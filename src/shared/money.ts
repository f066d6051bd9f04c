/**
 * Money as text: the API speaks integer fen; people read and type 元 with two decimals. Conversion goes
 * through text and integers only, so no float rounding ever changes an amount
 * (0.1 + 0.2 元 is exactly 30 fen; 99,999,999.99 元 is exactly 9,999,999,999 fen). Plain functions: the
 * renderer shows prices with them, and the list page's query (list-query.ts) reads 元 with them on both sides.
 */

/** `fen` as 元 text with two decimals: 123456 → '1234.56'; with `grouping` → '1,234.56'. */
export function fenToYuan(fen: number, options: { grouping?: boolean } = {}): string {
  if (!Number.isFinite(fen)) return '—'
  const negative = fen < 0
  const digits = String(Math.round(Math.abs(fen))).padStart(3, '0')
  let whole = digits.slice(0, -2)
  const cents = digits.slice(-2)
  if (options.grouping) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${whole}.${cents}`
}

/**
 * THE way money is written for people, everywhere (screens, messages, the server's refusals, exports
 * aside): ¥14,748.20 — a ¥ sign, thousands separators, two decimals; '—' for no amount. Issue 33: it
 * was written four ways (¥18987.00, 5400.00 元, ¥14,748.20…). An ESLint rule forbids formatting
 * money with toFixed(2) anywhere else (eslint.config.js, "one money format").
 */
export function formatYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '—'
  return `${fen < 0 ? '-' : ''}¥${fenToYuan(Math.abs(fen), { grouping: true })}`
}

/** A change with its sign: +¥12.00 / -¥3.50 / ¥0.00. */
export function formatYuanChange(fen: number): string {
  if (fen > 0) return `+${formatYuan(fen)}`
  return formatYuan(fen)
}

const YUAN_PATTERN = /^(\d+)(?:\.(\d{0,2}))?$/

/**
 * 元 text (or number) → integer fen, or null when it is not a plain non-negative amount with at
 * most two decimals. Spaces, a leading ¥ and thousands separators are accepted:
 * '12.3' → 1230, '¥1,234.56' → 123456, '.5' → null, '1.234' → null, '-1' → null.
 */
export function yuanToFen(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null
  let text: string
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null
    // a number typed as 12.3 prints as '12.3'; more than two decimals is refused below
    text = String(input)
    if (/e/i.test(text)) return null
  } else {
    text = input.trim().replace(/^[¥￥]\s*/, '')
    if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replace(/,/g, '')
  }
  const match = YUAN_PATTERN.exec(text)
  if (!match) return null
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '')
  const cents = (match[2] ?? '').padEnd(2, '0')
  // 15 digits of yuan stays well inside Number.MAX_SAFE_INTEGER once ×100
  if (whole.length > 13) return null
  return Number(whole) * 100 + Number(cents)
}

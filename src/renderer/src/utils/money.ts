/**
 * Money on screen: the API speaks integer fen; people read and type 元 with two decimals. The
 * conversions themselves (fen ↔ 元 text) live in @shared/money, also used by the server.
 */
import { formatYuan } from '@shared/money'

export { fenToYuan, formatYuan, formatYuanChange, yuanToFen } from '@shared/money'

/** Price rules of a listing (GOODS_LIMITS): the Chinese message, or '' when the price is fine. */
export function priceError(fen: number | null, limits: { priceMinFen: number; priceMaxFen: number }): string {
  if (fen === null) return '请输入正确的价格（最多两位小数）'
  if (fen < limits.priceMinFen) return `价格不能低于 ${formatYuan(limits.priceMinFen)}`
  if (fen > limits.priceMaxFen) return `价格不能高于 ${formatYuan(limits.priceMaxFen)}`
  return ''
}

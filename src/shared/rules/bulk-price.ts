/**
 * The bulk price change of 我出售的商品 (docs/seller-tools.md): a change by an amount (± fen) or by a
 * percentage (± whole percent) of each listing's current price, rounded to the fen (half up). The
 * result must still pass the goods module's price rule (at least GOODS_LIMITS.priceMinFen, at most
 * priceMaxFen): a listing whose new price would not is left unchanged and reported, never clamped.
 * The renderer's preview and the server compute with this one function. Plain data: no Node, no DOM.
 */
import { GOODS_LIMITS } from '../api/goods'
import { formatYuan } from '../money'

export type BulkPriceMode = 'AMOUNT' | 'PERCENT'

export const BULK_PRICE_LIMITS = {
  /** −99 %: a listing never drops to nothing in one step */
  percentMin: -99,
  percentMax: 1000,
} as const

export interface BulkPriceChange {
  mode: BulkPriceMode
  /** AMOUNT: fen to add (negative: lower); PERCENT: whole percent to add (−10: 10 % cheaper) */
  value: number
}

/** Why the change itself is not allowed (before looking at any listing), or null. */
export function bulkChangeProblem(change: BulkPriceChange): string | null {
  if (!Number.isSafeInteger(change.value)) return '调整幅度格式不正确'
  if (change.value === 0) return '调整幅度不能为 0'
  if (change.mode === 'PERCENT') {
    if (change.value < BULK_PRICE_LIMITS.percentMin || change.value > BULK_PRICE_LIMITS.percentMax)
      return `调整比例须在 ${BULK_PRICE_LIMITS.percentMin}% 至 +${BULK_PRICE_LIMITS.percentMax}% 之间`
  } else if (Math.abs(change.value) > GOODS_LIMITS.priceMaxFen) {
    return '调整金额超出范围'
  }
  return null
}

/** The new price in fen (rounded half up to the fen for a percentage). */
export function bulkNewPrice(price: number, change: BulkPriceChange): number {
  if (change.mode === 'AMOUNT') return price + change.value
  // integer arithmetic: price ≤ 10^10 and (100 + value) ≤ 1100 keep this far below 2^53
  const hundredths = price * (100 + change.value)
  return Math.floor((hundredths + 50) / 100)
}

/** Why a listing cannot take the new price (the goods module's price rule), or null. */
export function bulkPriceProblem(newPrice: number): string | null {
  if (newPrice < GOODS_LIMITS.priceMinFen) return `调整后价格低于最低价 ${formatYuan(GOODS_LIMITS.priceMinFen)}`
  if (newPrice > GOODS_LIMITS.priceMaxFen) return `调整后价格超过最高价 ${formatYuan(GOODS_LIMITS.priceMaxFen)}`
  return null
}

/** The form rules of a bid and a counter-offer. Pure: tests call them directly. */
import { TRADE_RULES } from '@shared/api/trade'
import { GOODS_LIMITS } from '@shared/api/goods'
import { formatYuan, priceError, yuanToFen } from '@renderer/utils/money'

/** The listing's bid floor as the server states it (BidTerms): the minimum and where it comes from. */
export interface BidFloor {
  minFen: number
  sellerSet: boolean
  percent: number
}

/** The refusal of a bid under the floor, in the server's words (modules/trade/bids.ts). */
export const underFloorText = (f: BidFloor) =>
  `出价不能低于 ${formatYuan(f.minFen)}（${f.sellerSet ? '卖家设置的最低出价' : `售价的 ${f.percent}%`}）`

/**
 * '' when the offer (元 text) is a valid bid below the asking price and not under the listing's
 * floor (a counter-offer has none), else the message.
 */
export function bidPriceError(text: string | undefined, askFen: number, floor?: BidFloor): string {
  const fen = yuanToFen(text ?? '')
  const base = priceError(fen, GOODS_LIMITS)
  if (base) return base
  if ((fen as number) >= askFen) return `出价需低于售价 ${formatYuan(askFen)}，想按原价购买请直接下单`
  if (floor && (fen as number) < floor.minFen) return underFloorText(floor)
  return ''
}

/**
 * '' when the counter-offer (元 text) is above the buyer's bid and not above the asking price (the
 * server's rule, modules/trade/bids.ts), else the message.
 */
export function counterPriceError(text: string | undefined, askFen: number, bidFen: number): string {
  const fen = yuanToFen(text ?? '')
  const base = priceError(fen, GOODS_LIMITS)
  if (base) return base
  if ((fen as number) <= bidFen) return `还价须高于买家出价 ${formatYuan(bidFen)}`
  if ((fen as number) > askFen) return `还价不能高于商品售价 ${formatYuan(askFen)}`
  return ''
}

/**
 * '' when the bid's validity (hours) is a whole number from 1 to the maximum, else the message. A
 * value out of range is refused with the limit, never cut to it (the server refuses it the same way).
 */
export function bidHoursError(hours: unknown): string {
  if (hours === undefined || hours === null || hours === '') return '请填写有效期'
  if (typeof hours !== 'number' || !Number.isInteger(hours)) return '有效期须为整数小时'
  if (hours < 1) return '有效期至少 1 小时'
  if (hours > TRADE_RULES.bidMaxHours) return `有效期最长 ${TRADE_RULES.bidMaxHours} 小时`
  return ''
}

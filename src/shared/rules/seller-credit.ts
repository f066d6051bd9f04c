/**
 * 卖家信用 (docs/trading-rules.md, "Seller credit"): the one rule turning a seller's numbers into a
 * level, computed by the server (modules/review) and read by the renderer to explain a level (what
 * it is made of, what the next one asks). Pure: tested on fixed data. A level is reached when every
 * one of its thresholds is met; the seller gets the highest such level. Averages and rates are
 * compared in integers (no rounding surprises).
 */

/** 信用等级, lowest first. */
export const CREDIT_LEVELS = ['新手卖家', '信誉卖家', '优质卖家', '金牌卖家', '皇冠卖家'] as const
export type CreditLevelName = (typeof CREDIT_LEVELS)[number]

/** Disputes the seller lost count against the top levels for this long after the refund. */
export const LOST_DISPUTE_WINDOW_DAYS = 90

export interface CreditInput {
  /** stars of the valid (not hidden) reviews, summed, and how many there are */
  starSum: number
  reviewCount: number
  /** orders COMPLETED or SETTLED */
  completed: number
  /** orders ever paid, and among them those taken to arbitration */
  paid: number
  disputed: number
  /** orders taken to arbitration and refunded to the buyer in the last LOST_DISPUTE_WINDOW_DAYS */
  lostRecent: number
}

export interface Credit {
  /** average stars, one decimal; null: no review yet */
  rating: number | null
  /** disputed / paid, 0…1 with 4 decimals */
  disputeRate: number
  level: number
  levelName: CreditLevelName
}

export interface CreditTier {
  level: number
  /** completed orders at least */
  completed: number
  /** reviews at least */
  reviews: number
  /** average stars × 10 at least (not held against a seller with no review, who may reach level 2 only) */
  avg10: number
  /** disputed orders per 1000 paid at most */
  maxDisputePermille: number
  /** no dispute lost in the last LOST_DISPUTE_WINDOW_DAYS */
  noRecentLoss: boolean
}

/** Thresholds of levels 2…5 (level 1, 新手卖家, has none). */
export const CREDIT_TIERS: readonly CreditTier[] = [
  { level: 2, completed: 3, reviews: 0, avg10: 45, maxDisputePermille: 100, noRecentLoss: false },
  { level: 3, completed: 10, reviews: 5, avg10: 46, maxDisputePermille: 50, noRecentLoss: false },
  { level: 4, completed: 20, reviews: 10, avg10: 48, maxDisputePermille: 20, noRecentLoss: true },
  { level: 5, completed: 100, reviews: 50, avg10: 48, maxDisputePermille: 10, noRecentLoss: true },
]

/** What of `tier` the seller does not meet yet, in Chinese (empty: the tier is reached). */
export function missingFor(i: CreditInput, tier: CreditTier): string[] {
  const missing: string[] = []
  if (i.completed < tier.completed) missing.push(`完成订单 ≥ ${tier.completed}`)
  if (i.reviewCount < tier.reviews) missing.push(`评价 ≥ ${tier.reviews} 条`)
  // with no review yet only level 2 (which asks for none) can be reached; an average is then not held against it
  if (i.reviewCount > 0 && i.starSum * 10 < tier.avg10 * i.reviewCount)
    missing.push(`评分 ≥ ${(tier.avg10 / 10).toFixed(1)}`)
  if (i.disputed * 1000 > tier.maxDisputePermille * i.paid)
    missing.push(`纠纷率 ≤ ${tier.maxDisputePermille / 10}%`)
  if (tier.noRecentLoss && i.lostRecent > 0) missing.push(`近 ${LOST_DISPUTE_WINDOW_DAYS} 天无败诉纠纷`)
  return missing
}

/** A tier's thresholds in Chinese, for the explanation of a level (the next one's demands). */
export function tierText(tier: CreditTier): string[] {
  return [
    `完成订单 ≥ ${tier.completed}`,
    ...(tier.reviews > 0 ? [`评价 ≥ ${tier.reviews} 条`] : []),
    `评分 ≥ ${(tier.avg10 / 10).toFixed(1)}${tier.reviews === 0 ? '（有评价时）' : ''}`,
    `纠纷率 ≤ ${tier.maxDisputePermille / 10}%`,
    ...(tier.noRecentLoss ? [`近 ${LOST_DISPUTE_WINDOW_DAYS} 天无败诉纠纷`] : []),
  ]
}

export function creditOf(i: CreditInput): Credit {
  let level = 1
  for (const tier of CREDIT_TIERS) if (missingFor(i, tier).length === 0) level = tier.level
  return {
    rating: i.reviewCount === 0 ? null : Math.round((i.starSum / i.reviewCount) * 10) / 10,
    disputeRate: i.paid === 0 ? 0 : Math.round((i.disputed / i.paid) * 10_000) / 10_000,
    level,
    levelName: CREDIT_LEVELS[level - 1]!,
  }
}

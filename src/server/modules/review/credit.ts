/**
 * 卖家信用 (docs/trading-rules.md, "Seller credit"): a pure function of a seller's numbers, so the rule
 * is tested on fixed data. A level is reached when every one of its thresholds is met; the seller
 * gets the highest such level. Averages and rates are compared in integers (no rounding surprises).
 */
import { CREDIT_LEVELS, type CreditLevelName } from '../../../shared/api/review'

export interface CreditInput {
  /** stars of the valid (not hidden) reviews, summed, and how many there are */
  starSum: number
  reviewCount: number
  /** orders COMPLETED or SETTLED */
  completed: number
  /** orders ever paid, and among them those taken to arbitration */
  paid: number
  disputed: number
}

export interface Credit {
  rating: number | null
  disputeRate: number
  level: number
  levelName: CreditLevelName
}

/** Thresholds of levels 2…5 (level 1, 新手卖家, has none). avg10: average stars × 10; rate in ‰. */
export const CREDIT_TIERS = [
  { level: 2, completed: 5, reviews: 0, avg10: 40, maxDisputePermille: 100 },
  { level: 3, completed: 20, reviews: 5, avg10: 45, maxDisputePermille: 50 },
  { level: 4, completed: 100, reviews: 20, avg10: 47, maxDisputePermille: 20 },
  { level: 5, completed: 500, reviews: 100, avg10: 48, maxDisputePermille: 10 },
] as const

export function creditOf(i: CreditInput): Credit {
  const meets = (t: (typeof CREDIT_TIERS)[number]) =>
    i.completed >= t.completed &&
    i.reviewCount >= t.reviews &&
    // with no review yet only level 2 (which asks for none) can be reached; an average is then not held against it
    (i.reviewCount === 0 || i.starSum * 10 >= t.avg10 * i.reviewCount) &&
    i.disputed * 1000 <= t.maxDisputePermille * i.paid
  let level = 1
  for (const tier of CREDIT_TIERS) if (meets(tier)) level = tier.level
  return {
    rating: i.reviewCount === 0 ? null : Math.round((i.starSum / i.reviewCount) * 10) / 10,
    disputeRate: i.paid === 0 ? 0 : Math.round((i.disputed / i.paid) * 10_000) / 10_000,
    level,
    levelName: CREDIT_LEVELS[level - 1],
  }
}

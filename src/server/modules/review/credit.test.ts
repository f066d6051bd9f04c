/** The seller credit formula and the plain-text rule on fixed data (no app). */
import { describe, expect, it } from 'vitest'
import { creditOf, CREDIT_TIERS } from './credit'
import { missingFor } from '../../../shared/rules/seller-credit'
import { maskName } from './service'
import { plainText } from './text'

const base = { starSum: 0, reviewCount: 0, completed: 0, paid: 0, disputed: 0, lostRecent: 0 }

describe('creditOf (src/shared/rules/seller-credit.ts)', () => {
  it('gives a new seller level 1 with no rating and no dispute rate', () => {
    expect(creditOf(base)).toEqual({ rating: null, disputeRate: 0, level: 1, levelName: '新手卖家' })
  })

  it('five sales rated 5.0 make a 信誉卖家, as do 3; 2 sales stay 新手卖家', () => {
    const five = { ...base, starSum: 25, reviewCount: 5, completed: 5, paid: 5 }
    expect(creditOf(five)).toMatchObject({ rating: 5, level: 2, levelName: '信誉卖家' })
    expect(creditOf({ ...base, completed: 3, paid: 3 }).levelName).toBe('信誉卖家')
    expect(creditOf({ ...base, starSum: 10, reviewCount: 2, completed: 2, paid: 2 }).level).toBe(1)
  })

  it('holds an average under 4.5 against level 2 once there are reviews', () => {
    // 3 reviews of 5, 5, 3 stars: average 4.3 < 4.5
    const c = creditOf({ ...base, starSum: 13, reviewCount: 3, completed: 10, paid: 10 })
    expect(c).toMatchObject({ rating: 4.3, level: 1 })
    expect(
      missingFor({ ...base, starSum: 13, reviewCount: 3, completed: 10, paid: 10 }, CREDIT_TIERS[0]!),
    ).toEqual(['评分 ≥ 4.5'])
    // 9 stars × 2 = 4.5 exactly reaches it
    expect(creditOf({ ...base, starSum: 9, reviewCount: 2, completed: 3, paid: 3 }).level).toBe(2)
  })

  it('needs every threshold of a level: completed, reviews, average and dispute rate', () => {
    const good = { ...base, starSum: 46, reviewCount: 10, completed: 10, paid: 20, disputed: 1 } // 4.6, 5 %
    expect(creditOf(good)).toMatchObject({ rating: 4.6, disputeRate: 0.05, level: 3, levelName: '优质卖家' })
    expect(creditOf({ ...good, completed: 9 }).level).toBe(2)
    expect(creditOf({ ...good, starSum: 45 }).level).toBe(2) // 4.5
    expect(creditOf({ ...good, starSum: 19, reviewCount: 4 }).level).toBe(2) // 4 reviews < 5
    expect(creditOf({ ...good, paid: 19 }).level).toBe(2) // 5.26 % > 5 %
  })

  it('金牌 asks 20 sales at 4.8 and no dispute lost in 90 days; 皇冠 more; disputes demote', () => {
    const gold = { ...base, starSum: 48, reviewCount: 10, completed: 20, paid: 50, disputed: 1 } // 4.8, 2 %
    expect(creditOf(gold)).toMatchObject({ rating: 4.8, level: 4, levelName: '金牌卖家' })
    // one dispute lost recently: 优质 at most, and the reason is named
    expect(creditOf({ ...gold, lostRecent: 1 }).level).toBe(3)
    expect(missingFor({ ...gold, lostRecent: 1 }, CREDIT_TIERS[2]!)).toEqual(['近 90 天无败诉纠纷'])
    expect(creditOf({ ...gold, starSum: 47 }).level).toBe(3) // 4.7
    const crown = { ...base, starSum: 4850, reviewCount: 1000, completed: 2000, paid: 2000, disputed: 20 } // 4.85, 1 %
    expect(creditOf(crown)).toMatchObject({ rating: 4.9, disputeRate: 0.01, level: 5, levelName: '皇冠卖家' })
    // the same seller with 11 % of orders disputed keeps nothing above level 1
    expect(creditOf({ ...crown, disputed: 220 })).toMatchObject({ disputeRate: 0.11, level: 1 })
  })
})

describe('plainText', () => {
  it('drops markup and control characters, keeps the words and line breaks', () => {
    expect(plainText('  <b>很好</b><script>alert(1)</script>\r\n\r\n\r\n\r\n卖家靠谱 <3\u200B\u0007 ')).toBe(
      '很好alert(1)\n\n卖家靠谱 <3',
    )
  })
  it('masks public buyer names', () => {
    expect(maskName('买家小王')).toBe('买**')
    expect(maskName('')).toBe('***')
  })
})

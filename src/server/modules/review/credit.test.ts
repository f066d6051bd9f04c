/** The seller credit formula and the plain-text rule on fixed data (no app). */
import { describe, expect, it } from 'vitest'
import { creditOf } from './credit'
import { maskName } from './service'
import { plainText } from './text'

const base = { starSum: 0, reviewCount: 0, completed: 0, paid: 0, disputed: 0 }

describe('creditOf', () => {
  it('gives a new seller level 1 with no rating and no dispute rate', () => {
    expect(creditOf(base)).toEqual({ rating: null, disputeRate: 0, level: 1, levelName: '新手卖家' })
  })

  it('reaches level 2 at 5 completed orders without reviews, not at 4', () => {
    expect(creditOf({ ...base, completed: 5, paid: 5 }).levelName).toBe('可信卖家')
    expect(creditOf({ ...base, completed: 4, paid: 4 }).level).toBe(1)
  })

  it('holds a low average against level 2 once there are reviews', () => {
    // 3 reviews of 4, 4, 3 stars: average 3.7 < 4.0
    const c = creditOf({ ...base, starSum: 11, reviewCount: 3, completed: 10, paid: 10 })
    expect(c).toMatchObject({ rating: 3.7, level: 1 })
    expect(creditOf({ ...base, starSum: 12, reviewCount: 3, completed: 10, paid: 10 }).level).toBe(2)
  })

  it('needs every threshold of a level: completed, reviews, average and dispute rate', () => {
    const good = { starSum: 45, reviewCount: 10, completed: 20, paid: 20, disputed: 1 } // 4.5, 5 %
    expect(creditOf(good)).toMatchObject({ rating: 4.5, disputeRate: 0.05, level: 3, levelName: '优质卖家' })
    expect(creditOf({ ...good, completed: 19 }).level).toBe(2)
    expect(creditOf({ ...good, starSum: 44 }).level).toBe(2) // 4.4
    expect(creditOf({ ...good, starSum: 18, reviewCount: 4 }).level).toBe(2) // 4 reviews < 5
    expect(creditOf({ ...good, paid: 19, disputed: 1 }).level).toBe(2) // 5.26 % > 5 %
  })

  it('ranks a large, well-rated seller 金牌 and 皇冠, and demotes on disputes', () => {
    const gold = { starSum: 94, reviewCount: 20, completed: 100, paid: 100, disputed: 2 } // 4.7, 2 %
    expect(creditOf(gold)).toMatchObject({ rating: 4.7, level: 4, levelName: '金牌卖家' })
    const crown = { starSum: 4850, reviewCount: 1000, completed: 2000, paid: 2000, disputed: 20 } // 4.85, 1 %
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

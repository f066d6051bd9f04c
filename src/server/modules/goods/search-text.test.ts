import { describe, expect, it } from 'vitest'
import { bucketTerms, filterTokens, ftsQuery, storedSearchTerms } from './search-text'

describe('filter tokens of the full-text query', () => {
  it('are letters and digits only', () => {
    expect(ftsQuery([['王者', '者荣']], { gameId: 3, serverId: 12, goodsType: 'ACCOUNT' })).toBe(
      '"王者 者荣" AND zzg3 AND zztaccount AND zzs12',
    )
  })

  it('refuse anything but a positive safe integer id', () => {
    for (const bad of [Infinity, -Infinity, NaN, 2.5, -1, 2 ** 53 + 2])
      expect(() => filterTokens({ gameId: bad })).toThrow(TypeError)
  })
})

describe('stored search terms (PostgreSQL)', () => {
  it('carry the id range of 2^17 listings, as `id >> 17` computes it', () => {
    expect(bucketTerms(1, ['王者'])).toEqual(['0:王者'])
    expect(bucketTerms(2 ** 17 - 1, ['王者'])).toEqual(['0:王者'])
    expect(bucketTerms(2 ** 17, ['王者', 'zzg3'])).toEqual(['1:王者', '1:zzg3'])
    expect(storedSearchTerms(7 * 2 ** 17 + 5, '王者 荣耀', { gameId: 3, goodsType: 'COIN' })).toEqual([
      '7:王者',
      '7:荣耀',
      '7:zzg3',
      '7:zztcoin',
    ])
    expect(() => bucketTerms(0, ['王者'])).toThrow(TypeError)
  })
})

import { describe, expect, it } from 'vitest'
import { filterTokens, ftsQuery } from './search-text'

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

import { describe, expect, it } from 'vitest'
import type { Game } from '@shared/api/game'
import { sortGames } from '@renderer/api/game'
import { gameListPath, homeSearchTarget, initialsOf, matchGames, pickGame } from './game-search'

const game = (
  gameId: number,
  nameCn: string,
  nameEn: string,
  initial: string,
  hot = false,
  sort = 0,
): Game => ({
  gameId,
  nameCn,
  nameEn,
  initial,
  hot,
  sort,
  icon: '',
  platforms: ['PC'],
})

const games = [
  game(1, '原神', 'Genshin Impact', 'Y', true, 2),
  game(2, '王者荣耀', 'Honor of Kings', 'W', true, 1),
  game(3, '梦幻西游', 'Fantasy Westward Journey', 'M'),
  game(4, '英雄联盟', 'League of Legends', 'Y'),
]

describe('game search', () => {
  it('matches Chinese and English names, and a single letter by initial', () => {
    expect(matchGames(games, '西游').map((g) => g.gameId)).toEqual([3])
    expect(matchGames(games, 'legends').map((g) => g.gameId)).toEqual([4])
    expect(matchGames(games, 'y').map((g) => g.gameId)).toEqual([1, 4])
    expect(matchGames(games, '  ')).toHaveLength(4)
  })
  it('picks an exact name or the only match, else nothing', () => {
    expect(pickGame(games, '原神')?.gameId).toBe(1)
    expect(pickGame(games, 'honor')?.gameId).toBe(2)
    expect(pickGame(games, 'y')).toBeUndefined()
    expect(pickGame(games, '')).toBeUndefined()
  })
  it('lists initials A-Z and builds the list address', () => {
    expect(initialsOf(games)).toEqual(['M', 'W', 'Y'])
    expect(gameListPath(5)).toBe('/list.html?gameId=5')
  })
  it('sorts hot games first, then by sort order', () => {
    expect(sortGames(games).map((g) => g.gameId)).toEqual([2, 1, 3, 4])
  })
})

describe('homeSearchTarget', () => {
  it('goes to the list of a named game', () => {
    expect(homeSearchTarget(games, ' 英雄联盟 ')).toBe('/list.html?gameId=4')
    expect(homeSearchTarget(games, 'genshin impact')).toBe('/list.html?gameId=1')
  })
  it('keeps the rest of the text as the keyword', () => {
    expect(homeSearchTarget(games, '原神 满命胡桃')).toBe(
      `/list.html?gameId=1&keyword=${encodeURIComponent('满命胡桃')}`,
    )
    expect(homeSearchTarget(games, '王者荣耀全皮肤')).toBe(
      `/list.html?gameId=2&keyword=${encodeURIComponent('全皮肤')}`,
    )
  })
  it('searches every game by keyword when no game is named', () => {
    expect(homeSearchTarget(games, '初始号')).toBe(`/list.html?keyword=${encodeURIComponent('初始号')}`)
  })
  it('is null for empty text', () => {
    expect(homeSearchTarget(games, '   ')).toBeNull()
  })
})

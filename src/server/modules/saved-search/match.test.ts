/** The in-memory match of one listing against a saved query: each condition on its own. */
import { describe, expect, it } from 'vitest'
import { parseListQuery } from '../../../shared/list-query'
import type { SaleFacts } from '../goods/service'
import { matchesQuery } from './match'

const listing: SaleFacts = {
  goodsId: 1,
  sellerId: 2,
  gameId: 3,
  gameName: '王者荣耀',
  goodsType: 'ACCOUNT',
  platform: 'iOS',
  areaId: 10,
  serverId: 11,
  price: 50_000,
  protectionDays: 0,
  title: 'V10 荣耀王者 Luna紫霞 满级',
  pairs: [
    { key: '段位', value: '荣耀王者' },
    { key: '典藏皮肤', value: '露娜·紫霞仙子' },
    { key: '可换绑', value: 'true' },
  ],
}
const matches = (query: string) => matchesQuery(parseListQuery(query), listing)

describe('matchesQuery', () => {
  it.each([
    ['gameId=3', true],
    ['gameId=4', false],
    ['gameId=3&goodsType=ACCOUNT', true],
    ['gameId=3&goodsType=COIN', false],
    ['gameId=3&platform=iOS', true],
    ['gameId=3&platform=Android', false],
    ['gameId=3&areaId=10&serverId=11', true],
    ['gameId=3&areaId=12', false],
    ['gameId=3&areaId=10&serverId=13', false],
    ['gameId=3&priceMin=500&priceMax=500', true],
    ['gameId=3&priceMin=500.01', false],
    ['gameId=3&priceMax=499.99', false],
    ['keyword=luna 满级', true],
    ['keyword=LUNA紫霞', true],
    ['keyword=luna 紫霞仙子', false],
    ['keyword=v10', true],
    ['keyword=王', true],
    ['keyword=满级 小号', false],
    ['gameId=3&attrs[段位]=荣耀王者&attrs[典藏皮肤]=露娜·紫霞仙子', true],
    ['gameId=3&attrs[可换绑]=true', true],
    ['gameId=3&attrs[可换绑]=false', false],
    ['gameId=3&attrs[段位]=最强王者', false],
    // attribute filters need the game, as in the search
    ['keyword=满级&attrs[段位]=荣耀王者', false],
  ])('%s → %s', (query, expected) => {
    expect(matches(query)).toBe(expected)
  })
})

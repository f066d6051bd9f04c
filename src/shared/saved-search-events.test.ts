/** The `saved-search` live event as a notification, and the list query both sides share. */
import { describe, expect, it } from 'vitest'
import type { GameArea, GoodsTypeConfig } from './api/game'
import { describeFilters, filterNamesOf, parseListQuery, savedSearchOf } from './list-query'
import { isAppRoutePath, notificationFor, SAVED_SEARCHES_PATH } from './live-events'

const event = (query: string, name = '王者满级号') =>
  ({ type: 'saved-search', data: { savedSearchId: 7, name, count: 12, query } }) as const

describe('saved-search notification', () => {
  it('names the search and the count, and opens the list page with the query', () => {
    const n = notificationFor(event('gameId=1&keyword=%E6%BB%A1%E7%BA%A7&attrs[%E6%AE%B5%E4%BD%8D]=x'))
    expect(n).toEqual({
      kind: 'saved-search',
      title: '您订阅的「王者满级号」有新商品',
      body: '12 件新上架或降价的商品符合您的订阅',
      path: '/list.html?gameId=1&keyword=%E6%BB%A1%E7%BA%A7&attrs%5B%E6%AE%B5%E4%BD%8D%5D=x',
    })
    expect(isAppRoutePath(n!.path)).toBe(true)
  })

  it('opens the saved-search page when the query cannot be a route path', () => {
    expect(notificationFor(event(`keyword=${'%E6%BB%A1'.repeat(80)}`))!.path).toBe(SAVED_SEARCHES_PATH)
    expect(notificationFor(event('keyword=a*b'))!.path).toBe(SAVED_SEARCHES_PATH)
  })
})

describe('saved list query', () => {
  it('keeps conditions and sort, drops page and size, canonical order', () => {
    expect(savedSearchOf('?limit=50&page=4&sort=newest&keyword=满级&gameId=3').query).toBe(
      'gameId=3&keyword=%E6%BB%A1%E7%BA%A7&sort=newest',
    )
  })

  it('describes the conditions in words', () => {
    const f = parseListQuery(
      'gameId=3&goodsType=COIN&platform=iOS&priceMin=1.5&attrs[vip]=true&sort=price_asc',
    )
    expect(describeFilters(f, { game: '原神', attrLabels: { vip: '会员' } })).toBe(
      '原神 · 游戏币 · iOS · ¥1.5 以上 · 会员：是 · 按价格从低到高',
    )
    expect(describeFilters(parseListQuery(''))).toBe('全部商品')
  })

  it("names a query's area, server and attributes from the game's data, the query's type first", () => {
    const areas = [
      {
        serverId: 10,
        name: '微信区',
        platform: null,
        children: [{ serverId: 11, name: '1区 梦回长安', platform: null }],
      },
    ] as unknown as GameArea[]
    const field = (key: string, label: string) => ({ key, label, kind: 'text', required: false })
    const goodsTypes = [
      { goodsType: 'ACCOUNT', attributes: [field('level', '账号等级')] },
      { goodsType: 'COIN', attributes: [field('level', '角色等级'), field('amount', '数量')] },
    ] as unknown as GoodsTypeConfig[]
    const f = parseListQuery('gameId=1&goodsType=COIN&areaId=10&serverId=11&attrs[level]=5')
    const names = filterNamesOf(f, { nameCn: '王者荣耀' }, areas, goodsTypes)
    expect(names).toEqual({
      game: '王者荣耀',
      area: '微信区',
      server: '1区 梦回长安',
      attrLabels: { level: '角色等级', amount: '数量' },
    })
    expect(describeFilters(f, names)).toBe('王者荣耀 · 游戏币 · 微信区 · 1区 梦回长安 · 角色等级：5')
    // ids the game does not know stay ids
    expect(
      describeFilters(
        parseListQuery('gameId=1&areaId=99'),
        filterNamesOf(parseListQuery('areaId=99'), undefined, areas, []),
      ),
    ).toBe('游戏 1 · 大区 99')
  })
})

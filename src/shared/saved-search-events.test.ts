/** The `saved-search` live event as a notification, and the list query both sides share. */
import { describe, expect, it } from 'vitest'
import { describeFilters, parseListQuery, savedSearchOf } from './list-query'
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
})

import { describe, expect, it } from 'vitest'
import { toQueryString } from '@renderer/api/query-string'
import {
  applyFilter,
  DEFAULT_FILTERS,
  hasNarrowing,
  knownAttrs,
  listHref,
  parseListQuery,
  shortYuan,
  toListSearch,
  toSearchQuery,
  type ListFilters,
} from './list-query'

const full: ListFilters = {
  gameId: 3,
  goodsType: 'ACCOUNT',
  platform: 'PC',
  areaId: 12,
  serverId: 14,
  priceMin: 10_000,
  priceMax: 99_950,
  keyword: '满级 账号',
  attrs: { rank: '最强王者', skins: '至尊宝', bound: 'true' },
  sort: 'price_asc',
  page: 2,
  limit: 30,
}

describe('list URL ⇄ filters', () => {
  it('round-trips every filter, attrs included', () => {
    const search = toListSearch(full)
    expect(parseListQuery(search)).toEqual(full)
    expect(parseListQuery(`?${search}`)).toEqual(full)
  })

  it('writes a canonical, readable query: 元 prices, attrs[key]=value, defaults left out', () => {
    const search = toListSearch(full)
    expect(search).toBe(
      'gameId=3&goodsType=ACCOUNT&platform=PC&areaId=12&serverId=14&priceMin=100&priceMax=999.5' +
        '&keyword=%E6%BB%A1%E7%BA%A7+%E8%B4%A6%E5%8F%B7' +
        '&attrs[bound]=true&attrs[rank]=%E6%9C%80%E5%BC%BA%E7%8E%8B%E8%80%85&attrs[skins]=%E8%87%B3%E5%B0%8A%E5%AE%9D' +
        '&sort=price_asc&page=2&limit=30',
    )
    expect(toListSearch(DEFAULT_FILTERS)).toBe('')
    expect(listHref({ ...DEFAULT_FILTERS, gameId: 5 })).toBe('/list.html?gameId=5')
    expect(listHref(DEFAULT_FILTERS)).toBe('/list.html')
  })

  it('reads the home page link and an empty query as the defaults', () => {
    expect(parseListQuery('gameId=5')).toEqual({ ...DEFAULT_FILTERS, gameId: 5 })
    expect(parseListQuery('')).toEqual(DEFAULT_FILTERS)
  })

  it('reads percent-encoded brackets too (what a browser or a share may produce)', () => {
    expect(parseListQuery('attrs%5Brank%5D=%E7%8E%8B%E8%80%85').attrs).toEqual({ rank: '王者' })
  })

  it('takes attribute keys in any script (the demo games name them in Chinese)', () => {
    const filters = { ...DEFAULT_FILTERS, gameId: 1, attrs: { 段位: '最强王者', 已实名: 'true' } }
    expect(toListSearch(filters)).toBe(
      `gameId=1&attrs[${encodeURIComponent('已实名')}]=true&attrs[${encodeURIComponent('段位')}]=${encodeURIComponent('最强王者')}`,
    )
    expect(parseListQuery(toListSearch(filters))).toEqual(filters)
  })

  it('ignores what it cannot read instead of failing', () => {
    const filters = parseListQuery(
      'gameId=abc&goodsType=HACK&areaId=-1&priceMin=1.234&priceMax=x&sort=evil&page=0&limit=25&attrs[]=1&attrs[a]b]=1&attrs[ok]=',
    )
    expect(filters).toEqual(DEFAULT_FILTERS)
  })

  it('swaps a reversed price range and caps the keyword', () => {
    const filters = parseListQuery(`priceMin=500&priceMax=20&keyword=${'长'.repeat(80)}`)
    expect(filters.priceMin).toBe(2000)
    expect(filters.priceMax).toBe(50_000)
    expect(filters.keyword).toHaveLength(50)
  })

  it('keeps prices exact', () => {
    expect(parseListQuery('priceMin=0.29&priceMax=19.99')).toMatchObject({ priceMin: 29, priceMax: 1999 })
    expect(shortYuan(100)).toBe('1')
    expect(shortYuan(150)).toBe('1.5')
    expect(shortYuan(1999)).toBe('19.99')
    expect(shortYuan(1000)).toBe('10')
  })
})

describe('applyFilter', () => {
  it('goes back to page 1 on any change', () => {
    expect(applyFilter(full, { keyword: '新' }).page).toBe(1)
  })
  it('a new game clears platform, area, server and attrs', () => {
    const next = applyFilter(full, { gameId: 4 })
    expect(next).toEqual({
      gameId: 4,
      goodsType: 'ACCOUNT',
      priceMin: 10_000,
      priceMax: 99_950,
      keyword: '满级 账号',
      attrs: {},
      sort: 'price_asc',
      page: 1,
      limit: 30,
    })
  })
  it('a new platform clears area and server; a new area clears the server', () => {
    expect(applyFilter(full, { platform: 'iOS' })).not.toHaveProperty('areaId')
    expect(applyFilter(full, { platform: 'iOS' })).not.toHaveProperty('serverId')
    const next = applyFilter(full, { areaId: 13 })
    expect(next.areaId).toBe(13)
    expect(next).not.toHaveProperty('serverId')
    expect(applyFilter(full, { areaId: 13, serverId: 20 }).serverId).toBe(20)
  })
  it('a new goods type clears the attribute filters', () => {
    expect(applyFilter(full, { goodsType: 'COIN' }).attrs).toEqual({})
  })
  it('clearing a field removes it from the URL', () => {
    expect(toListSearch(applyFilter(full, { keyword: undefined }))).not.toContain('keyword')
  })
})

describe('toSearchQuery', () => {
  it('sends fen, paging and attrs as attrs[key]', () => {
    const query = toSearchQuery(full)
    expect(query).toEqual({
      pageNum: 2,
      pageSize: 30,
      sort: 'price_asc',
      gameId: 3,
      goodsType: 'ACCOUNT',
      platform: 'PC',
      areaId: 12,
      serverId: 14,
      priceMin: 10_000,
      priceMax: 99_950,
      keyword: '满级 账号',
      attrs: { rank: '最强王者', skins: '至尊宝', bound: 'true' },
    })
    expect(decodeURIComponent(toQueryString(query as Record<string, unknown>))).toContain(
      'attrs[rank]=最强王者',
    )
  })
  it('sends only paging and sort for the defaults', () => {
    expect(toSearchQuery(DEFAULT_FILTERS)).toEqual({ pageNum: 1, pageSize: 20, sort: 'default' })
  })
})

describe('knownAttrs', () => {
  const fields = [
    { key: '段位', kind: 'select', options: ['黄金', '王者'] },
    { key: '已实名', kind: 'boolean' },
  ]
  it('keeps the filters the game offers and drops the rest', () => {
    expect(knownAttrs({ 段位: '王者', 已实名: 'true', 皮肤: '100', x: 'y' }, fields)).toEqual({
      段位: '王者',
      已实名: 'true',
    })
    expect(knownAttrs({ 段位: '青铜', 已实名: 'yes' }, fields)).toEqual({})
  })
})

describe('hasNarrowing', () => {
  it('is false for a game alone, true with any filter', () => {
    expect(hasNarrowing({ ...DEFAULT_FILTERS, gameId: 1 })).toBe(false)
    expect(hasNarrowing({ ...DEFAULT_FILTERS, attrs: { rank: 'a' } })).toBe(true)
    expect(hasNarrowing({ ...DEFAULT_FILTERS, priceMax: 1 })).toBe(true)
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { useTagsViewStore, type TagView } from './tags-view'

const home: TagView = { path: '/index', name: 'Index', meta: { title: '首页', affix: true } }
const orders: TagView = { path: '/orders', name: 'Orders', meta: { title: '订单' } }
const goods: TagView = { path: '/goods', name: 'Goods', meta: { title: '商品', noCache: true } }
const untitled: TagView = { path: '/x', name: 'X' }

const state = () => useTagsViewStore.getState()

beforeEach(() => useTagsViewStore.setState({ visitedViews: [], cachedViews: [] }))

describe('tags view', () => {
  it('adds a view once per path, with its title or no-name', () => {
    state().addView(home)
    state().addView(orders)
    state().addView({ ...orders, name: 'Other' })
    state().addView(untitled)
    expect(state().visitedViews.map((v) => v.path)).toEqual(['/index', '/orders', '/x'])
    expect(state().visitedViews.map((v) => v.title)).toEqual(['首页', '订单', 'no-name'])
  })

  it('caches views unless meta.noCache', () => {
    state().addView(orders)
    state().addView(goods)
    state().addView(orders)
    expect(state().cachedViews).toEqual(['Orders'])
    expect(state().visitedViews).toHaveLength(2)
  })

  it('removes one view (visited and cached)', () => {
    ;[home, orders, goods].forEach((v) => state().addView(v))
    state().delView(orders)
    expect(state().visitedViews.map((v) => v.path)).toEqual(['/index', '/goods'])
    expect(state().cachedViews).toEqual(['Index'])
  })

  it('removes all others but keeps affix views', () => {
    ;[home, orders, goods, untitled].forEach((v) => state().addView(v))
    state().delOthersViews(goods)
    expect(state().visitedViews.map((v) => v.path)).toEqual(['/index', '/goods'])
    expect(state().cachedViews).toEqual([])
    state().addView(orders)
    state().delOthersViews(orders)
    expect(state().cachedViews).toEqual(['Orders'])
  })

  it('removes all but affix views and clears the cache', () => {
    ;[home, orders, goods].forEach((v) => state().addView(v))
    state().delAllViews()
    expect(state().visitedViews.map((v) => v.path)).toEqual(['/index'])
    expect(state().cachedViews).toEqual([])
  })

  it('knows the index of the active tab', () => {
    ;[home, orders].forEach((v) => state().addView(v))
    expect(state().indexOf('/orders')).toBe(1)
    expect(state().indexOf('/nope')).toBe(-1)
  })
})

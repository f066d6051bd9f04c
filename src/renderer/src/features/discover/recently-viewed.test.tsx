import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import type { GoodsBrief } from '@shared/api/goods'
import { clearRecent, readRecent, RECENT_KEY, recordView, useRecentlyViewed } from './recently-viewed'
import { draftAttrs, priceNote } from './ValuationPanel'
import { verdictText } from './PriceVerdict'

const listing = (goodsId: number, title = `商品${goodsId}`): GoodsBrief =>
  ({ goodsId, title, price: goodsId * 100, coverUrl: null, gameName: '王者荣耀' }) as GoodsBrief

function Titles() {
  const list = useRecentlyViewed()
  return <p data-testid="titles">{list.map((e) => e.title).join(',') || '空'}</p>
}

beforeEach(() => localStorage.clear())

describe('recently viewed', () => {
  it('keeps the newest first, one entry per listing, at most 12', () => {
    for (let id = 1; id <= 14; id++) recordView(listing(id), id)
    recordView(listing(5, '商品5 改'), 99)
    const list = readRecent()
    expect(list).toHaveLength(12)
    expect(list[0]).toMatchObject({ goodsId: 5, title: '商品5 改', viewedAt: 99 })
    expect(list.map((e) => e.goodsId)).toEqual([5, 14, 13, 12, 11, 10, 9, 8, 7, 6, 4, 3])
    // the same array while nothing changed (a stable snapshot for React)
    expect(readRecent()).toBe(list)
  })

  it('reads a broken or foreign stored value as empty, and drops bad entries', () => {
    localStorage.setItem(RECENT_KEY, '{not json')
    expect(readRecent()).toEqual([])
    localStorage.setItem(RECENT_KEY, JSON.stringify([{ goodsId: 'x' }, { ...listing(2), viewedAt: 1 }]))
    expect(readRecent().map((e) => e.goodsId)).toEqual([2])
  })

  it('renders nothing on the server, the stored list in the browser, and follows changes', () => {
    recordView(listing(1))
    expect(renderToString(<Titles />)).toContain('空')
    render(<Titles />)
    expect(screen.getByTestId('titles').textContent).toBe('商品1')
    act(() => recordView(listing(2)))
    expect(screen.getByTestId('titles').textContent).toBe('商品2,商品1')
    act(() => clearRecent())
    expect(screen.getByTestId('titles').textContent).toBe('空')
  })
})

describe('valuation texts', () => {
  it('compares a price with the middle of the estimate', () => {
    expect(verdictText(8_800, 10_000, 90)).toBe('低于近 90 天同类成交价 12%')
    expect(verdictText(11_500, 10_000, 90)).toBe('高于近 90 天同类成交价 15%')
    expect(verdictText(10_200, 10_000, 90)).toBe('接近近 90 天同类成交价')
    expect(priceNote(-12)).toBe('比估价中位低 12%')
    expect(priceNote(2)).toBe('接近估价中位')
  })
  it('sends form attribute values as attrs text', () => {
    expect(
      draftAttrs({ 段位: '王者', 英雄数量: 100, 典藏: ['a', 'b'], 空: [], 无: undefined, 可改: false }),
    ).toEqual({
      段位: '王者',
      英雄数量: '100',
      典藏: 'a,b',
      可改: 'false',
    })
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { brief, SHOP } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import ShopPage from './ShopPage'

let server: FakeServer
afterEach(() => server.restore())

const lastSearch = () => server.callsTo(GOODS.search).at(-1)!.query

describe('/shop/{shopId}.html', () => {
  it('shows the profile, stats and the listings of the seller', async () => {
    server = fakeServer()
      .on(GOODS.shop, SHOP)
      .on(GOODS.search, { rows: [brief(1), brief(2)], total: 2, totalCapped: false })
    renderPage(<ShopPage />, { url: '/shop/2.html', path: '/shop/:file' })
    expect(await screen.findByText('卖家老李', { selector: 'h1' })).toBeTruthy()
    expect(server.callsTo(GOODS.shop)[0]!.params).toEqual({ shopId: '2' })
    expect(screen.getByText('诚信经营')).toBeTruthy()
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
    expect(lastSearch()).toMatchObject({ sellerId: 2, pageNum: 1, pageSize: 20, sort: 'newest' })
    fireEvent.click(screen.getByText('王者荣耀（2）'))
    await waitFor(() => expect(lastSearch()).toMatchObject({ sellerId: 2, gameId: 1 }))
  })

  it('says so when the shop does not exist', async () => {
    server = fakeServer().fail(GOODS.shop, 404, '店铺不存在').on(GOODS.search, {
      rows: [],
      total: 0,
      totalCapped: false,
    })
    renderPage(<ShopPage />, { url: '/shop/9.html', path: '/shop/:file' })
    expect(await screen.findByText('店铺不存在')).toBeTruthy()
  })
})

/** /seller/receivedBids.html: the bids on my listings by state, answered in place. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { BID, type Bid } from '@shared/api/bid'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import ReceivedBidsPage from './ReceivedBidsPage'

const BID_ROW: Bid = {
  bidId: 9,
  goodsId: 3,
  goodsTitle: '王者荣耀账号 3',
  askPrice: 10_000,
  buyerId: 5,
  buyerName: '买家小王',
  sellerId: 2,
  sellerName: '卖家老李',
  price: 8000,
  counterPrice: null,
  status: 'PENDING',
  expiresAt: Date.now() + 3_600_000,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  orderNo: null,
}

let server: FakeServer
beforeEach(() => logIn())
afterEach(() => server.restore())

describe('/seller/receivedBids.html', () => {
  it('lists pending bids first, filters by state, and rejects in place', async () => {
    server = fakeServer()
      .on(BID.list, { rows: [BID_ROW], total: 1 })
      .on(BID.reject, { ...BID_ROW, status: 'REJECTED' })
    const page = renderPage(<ReceivedBidsPage />, { url: '/seller/receivedBids.html' })
    expect(await screen.findByText('王者荣耀账号 3')).toBeTruthy()
    // the seller centre leads to 代售中心 too
    expect(screen.getByRole('link', { name: '代售中心' }).getAttribute('href')).toBe(
      '/agencySale/agencySaleGoods.html',
    )
    expect(server.callsTo(BID.list)[0]!.query).toEqual({
      role: 'seller',
      status: 'PENDING',
      pageNum: 1,
      pageSize: 20,
    })
    fireEvent.click(screen.getByText('拒 绝'))
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
      if (!button) throw new Error('no confirmation')
      return button
    })
    fireEvent.click(ok)
    await waitFor(() => expect(server.callsTo(BID.reject)).toHaveLength(1))
    expect(server.callsTo(BID.reject)[0]!.body).toEqual({ bidId: 9 })

    fireEvent.click(screen.getByRole('tab', { name: '全部' }))
    await waitFor(() => expect(page.location()).toBe('/seller/receivedBids.html?status=ALL'))
    await waitFor(() =>
      expect(server.callsTo(BID.list).at(-1)!.query).toEqual({ role: 'seller', pageNum: 1, pageSize: 20 }),
    )
  })

  it("the 还价 dialog states the buyer's bid and the asking price, and checks the counter against both", async () => {
    server = fakeServer()
      .on(BID.list, { rows: [BID_ROW], total: 1 })
      .on(BID.counter, { ...BID_ROW, status: 'COUNTERED', counterPrice: 9000 })
    renderPage(<ReceivedBidsPage />, { url: '/seller/receivedBids.html' })
    fireEvent.click(await screen.findByText('还 价'))
    const terms = await waitFor(() => {
      const p = document.querySelector('.bid-counter-terms')
      if (!p) throw new Error('no terms')
      return p
    })
    expect(terms.textContent).toContain('买家出价 ¥80.00')
    expect(terms.textContent).toContain('商品售价 ¥100.00')
    const input = screen.getByLabelText('还价（元）')
    fireEvent.change(input, { target: { value: '80' } })
    fireEvent.click(screen.getByText('提 交'))
    expect(await screen.findByText('还价须高于买家出价 ¥80.00')).toBeTruthy()
    // the asking price itself is a valid counter (the server takes price ≤ ask)
    fireEvent.change(input, { target: { value: '100' } })
    fireEvent.click(screen.getByText('提 交'))
    await waitFor(() => expect(server.callsTo(BID.counter)).toHaveLength(1))
    expect(server.callsTo(BID.counter)[0]!.body).toEqual({ bidId: 9, price: 10_000 })
  })
})

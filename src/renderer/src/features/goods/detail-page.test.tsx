import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { BID, type Bid, type BidTerms } from '@shared/api/bid'
import { FOLLOW } from '@shared/api/follow'
import { GOODS, GOODS_MSG, type GoodsDetail } from '@shared/api/goods'
import { MSG } from '@shared/messages'
import { detail, logIn, logOut, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import DetailPage from './DetailPage'

let server: FakeServer
afterEach(() => server.restore())
// the bid widgets are a lazy chunk (BuyActions): compiled here once, not inside a test's wait for the form
beforeAll(() => import('@renderer/components/bids'), 30_000)
beforeEach(() => logOut())

const TERMS: BidTerms = {
  goodsId: 5,
  askPrice: 12_345,
  minPrice: 3_704,
  sellerSet: false,
  floorPercent: 30,
  openBid: null,
}

/** The listing's answers (and an empty bid list for a logged-in viewer). */
function serve(listing: GoodsDetail = detail(5)) {
  server = withGames(fakeServer())
    .on(GOODS.detail, listing)
    .on(FOLLOW.follow, undefined)
    .on(BID.list, { rows: [], total: 0 })
    .on(BID.terms, TERMS)
  return server
}

const renderDetail = (url = '/detail/5.html') => renderPage(<DetailPage />, { url, path: '/detail/:file' })
/** A button by its text (antd puts a space between two Chinese characters). */
const button = (text: RegExp) => screen.getByText(text).closest('button') as HTMLElement

describe('/detail/{goodsId}.html', () => {
  it('shows gallery, price, attributes with their labels, seller and safety notes', async () => {
    serve()
    renderDetail()
    expect(await screen.findByText('王者荣耀账号 5', { selector: 'h1' })).toBeTruthy()
    expect(server.callsTo(GOODS.detail)[0]!.params).toEqual({ goodsId: '5' })
    const main = screen.getByAltText('王者荣耀账号 5 截图 1')
    expect(main.getAttribute('src')).toBe('/api/goods/image/file/a.jpg')
    expect(document.querySelectorAll('.gallery__thumb')).toHaveLength(2)
    fireEvent.click(screen.getByLabelText('第 2 张截图'))
    expect(screen.getByAltText('王者荣耀账号 5 截图 2').getAttribute('src')).toBe(
      '/api/goods/image/file/b.jpg',
    )
    // the price, and again in the buyer's row (the phone's bottom bar, hidden from screen readers)
    expect(screen.getByText('¥123.45', { selector: 'strong' })).toBeTruthy()
    expect(
      screen.getByText('¥123.45', { selector: '.detail-buybar__price' }).getAttribute('aria-hidden'),
    ).toBe('true')
    const attributes = await screen.findByText('已实名认证')
    expect(attributes.nextElementSibling?.textContent).toBe('是')
    expect(screen.getByText('120 个')).toBeTruthy()
    expect(screen.getByText('全英雄，可改实名。\n第二行', { normalizer: (t) => t })).toBeTruthy()
    expect(screen.getByText('卖家老李', { selector: 'a' }).getAttribute('href')).toBe('/shop/2.html')
    expect(screen.getByText(/切勿私下交易/)).toBeTruthy()
    expect(await screen.findByText(/冻结 7 天/)).toBeTruthy()
  })

  it("offers a phone the screenshot's screen-wide copy; a picture no wider than it is sent alone", async () => {
    const base = detail(5)
    const [small, wide] = base.images
    serve({ ...base, images: [{ ...wide!, width: 1920, height: 1080 }, small!] })
    renderDetail()
    const main = await screen.findByAltText('王者荣耀账号 5 截图 1')
    expect(main.getAttribute('src')).toBe('/api/goods/image/file/b.jpg')
    expect(main.getAttribute('srcset')).toBe(
      '/api/goods/image/file/b_m.jpg 800w, /api/goods/image/file/b.jpg 1920w',
    )
    expect(main.getAttribute('sizes')).toBe('(max-width: 991px) 100vw, 480px')
    fireEvent.click(screen.getByLabelText('第 2 张截图'))
    expect(screen.getByAltText('王者荣耀账号 5 截图 2').hasAttribute('srcset')).toBe(false)
  })

  it('buy and bid ask for a login first', async () => {
    serve()
    const page = renderDetail()
    await screen.findByText('立即购买')
    fireEvent.click(button(/立即购买/))
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    await waitFor(() =>
      expect(page.location()).toBe(`/login.html?redirect=${encodeURIComponent('/detail/5.html')}`),
    )
  })

  it('logged in: 立即购买 goes to the order page, 出价 opens the bid form', async () => {
    serve()
    logIn()
    const page = renderDetail()
    await screen.findByText('立即购买')
    fireEvent.click(button(/^出\s*价$/))
    // the dialog's chunk loads with the first click, then the listing's bid terms
    expect(await screen.findByLabelText('我的出价（元）', {}, { timeout: 10_000 })).toBeTruthy()
    fireEvent.click(button(/^取\s*消$/))
    fireEvent.click(button(/立即购买/))
    await waitFor(() => expect(page.location()).toBe('/buyer/buy.html?goodsId=5'))
  })

  it('logged in: following works and counts', async () => {
    serve()
    logIn()
    renderDetail()
    await screen.findByText('立即购买')
    expect(screen.getByLabelText('3 人关注')).toBeTruthy()
    fireEvent.click(button(/关注商品/))
    await waitFor(() => expect(server.callsTo(FOLLOW.follow)).toHaveLength(1))
    expect(server.callsTo(FOLLOW.follow)[0]!.body).toEqual({ goodsId: 5 })
    expect(await screen.findByText('已关注')).toBeTruthy()
    expect(screen.getByLabelText('4 人关注')).toBeTruthy()
    // following does not load the listing again (that would count a view)
    expect(server.callsTo(GOODS.detail)).toHaveLength(1)
  })

  it('says clearly when a listing is sold, without buy or bid', async () => {
    serve(detail(5, { status: 'SOLD' }))
    renderDetail()
    expect(await screen.findByText('该商品已售出')).toBeTruthy()
    expect(screen.queryByText('立即购买')).toBeNull()
    expect(screen.queryByText(/^出\s*价$/)).toBeNull()
  })

  it('shows a taken-down listing as 已下架 to a follower: no buy, no bid, unfollow still there', async () => {
    serve(detail(5, { status: 'OFF_SHELF', followed: true }))
    logIn()
    renderDetail()
    expect(await screen.findByText('该商品已下架')).toBeTruthy()
    expect(screen.getByText(/卖家已下架这件商品/)).toBeTruthy()
    expect(screen.getByText('王者荣耀账号 5', { selector: 'h1' })).toBeTruthy()
    expect(screen.queryByText('商品不存在或已被删除')).toBeNull()
    expect(screen.queryByText('立即购买')).toBeNull()
    expect(screen.queryByText(/^出\s*价$/)).toBeNull()
    expect(screen.getByText('已关注')).toBeTruthy()
  })

  it('staff preview: a held listing shows whole under a banner with the reason, without buy', async () => {
    serve(detail(5, { status: 'AUDITING', preview: { status: 'AUDITING', reason: '描述含联系方式' } }))
    logIn()
    renderDetail()
    expect(await screen.findByText('预览：此商品未上架（描述含联系方式）')).toBeTruthy()
    expect(screen.getByText('全英雄，可改实名。\n第二行', { normalizer: (t) => t })).toBeTruthy()
    expect(screen.getByAltText('王者荣耀账号 5 截图 1')).toBeTruthy()
    expect(screen.queryByText('立即购买')).toBeNull()
  })

  it('a listing hidden for now (在审核) says 已下架, not deleted', async () => {
    serve().fail(GOODS.detail, 404, GOODS_MSG.OFF_SHELF)
    renderDetail()
    expect(await screen.findByText('该商品已下架')).toBeTruthy()
    expect(screen.queryByText('商品不存在或已被删除')).toBeNull()
  })

  it('refuses a bid validity over the maximum with the maximum, and sends a valid one', async () => {
    serve().on(BID.create, {} as Bid)
    logIn()
    renderDetail()
    await screen.findByText('立即购买')
    fireEvent.click(button(/^出\s*价$/))
    fireEvent.change(await screen.findByLabelText('我的出价（元）'), { target: { value: '100' } })
    const hours = screen.getByLabelText('有效期（小时）')
    fireEvent.change(hours, { target: { value: '100' } })
    fireEvent.blur(hours)
    fireEvent.click(button(/^提\s*交$/))
    expect(await screen.findByText('有效期最长 72 小时')).toBeTruthy()
    expect((hours as HTMLInputElement).value).toBe('100')
    expect(server.callsTo(BID.create)).toHaveLength(0)

    fireEvent.change(hours, { target: { value: '72' } })
    fireEvent.click(button(/^提\s*交$/))
    await waitFor(() => expect(server.callsTo(BID.create)).toHaveLength(1))
    expect(server.callsTo(BID.create)[0]!.body).toEqual({ goodsId: 5, price: 10_000, expiresInHours: 72 })
  })

  it('refuses a bid under the floor with the minimum named, before anything is sent', async () => {
    serve().on(BID.create, {} as Bid)
    logIn()
    renderDetail()
    await screen.findByText('立即购买')
    fireEvent.click(button(/^出\s*价$/))
    expect(await screen.findByText(/最低出价 ¥37\.04/)).toBeTruthy()
    fireEvent.change(await screen.findByLabelText('我的出价（元）'), { target: { value: '1' } })
    fireEvent.click(button(/^提\s*交$/))
    expect(await screen.findByText('出价不能低于 ¥37.04（售价的 30%）')).toBeTruthy()
    expect(server.callsTo(BID.create)).toHaveLength(0)
  })

  it('with my bid still open, 出价 says so instead of a form', async () => {
    const open = { bidId: 9, goodsId: 5, price: 10_000, status: 'PENDING' } as Bid
    serve().on(BID.terms, { ...TERMS, openBid: open })
    logIn()
    renderDetail()
    await screen.findByText('立即购买')
    fireEvent.click(button(/^出\s*价$/))
    expect(await screen.findByText('您已对该商品出价 ¥100.00（待卖家处理）')).toBeTruthy()
    expect(screen.queryByLabelText('我的出价（元）')).toBeNull()
  })

  it('a missing listing shows a page, not a toast', async () => {
    serve().fail(GOODS.detail, 404, '商品不存在')
    renderDetail()
    expect(await screen.findByText('商品不存在或已被删除')).toBeTruthy()
  })

  it('an address that is not a listing id shows the same page', async () => {
    serve()
    renderDetail('/detail/abc.html')
    expect(await screen.findByText('商品不存在或已被删除')).toBeTruthy()
    expect(server.callsTo(GOODS.detail)).toHaveLength(0)
  })
})

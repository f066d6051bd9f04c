import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS_MSG, GOODS_PATHS } from '@shared/api/goods'
import { TRADE_PATHS } from '@shared/api/trade'
import { MSG } from '@shared/messages'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'
import { baseRoutes, brief, detail, logIn, logOut } from '@renderer/testing/catalogue-fixtures'
import { resetCatalogueCache } from './catalogue-cache'

let api: FakeApi
let searchRows = [
  brief(1, { pushed: true }),
  brief(2, { title: '<img src=x onerror="window.__hacked=1">满级号' }),
]

function install(extra: Record<string, unknown> = {}) {
  api?.restore()
  api = fakeApi({
    ...baseRoutes(),
    [GOODS_PATHS.search]: () => ({ code: 200, msg: '', rows: searchRows, total: searchRows.length }),
    '/goods/detail/5': ok(detail(5)),
    '/goods/follow': ok(),
    '/goods/unfollow': ok(),
    '/goods/shop/2': ok({
      shopId: 2,
      shopName: '卖家老李',
      avatar: '',
      since: 1_700_000_000_000,
      onSaleCount: 2,
      soldCount: 9,
      intro: '诚信经营',
      games: [{ gameId: 1, nameCn: '王者荣耀', count: 2 }],
    }),
    ...extra,
  })
}

beforeEach(() => {
  resetCatalogueCache()
  searchRows = [
    brief(1, { pushed: true }),
    brief(2, { title: '<img src=x onerror="window.__hacked=1">满级号' }),
  ]
  install()
  logOut()
})
afterEach(() => api.restore())

const lastSearch = () => api.callsTo(GOODS_PATHS.search).at(-1)!.params as Record<string, unknown>

describe('/list.html', () => {
  it('searches with the filters of the URL (fen, attrs) and shows the listings, titles as text', async () => {
    renderApp(
      `/list.html?gameId=1&goodsType=ACCOUNT&priceMin=100&attrs[${encodeURIComponent('段位')}]=${encodeURIComponent('最强王者')}&sort=price_asc`,
    )
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
    expect(lastSearch()).toEqual({
      pageNum: 1,
      pageSize: 20,
      sort: 'price_asc',
      gameId: 1,
      goodsType: 'ACCOUNT',
      priceMin: 10_000,
      attrs: { 段位: '最强王者' },
    })
    // HTML in a title is shown as characters and never becomes an element
    expect(screen.getByText('<img src=x onerror="window.__hacked=1">满级号')).toBeTruthy()
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect((window as unknown as { __hacked?: number }).__hacked).toBeUndefined()
    // pushed listings carry 推荐, prices in 元, links to the detail
    const first = screen.getByRole('article', { name: '王者荣耀账号 1' })
    expect(within(first).getByText('推荐')).toBeTruthy()
    expect(within(first).getByText('¥123.45')).toBeTruthy()
    expect(within(first).getByText('王者荣耀账号 1').closest('a')?.getAttribute('href')).toBe(
      '/detail/1.html',
    )
    expect(document.querySelector('.list-total')?.textContent).toContain('共 2 件商品')
    // the chosen filters are marked
    expect(screen.getByRole('button', { name: '最强王者' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('tab', { name: '价格 ↑' }).getAttribute('aria-selected')).toBe('true')
  })

  it('puts every filter change in the URL and starts again at page 1', async () => {
    const app = renderApp('/list.html?gameId=1&page=3')
    await screen.findByText('王者荣耀账号 1')
    fireEvent.click(await screen.findByRole('button', { name: '苹果QQ区' }))
    await waitFor(() => expect(app.location()).toBe('/list.html?gameId=1&areaId=10'))
    fireEvent.click(await screen.findByRole('button', { name: '2区 稷下学院' }))
    await waitFor(() => expect(app.location()).toBe('/list.html?gameId=1&areaId=10&serverId=12'))
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ gameId: 1, areaId: 10, serverId: 12, pageNum: 1 }),
    )

    // a reversed price range is put the right way round
    fireEvent.change(screen.getByRole('textbox', { name: '最低价（元）' }), { target: { value: '500' } })
    fireEvent.change(screen.getByRole('textbox', { name: '最高价（元）' }), { target: { value: '99.5' } })
    fireEvent.click(screen.getByRole('button', { name: '确 定' }))
    await waitFor(() =>
      expect(app.location()).toBe('/list.html?gameId=1&areaId=10&serverId=12&priceMin=99.5&priceMax=500'),
    )
    await waitFor(() => expect(lastSearch()).toMatchObject({ priceMin: 9950, priceMax: 50_000 }))

    fireEvent.click(screen.getByRole('tab', { name: '最新' }))
    await waitFor(() => expect(app.location()).toContain('sort=newest'))

    // back goes to the previous search
    await act(() => app.router.navigate(-1))
    await waitFor(() => expect(app.location()).not.toContain('sort=newest'))
  })

  it('refuses a price that is not an amount', async () => {
    const app = renderApp('/list.html?gameId=1')
    await screen.findByText('王者荣耀账号 1')
    fireEvent.change(screen.getByRole('textbox', { name: '最低价（元）' }), { target: { value: '1.234' } })
    fireEvent.click(screen.getByRole('button', { name: '确 定' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(app.location()).toBe('/list.html?gameId=1')
  })

  it('shows a hint and a way out when nothing matches', async () => {
    searchRows = []
    const app = renderApp('/list.html?gameId=1&keyword=xyz')
    expect(await screen.findByText('没有找到符合条件的商品')).toBeTruthy()
    fireEvent.click(screen.getAllByRole('button', { name: /清空筛选/ }).at(-1)!)
    await waitFor(() => expect(app.location()).toBe('/list.html?gameId=1'))
  })

  it('a page past the last result says so (not the search cap) and leads to the last page', async () => {
    install({ [GOODS_PATHS.search]: () => ({ code: 200, msg: '查询成功', rows: [], total: 45 }) })
    const app = renderApp('/list.html?gameId=1&page=9')
    expect(await screen.findByText('这一页没有商品了')).toBeTruthy()
    expect(screen.getByText('共 45 件商品，已超出最后一页')).toBeTruthy()
    expect(screen.queryByText(/最多浏览前/)).toBeNull()
    expect(screen.queryByText('没有找到符合条件的商品')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '去最后一页' }))
    await waitFor(() => expect(app.location()).toBe('/list.html?gameId=1&page=3'))
  })

  it('asks a logged-out visitor to log in before following', async () => {
    const app = renderApp('/list.html?gameId=1')
    await screen.findByText('王者荣耀账号 1')
    fireEvent.click(screen.getByRole('button', { name: '关注：王者荣耀账号 1' }))
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    await waitFor(() =>
      expect(app.location()).toBe(`/login.html?redirect=${encodeURIComponent('/list.html?gameId=1')}`),
    )
    expect(api.callsTo('/goods/follow')).toHaveLength(0)
  })

  it('follows and unfollows from the list when logged in', async () => {
    install({
      [GOODS_PATHS.followList]: {
        code: 200,
        msg: '',
        rows: [{ ...brief(2), followedAt: 1, priceWhenFollowed: 1, priceChange: 0 }],
        total: 1,
      },
    })
    logIn()
    renderApp('/list.html?gameId=1')
    await screen.findByText('王者荣耀账号 1')
    // a listing the user follows already is shown as followed
    expect(
      (await screen.findByRole('button', { name: /^取消关注：.*满级号$/ })).getAttribute('aria-pressed'),
    ).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: '关注：王者荣耀账号 1' }))
    await waitFor(() => expect(api.callsTo('/goods/follow')).toHaveLength(1))
    expect(JSON.parse(api.callsTo('/goods/follow')[0]!.data as string)).toEqual({ goodsId: 1 })
    const button = await screen.findByRole('button', { name: '取消关注：王者荣耀账号 1' })
    expect(button.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(button)
    await waitFor(() => expect(api.callsTo('/goods/unfollow')).toHaveLength(1))
  })
})

describe('/detail/{goodsId}.html', () => {
  it('shows gallery, price, attributes with their labels, seller and safety notes', async () => {
    renderApp('/detail/5.html')
    expect(await screen.findByRole('heading', { name: '王者荣耀账号 5' })).toBeTruthy()
    const main = screen.getByRole('img', { name: '王者荣耀账号 5 截图 1' })
    expect(main.getAttribute('src')).toBe('/api/goods/image/file/a.jpg')
    expect(screen.getAllByRole('option')).toHaveLength(2)
    fireEvent.click(screen.getByRole('option', { name: '第 2 张截图' }))
    expect(screen.getByRole('img', { name: '王者荣耀账号 5 截图 2' }).getAttribute('src')).toBe(
      '/api/goods/image/file/b.jpg',
    )
    expect(screen.getByText('¥123.45')).toBeTruthy()
    const attributes = await screen.findByText('已实名认证')
    expect(attributes.nextElementSibling?.textContent).toBe('是')
    expect(screen.getByText('120 个')).toBeTruthy()
    expect(screen.getByText('全英雄，可改实名。\n第二行', { normalizer: (t) => t })).toBeTruthy()
    expect(screen.getByRole('link', { name: '卖家老李' }).getAttribute('href')).toBe('/shop/2.html')
    expect(screen.getByText(/切勿私下交易/)).toBeTruthy()
    expect(await screen.findByText(/冻结 7 天/)).toBeTruthy()
  })

  it('buy and bid ask for a login first', async () => {
    const app = renderApp('/detail/5.html')
    fireEvent.click(await screen.findByRole('button', { name: /立即购买/ }))
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    await waitFor(() =>
      expect(app.location()).toBe(`/login.html?redirect=${encodeURIComponent('/detail/5.html')}`),
    )
  })

  it('logged in: 立即购买 goes to the order page, 出价 opens the bid form', async () => {
    logIn()
    const app = renderApp('/detail/5.html')
    fireEvent.click(await screen.findByRole('button', { name: /出价/ }))
    expect(await screen.findByRole('textbox', { name: '我的出价（元）' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }))
    fireEvent.click(screen.getByRole('button', { name: /立即购买/ }))
    await waitFor(() => expect(app.location()).toBe('/buyer/buy.html?goodsId=5'))
  })

  it('logged in: following works and counts', async () => {
    logIn()
    renderApp('/detail/5.html')
    await screen.findByRole('button', { name: /立即购买/ })
    expect(screen.getByLabelText('3 人关注')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /关注商品/ }))
    await waitFor(() => expect(api.callsTo('/goods/follow')).toHaveLength(1))
    expect(await screen.findByRole('button', { name: /已关注/ })).toBeTruthy()
    expect(screen.getByLabelText('4 人关注')).toBeTruthy()
  })

  it('says clearly when a listing is sold, without buy or bid', async () => {
    install({ '/goods/detail/5': ok(detail(5, { status: 'SOLD' })) })
    renderApp('/detail/5.html')
    expect(await screen.findByText('该商品已售出')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /立即购买/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /出价/ })).toBeNull()
  })

  it('shows a taken-down listing as 已下架 to a follower: no buy, no bid, unfollow still there', async () => {
    logIn()
    install({
      '/goods/detail/5': ok(detail(5, { status: 'OFF_SHELF', followed: true })),
      [TRADE_PATHS.bidList]: { code: 200, msg: '', rows: [], total: 0 },
    })
    renderApp('/detail/5.html')
    expect(await screen.findByText('该商品已下架')).toBeTruthy()
    expect(screen.getByText(/卖家已下架这件商品/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: '王者荣耀账号 5' })).toBeTruthy()
    expect(screen.queryByText('商品不存在或已被删除')).toBeNull()
    expect(screen.queryByRole('button', { name: /立即购买/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /出价/ })).toBeNull()
    expect(screen.getByRole('button', { name: /已关注/ })).toBeTruthy()
  })

  it('a listing hidden for now (在审核) says 已下架, not deleted', async () => {
    install({ '/goods/detail/5': { code: 404, msg: GOODS_MSG.OFF_SHELF } })
    renderApp('/detail/5.html')
    expect(await screen.findByText('该商品已下架')).toBeTruthy()
    expect(screen.queryByText('商品不存在或已被删除')).toBeNull()
  })

  it('refuses a bid validity over the maximum with the maximum, and sends a valid one', async () => {
    logIn()
    install({
      [TRADE_PATHS.bidList]: { code: 200, msg: '', rows: [], total: 0 },
      [TRADE_PATHS.bidCreate]: ok({}),
    })
    renderApp('/detail/5.html')
    fireEvent.click(await screen.findByRole('button', { name: /出价/ }))
    fireEvent.change(await screen.findByRole('textbox', { name: '我的出价（元）' }), {
      target: { value: '100' },
    })
    const hours = screen.getByRole('spinbutton', { name: '有效期（小时）' })
    fireEvent.change(hours, { target: { value: '100' } })
    fireEvent.blur(hours)
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    expect(await screen.findByText('有效期最长 72 小时')).toBeTruthy()
    expect((hours as HTMLInputElement).value).toBe('100')
    expect(api.callsTo(TRADE_PATHS.bidCreate)).toHaveLength(0)

    fireEvent.change(hours, { target: { value: '72' } })
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(api.callsTo(TRADE_PATHS.bidCreate)).toHaveLength(1))
    expect(JSON.parse(api.callsTo(TRADE_PATHS.bidCreate)[0]!.data as string)).toEqual({
      goodsId: 5,
      price: 10_000,
      expiresInHours: 72,
    })
  })

  it('a missing listing shows a page, not a toast', async () => {
    install({ '/goods/detail/5': { code: 404, msg: '商品不存在' } })
    renderApp('/detail/5.html')
    expect(await screen.findByText('商品不存在或已被删除')).toBeTruthy()
  })

  it('an address that is not a listing id shows the same page', async () => {
    renderApp('/detail/abc.html')
    expect(await screen.findByText('商品不存在或已被删除')).toBeTruthy()
    expect(api.callsTo('/goods/detail/abc')).toHaveLength(0)
  })
})

describe('/shop/{shopId}.html', () => {
  it('shows the profile, stats and the listings of the seller', async () => {
    renderApp('/shop/2.html')
    expect(await screen.findByRole('heading', { name: '卖家老李' })).toBeTruthy()
    expect(screen.getByText('诚信经营')).toBeTruthy()
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
    expect(lastSearch()).toMatchObject({ sellerId: 2, pageNum: 1, pageSize: 20 })
    fireEvent.click(screen.getByRole('button', { name: '王者荣耀（2）' }))
    await waitFor(() => expect(lastSearch()).toMatchObject({ sellerId: 2, gameId: 1 }))
  })
})

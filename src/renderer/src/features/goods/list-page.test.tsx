import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { FOLLOW } from '@shared/api/follow'
import { GOODS, type GoodsBrief } from '@shared/api/goods'
import { MSG } from '@shared/messages'
import { brief, logIn, logOut, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import ListPage from './ListPage'

let server: FakeServer
afterEach(() => server.restore())

const ROWS = (): GoodsBrief[] => [
  brief(1, { pushed: true }),
  brief(2, { title: '<img src=x onerror="window.__hacked=1">满级号' }),
]

/** The catalogue's answers with these search rows. */
function serve(rows: GoodsBrief[] = ROWS(), total = rows.length) {
  server = withGames(fakeServer())
    .on(GOODS.search, { rows, total, totalCapped: false })
    .on(FOLLOW.follow, undefined)
    .on(FOLLOW.unfollow, undefined)
  return server
}

const lastSearch = () => server.callsTo(GOODS.search).at(-1)!.query
const renderList = (url: string) => renderPage(<ListPage />, { url, path: '/list.html' })

beforeEach(() => logOut())

describe('/list.html', () => {
  it('searches with the filters of the URL (fen, attrs) and shows the listings, titles as text', async () => {
    serve()
    renderList(
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
    const first = screen.getByLabelText('王者荣耀账号 1')
    expect(within(first).getByText('推荐')).toBeTruthy()
    expect(within(first).getByText('¥123.45')).toBeTruthy()
    expect(within(first).getByText('王者荣耀账号 1').closest('a')?.getAttribute('href')).toBe(
      '/detail/1.html',
    )
    expect(document.querySelector('.list-total')?.textContent).toContain('共 2 件商品')
    // the chosen filters are marked
    expect(within(screen.getByLabelText('段位')).getByText('最强王者').getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(screen.getByText('价格 ↑').getAttribute('aria-selected')).toBe('true')
  })

  it('drops attribute filters the game does not offer (an old link) before searching', async () => {
    serve()
    renderList(`/list.html?gameId=1&attrs[${encodeURIComponent('旧属性')}]=x`)
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
    expect(server.callsTo(GOODS.search)).toHaveLength(1)
    expect(lastSearch()).toEqual({ pageNum: 1, pageSize: 20, sort: 'default', gameId: 1 })
  })

  it('puts every filter change in the URL and starts again at page 1', async () => {
    serve()
    const page = renderList('/list.html?gameId=1&page=3')
    await screen.findByText('王者荣耀账号 1')
    fireEvent.click(await screen.findByText('苹果QQ区'))
    await waitFor(() => expect(page.location()).toBe('/list.html?gameId=1&areaId=10'))
    fireEvent.click(await screen.findByText('2区 稷下学院'))
    await waitFor(() => expect(page.location()).toBe('/list.html?gameId=1&areaId=10&serverId=12'))
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ gameId: 1, areaId: 10, serverId: 12, pageNum: 1 }),
    )

    // a reversed price range is put the right way round
    fireEvent.change(screen.getByLabelText('最低价（元）'), { target: { value: '500' } })
    fireEvent.change(screen.getByLabelText('最高价（元）'), { target: { value: '99.5' } })
    fireEvent.click(screen.getByRole('button', { name: /确定/ }))
    await waitFor(() =>
      expect(page.location()).toBe('/list.html?gameId=1&areaId=10&serverId=12&priceMin=99.5&priceMax=500'),
    )
    await waitFor(() => expect(lastSearch()).toMatchObject({ priceMin: 9950, priceMax: 50_000 }))

    fireEvent.click(screen.getByText('最新'))
    await waitFor(() => expect(page.location()).toContain('sort=newest'))

    // back goes to the previous search
    await act(() => page.router.navigate(-1))
    await waitFor(() => expect(page.location()).not.toContain('sort=newest'))
  })

  it('refuses a price that is not an amount', async () => {
    serve()
    const page = renderList('/list.html?gameId=1')
    await screen.findByText('王者荣耀账号 1')
    fireEvent.change(screen.getByLabelText('最低价（元）'), { target: { value: '1.234' } })
    fireEvent.click(screen.getByRole('button', { name: /确定/ }))
    expect(await screen.findByText('请输入正确的金额（元，最多两位小数）')).toBeTruthy()
    expect(page.location()).toBe('/list.html?gameId=1')
  })

  it('shows a hint and a way out when nothing matches', async () => {
    serve([])
    const page = renderList('/list.html?gameId=1&keyword=xyz')
    expect(await screen.findByText('没有找到符合条件的商品')).toBeTruthy()
    fireEvent.click(screen.getAllByText('清空筛选').at(-1)!)
    await waitFor(() => expect(page.location()).toBe('/list.html?gameId=1'))
  })

  it('a page past the last result says so (not the search cap) and leads to the last page', async () => {
    serve([], 45)
    const page = renderList('/list.html?gameId=1&page=9')
    expect(await screen.findByText('这一页没有商品了')).toBeTruthy()
    expect(screen.getByText('共 45 件商品，已超出最后一页')).toBeTruthy()
    expect(screen.queryByText(/最多浏览前/)).toBeNull()
    expect(screen.queryByText('没有找到符合条件的商品')).toBeNull()
    fireEvent.click(screen.getByText('去最后一页'))
    await waitFor(() => expect(page.location()).toBe('/list.html?gameId=1&page=3'))
  })

  it('says in place when the search fails, and tries again', async () => {
    serve().fail(GOODS.search, 400, '最多浏览前 10000 条商品，请缩小筛选范围')
    renderList('/list.html?gameId=1')
    expect(await screen.findByText('最多浏览前 10000 条商品，请缩小筛选范围')).toBeTruthy()
    server.on(GOODS.search, { rows: ROWS(), total: 2, totalCapped: false })
    fireEvent.click(screen.getByText(/重\s*试/))
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
  })

  it('asks a logged-out visitor to log in before following', async () => {
    serve()
    const page = renderList('/list.html?gameId=1')
    await screen.findByText('王者荣耀账号 1')
    fireEvent.click(screen.getByLabelText('关注：王者荣耀账号 1'))
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    await waitFor(() =>
      expect(page.location()).toBe(`/login.html?redirect=${encodeURIComponent('/list.html?gameId=1')}`),
    )
    expect(server.callsTo(FOLLOW.follow)).toHaveLength(0)
  })

  it('follows and unfollows from the list when logged in', async () => {
    serve().on(FOLLOW.list, {
      rows: [{ ...brief(2), followedAt: 1, priceWhenFollowed: 1, priceChange: 0 }],
      total: 1,
    })
    logIn()
    renderList('/list.html?gameId=1')
    await screen.findByText('王者荣耀账号 1')
    // a listing the user follows already is shown as followed
    expect((await screen.findByLabelText(/^取消关注：.*满级号$/)).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByLabelText('关注：王者荣耀账号 1'))
    await waitFor(() => expect(server.callsTo(FOLLOW.follow)).toHaveLength(1))
    expect(server.callsTo(FOLLOW.follow)[0]!.body).toEqual({ goodsId: 1 })
    const button = await screen.findByLabelText('取消关注：王者荣耀账号 1')
    expect(button.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(button)
    await waitFor(() => expect(server.callsTo(FOLLOW.unfollow)).toHaveLength(1))
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GAME, type Game } from '@shared/api/game'
import { GOODS } from '@shared/api/goods'
import { NOTICE } from '@shared/api/notice'
import { brief } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import HomePage from './HomePage'

let server: FakeServer
const game = (
  gameId: number,
  nameCn: string,
  nameEn: string,
  initial: string,
  hot: boolean,
  icon = '',
): Game => ({
  gameId,
  nameCn,
  nameEn,
  initial,
  hot,
  sort: gameId,
  icon,
  platforms: ['PC'],
})

beforeEach(() => {
  server = fakeServer()
    .on(GAME.list, [
      game(3, '梦幻西游', 'Fantasy Westward Journey', 'M', false),
      game(1, '原神', 'Genshin Impact', 'Y', true, 'data:image/svg+xml;base64,PHN2Zy8+'),
      game(2, '英雄联盟', 'League of Legends', 'Y', false),
    ])
    .on(NOTICE.list, {
      rows: [
        {
          noticeId: 70,
          noticeType: 'ANNOUNCEMENT',
          title: '担保交易服务全面升级',
          createdAt: 1_700_000_000_000,
        },
      ],
      total: 1,
    })
    .on(GOODS.home, {
      recommended: [brief(31, { title: '推荐的号', pushed: true })],
      newest: [brief(32, { title: '刚发布的号' }), brief(33, { title: '<b>不加粗</b>' })],
    })
})
afterEach(() => server.restore())

const renderHome = () => renderPage(<HomePage />, { url: '/' })
/** The section a heading titles. */
const sectionOf = async (title: string | RegExp) =>
  (await screen.findByText(title, { selector: 'h2' })).closest('section') as HTMLElement

describe('home page', () => {
  it('shows hot games first, all games A-Z on demand, icons or initials', async () => {
    renderHome()
    const directory = await sectionOf('选择游戏')
    await within(directory).findByText('原神')
    // the hot tab is the default
    expect(within(directory).queryByText('梦幻西游')).toBeNull()
    fireEvent.click(within(directory).getByText('全部'))
    const names = [...directory.querySelectorAll('.game-tile__name')].map((el) => el.textContent)
    expect(names).toEqual(['原神', '英雄联盟', '梦幻西游'])
    expect(within(directory).getByText('原神').closest('a')?.querySelector('img')).not.toBeNull()
    expect(within(directory).getByText('梦').className).toContain('game-icon--initial')
    fireEvent.click(within(directory).getByText('M'))
    expect(directory.querySelectorAll('.game-tile')).toHaveLength(1)
    expect(within(directory).getByText('梦幻西游').closest('a')?.getAttribute('href')).toBe(
      '/list.html?gameId=3',
    )
  })

  it('lists the announcements of the server', async () => {
    renderHome()
    const link = await screen.findByText('担保交易服务全面升级')
    expect(link.closest('a')?.getAttribute('href')).toBe('/platform/noticeDetail/70.html')
    expect(server.callsTo(NOTICE.list)[0]!.query).toMatchObject({ noticeType: 'ANNOUNCEMENT' })
  })

  it('the search box goes to /list.html?gameId=…', async () => {
    const page = renderHome()
    await within(await sectionOf('选择游戏')).findByText('原神')
    fireEvent.change(screen.getByLabelText('搜索游戏'), { target: { value: '英雄联盟' } })
    fireEvent.click(screen.getByText(/^搜\s*索$/))
    await waitFor(() => expect(page.location()).toBe('/list.html?gameId=2'))
  })

  it('shows the recommended and newest listings, linking to their detail', async () => {
    renderHome()
    const recommended = await sectionOf(/推荐商品/)
    const card = await within(recommended).findByLabelText('推荐的号')
    expect(within(card).getByText('推荐的号').closest('a')?.getAttribute('href')).toBe('/detail/31.html')
    const newest = await sectionOf(/最新发布/)
    expect(within(newest).getByText('刚发布的号')).toBeTruthy()
    expect(within(newest).getByText('<b>不加粗</b>')).toBeTruthy()
    expect(newest.querySelector('b')).toBeNull()
  })

  it('searches listings by keyword, within a game when the text names one', async () => {
    const page = renderHome()
    await within(await sectionOf('选择游戏')).findByText('原神')
    fireEvent.change(screen.getByLabelText('搜索游戏'), { target: { value: '原神 满命' } })
    fireEvent.click(screen.getByText(/^搜\s*索$/))
    await waitFor(() =>
      expect(page.location()).toBe(`/list.html?gameId=1&keyword=${encodeURIComponent('满命')}`),
    )
  })
})

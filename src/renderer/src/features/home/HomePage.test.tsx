import { NOTICE } from '@shared/api/notice'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS_PATHS } from '@shared/api/goods'
import { PATHS } from '@shared/api/paths'
import { brief } from '@renderer/testing/catalogue-fixtures'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'

let api: FakeApi
const game = (gameId: number, nameCn: string, nameEn: string, initial: string, hot: boolean, icon = '') => ({
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
  api = fakeApi({
    [PATHS.games]: ok([
      game(3, '梦幻西游', 'Fantasy Westward Journey', 'M', false),
      game(1, '原神', 'Genshin Impact', 'Y', true, 'data:image/svg+xml;base64,PHN2Zy8+'),
      game(2, '英雄联盟', 'League of Legends', 'Y', false),
    ]),
    [NOTICE.list.path]: {
      code: 200,
      rows: [
        {
          noticeId: 70,
          noticeType: 'ANNOUNCEMENT',
          title: '担保交易服务全面升级',
          createdAt: 1_700_000_000_000,
        },
      ],
      total: 1,
    },
    [PATHS.gameById]: ok({ gameId: 2, nameCn: '英雄联盟', nameEn: 'League of Legends' }),
    [GOODS_PATHS.home]: ok({
      recommended: [brief(31, { title: '推荐的号', pushed: true })],
      newest: [brief(32, { title: '刚发布的号' }), brief(33, { title: '<b>不加粗</b>' })],
    }),
  })
})
afterEach(() => api.restore())

describe('home page', () => {
  it('shows hot games first, all games A-Z on demand, icons or initials', async () => {
    renderApp('/')
    const directory = (await screen.findByRole('heading', { name: '选择游戏' }, { timeout: 5000 })).closest(
      'section',
    ) as HTMLElement
    await within(directory).findByText('原神', undefined, { timeout: 5000 })
    // the hot tab is the default
    expect(within(directory).queryByText('梦幻西游')).toBeNull()
    fireEvent.click(within(directory).getByRole('tab', { name: '全部' }))
    const names = within(directory)
      .getAllByRole('link')
      .map((a) => a.querySelector('.game-tile__name')?.textContent)
    expect(names).toEqual(['原神', '英雄联盟', '梦幻西游'])
    expect(within(directory).getByText('原神').closest('a')?.querySelector('img')).not.toBeNull()
    expect(within(directory).getByText('梦').className).toContain('game-icon--initial')
    fireEvent.click(within(directory).getByRole('tab', { name: 'M' }))
    expect(within(directory).getAllByRole('link')).toHaveLength(1)
    expect(within(directory).getByText('梦幻西游').closest('a')?.getAttribute('href')).toBe(
      '/list.html?gameId=3',
    )
  })

  it('lists the announcements of the server', async () => {
    renderApp('/')
    const link = await screen.findByRole('link', { name: '担保交易服务全面升级' }, { timeout: 5000 })
    expect(link.getAttribute('href')).toBe('/platform/noticeDetail/70.html')
    expect(api.callsTo(NOTICE.list.path)[0]!.params).toMatchObject({ noticeType: 'ANNOUNCEMENT' })
  })

  it('the search box goes to /list.html?gameId=…', async () => {
    const app = renderApp('/')
    await screen.findAllByText('原神', undefined, { timeout: 5000 })
    const input = screen.getByRole('combobox', { name: '搜索游戏' })
    fireEvent.change(input, { target: { value: '英雄联盟' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(app.location()).toBe('/list.html?gameId=2'))
  })

  it('shows the recommended and newest listings, linking to their detail', async () => {
    renderApp('/')
    const recommended = (await screen.findByRole('heading', { name: /推荐商品/ })).closest(
      'section',
    ) as HTMLElement
    const card = await within(recommended).findByRole('article', { name: '推荐的号' })
    expect(within(card).getByText('推荐的号').closest('a')?.getAttribute('href')).toBe('/detail/31.html')
    const newest = screen.getByRole('heading', { name: /最新发布/ }).closest('section') as HTMLElement
    expect(within(newest).getByText('刚发布的号')).toBeTruthy()
    expect(within(newest).getByText('<b>不加粗</b>')).toBeTruthy()
    expect(newest.querySelector('b')).toBeNull()
  })

  it('searches listings by keyword, within a game when the text names one', async () => {
    const app = renderApp('/')
    await screen.findAllByText('原神', undefined, { timeout: 5000 })
    const input = screen.getByRole('combobox', { name: '搜索游戏' })
    fireEvent.change(input, { target: { value: '原神 满命' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() =>
      expect(app.location()).toBe(`/list.html?gameId=1&keyword=${encodeURIComponent('满命')}`),
    )
  })
})

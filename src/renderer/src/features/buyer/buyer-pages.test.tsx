import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { FOLLOW } from '@shared/api/follow'
import { brief, GAMES, logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import FollowPage from './FollowPage'
import GamesPage, { groupByInitial } from './GamesPage'

let server: FakeServer

beforeEach(() => {
  server = withGames(fakeServer())
    .on(FOLLOW.list, {
      rows: [
        {
          ...brief(1, { price: 9_500 }),
          followedAt: 1_717_000_000_000,
          priceWhenFollowed: 10_000,
          priceChange: -500,
        },
        {
          ...brief(2, { price: 10_300, status: 'SOLD' }),
          followedAt: 1_717_000_000_000,
          priceWhenFollowed: 10_000,
          priceChange: 300,
        },
        { ...brief(3), followedAt: 1_717_000_000_000, priceWhenFollowed: 12_345, priceChange: 0 },
      ],
      total: 3,
    })
    .on(FOLLOW.unfollow, undefined)
  logIn()
})
afterEach(() => server.restore())

describe('/buyer/follow.html', () => {
  it('shows the price when followed, now, and the change in green ↓ / red ↑', async () => {
    renderPage(<FollowPage />, { url: '/buyer/follow.html' })
    const down = await screen.findByText(/降价 ¥/)
    expect(down.textContent).toContain('¥5.00')
    expect(down.className).toContain('price-change--down')
    const up = screen.getByText(/涨价 ¥/)
    expect(up.textContent).toContain('¥3.00')
    expect(up.className).toContain('price-change--up')
    expect(screen.getByText('未变化')).toBeTruthy()
    expect(screen.getByText('已售出')).toBeTruthy()
    const row = screen.getByText('王者荣耀账号 1').closest('tr') as HTMLElement
    expect(within(row).getByText('¥100.00')).toBeTruthy()
    expect(within(row).getByText('¥95.00')).toBeTruthy()
    expect(screen.getByText('王者荣耀账号 1').closest('a')?.getAttribute('href')).toBe('/detail/1.html')
    expect(server.callsTo(FOLLOW.list)[0]!.query).toEqual({ pageNum: 1, pageSize: 20 })
  })

  it('unfollows after a confirmation and reloads', async () => {
    renderPage(<FollowPage />, { url: '/buyer/follow.html' })
    const row = (await screen.findByText('王者荣耀账号 1')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByText('取消关注'))
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
      if (!button) throw new Error('no confirmation')
      return button
    })
    fireEvent.click(ok)
    await waitFor(() => expect(server.callsTo(FOLLOW.unfollow)).toHaveLength(1))
    expect(server.callsTo(FOLLOW.unfollow)[0]!.body).toEqual({ goodsId: 1 })
    await waitFor(() => expect(server.callsTo(FOLLOW.list)).toHaveLength(2))
  })
})

describe('/buyer/games.html', () => {
  it('groups games by initial with an A–Z index and links each to its list', async () => {
    renderPage(<GamesPage />, { url: '/buyer/games.html' })
    const group = (await screen.findByText('W', { selector: 'h2' })).closest('section') as HTMLElement
    expect(within(group).getByText('王者荣耀').closest('a')?.getAttribute('href')).toBe('/list.html?gameId=1')
    const index = screen.getByLabelText('按首字母跳转')
    expect((within(index).getByText('W') as HTMLButtonElement).disabled).toBe(false)
    expect((within(index).getByText('A') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('搜索游戏'), { target: { value: 'genshin' } })
    await waitFor(() => expect(screen.queryByText('W', { selector: 'h2' })).toBeNull())
    expect(screen.getByText('Y', { selector: 'h2' })).toBeTruthy()
  })

  it('sorts the groups A–Z and puts games without a Latin initial last', () => {
    const groups = groupByInitial([...GAMES, { ...GAMES[0]!, gameId: 9, nameCn: '其他', initial: '' }])
    expect(groups.map(([letter]) => letter)).toEqual(['W', 'Y', '#'])
  })
})

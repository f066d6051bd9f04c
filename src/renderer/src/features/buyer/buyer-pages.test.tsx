import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS_PATHS } from '@shared/api/goods'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'
import { baseRoutes, brief, GAMES, logIn } from '@renderer/testing/catalogue-fixtures'
import { resetCatalogueCache } from '@renderer/features/goods/catalogue-cache'
import { groupByInitial } from './GamesPage'

let api: FakeApi

beforeEach(() => {
  resetCatalogueCache()
  api = fakeApi({
    ...baseRoutes(),
    [GOODS_PATHS.followList]: {
      code: 200,
      msg: '',
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
    },
    [GOODS_PATHS.unfollow]: ok(),
  })
  logIn()
})
afterEach(() => api.restore())

describe('/buyer/follow.html', () => {
  it('shows the price when followed, now, and the change in green ↓ / red ↑', async () => {
    renderApp('/buyer/follow.html')
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
    expect(api.callsTo(GOODS_PATHS.followList)[0]!.params).toEqual({ pageNum: 1, pageSize: 20 })
  })

  it('unfollows after a confirmation and reloads', async () => {
    renderApp('/buyer/follow.html')
    const row = (await screen.findByText('王者荣耀账号 1')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /取消关注/ }))
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
      if (!button) throw new Error('no confirmation')
      return button
    })
    fireEvent.click(ok)
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.unfollow)).toHaveLength(1))
    expect(JSON.parse(api.callsTo(GOODS_PATHS.unfollow)[0]!.data as string)).toEqual({ goodsId: 1 })
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.followList)).toHaveLength(2))
  })
})

describe('/buyer/games.html', () => {
  it('groups games by initial with an A–Z index and links each to its list', async () => {
    renderApp('/buyer/games.html')
    const group = await screen.findByRole('region', { name: 'W' })
    expect(within(group).getByText('王者荣耀').closest('a')?.getAttribute('href')).toBe('/list.html?gameId=1')
    expect((screen.getByRole('button', { name: 'W' }) as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByRole('button', { name: 'A' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByRole('textbox', { name: '搜索游戏' }), { target: { value: 'genshin' } })
    await waitFor(() => expect(screen.queryByRole('region', { name: 'W' })).toBeNull())
    expect(screen.getByRole('region', { name: 'Y' })).toBeTruthy()
  })

  it('sorts the groups A–Z and puts games without a Latin initial last', () => {
    const groups = groupByInitial([...GAMES, { ...GAMES[0]!, gameId: 9, nameCn: '其他', initial: '' }])
    expect(groups.map(([letter]) => letter)).toEqual(['W', 'Y', '#'])
  })
})

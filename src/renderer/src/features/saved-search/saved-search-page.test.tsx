import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { SAVED_SEARCH, type SavedSearch } from '@shared/api/saved-search'
import { parseListQuery } from '@shared/list-query'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { MessageText } from './MessageText'
import { defaultSearchName } from './SaveSearchButton'
import SavedSearchPage from './SavedSearchPage'

let server: FakeServer

const search = (id: number, over: Partial<SavedSearch> = {}): SavedSearch => ({
  savedSearchId: id,
  name: `订阅${id}`,
  query: `gameId=1&keyword=%E6%BB%A1%E7%BA%A7`,
  conditions: '王者荣耀 · 关键词“满级”',
  paused: false,
  newCount: 0,
  lastAlertAt: null,
  createdAt: 1_717_000_000_000,
  ...over,
})

beforeEach(() => {
  server = fakeServer()
    .on(SAVED_SEARCH.list, {
      rows: [search(1, { newCount: 3, lastAlertAt: 1_717_000_000_000 }), search(2, { paused: true })],
      limit: 20,
    })
    .on(SAVED_SEARCH.seen, undefined)
    .on(SAVED_SEARCH.pause, undefined)
    .on(SAVED_SEARCH.rename, undefined)
    .on(SAVED_SEARCH.remove, undefined)
  logIn()
})
afterEach(() => server.restore())

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement

describe('/buyer/savedSearch.html', () => {
  it('lists name, conditions, new matches and last alert; the count shows how many are kept', async () => {
    renderPage(<SavedSearchPage />, { url: '/buyer/savedSearch.html' })
    const first = await rowOf('订阅1')
    expect(within(first).getByText('王者荣耀 · 关键词“满级”')).toBeTruthy()
    expect(within(first).getByText('3 件')).toBeTruthy()
    expect(within(first).queryByText('暂无')).toBeNull()
    const second = await rowOf('订阅2')
    expect(within(second).getByText('暂无')).toBeTruthy()
    expect(within(second).getByRole('switch').getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText('2 / 20')).toBeTruthy()
  })

  it('opens the list page with the query and clears the new count', async () => {
    const view = renderPage(<SavedSearchPage />, { url: '/buyer/savedSearch.html' })
    fireEvent.click(within(await rowOf('订阅1')).getByText('打开'))
    await waitFor(() => expect(view.location()).toBe('/list.html?gameId=1&keyword=%E6%BB%A1%E7%BA%A7'))
    expect(server.callsTo(SAVED_SEARCH.seen)[0]!.body).toEqual({ savedSearchId: 1 })
  })

  it('opening a search without new matches sends no seen call', async () => {
    const view = renderPage(<SavedSearchPage />, { url: '/buyer/savedSearch.html' })
    fireEvent.click(within(await rowOf('订阅2')).getByText('打开'))
    await waitFor(() => expect(view.location()).toMatch(/^\/list\.html\?/))
    expect(server.callsTo(SAVED_SEARCH.seen)).toHaveLength(0)
  })

  it('pauses and resumes, renames and deletes (after a confirmation), then reloads', async () => {
    renderPage(<SavedSearchPage />, { url: '/buyer/savedSearch.html' })
    fireEvent.click(within(await rowOf('订阅1')).getByRole('switch'))
    await waitFor(() => expect(server.callsTo(SAVED_SEARCH.pause)).toHaveLength(1))
    expect(server.callsTo(SAVED_SEARCH.pause)[0]!.body).toEqual({ savedSearchId: 1, paused: true })
    fireEvent.click(within(await rowOf('订阅2')).getByRole('switch'))
    await waitFor(() => expect(server.callsTo(SAVED_SEARCH.pause)).toHaveLength(2))
    expect(server.callsTo(SAVED_SEARCH.pause)[1]!.body).toEqual({ savedSearchId: 2, paused: false })

    fireEvent.click(within(await rowOf('订阅1')).getByText('重命名'))
    const input = await screen.findByLabelText('订阅名称')
    expect((input as HTMLInputElement).value).toBe('订阅1')
    fireEvent.change(input, { target: { value: '  满级号  ' } })
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(server.callsTo(SAVED_SEARCH.rename)).toHaveLength(1))
    expect(server.callsTo(SAVED_SEARCH.rename)[0]!.body).toEqual({ savedSearchId: 1, name: '满级号' })

    fireEvent.click(within(await rowOf('订阅2')).getByText('删除'))
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
      if (!button) throw new Error('no confirmation')
      return button
    })
    fireEvent.click(ok)
    await waitFor(() => expect(server.callsTo(SAVED_SEARCH.remove)).toHaveLength(1))
    expect(server.callsTo(SAVED_SEARCH.remove)[0]!.body).toEqual({ savedSearchId: 2 })
    await waitFor(() => expect(server.callsTo(SAVED_SEARCH.list).length).toBeGreaterThan(2))
  })

  it('suggests the conditions in words as the name, cut to 30 characters', () => {
    expect(
      defaultSearchName(parseListQuery('gameId=1&keyword=满级&priceMax=100&sort=price_asc'), {
        game: '王者荣耀',
      }),
    ).toBe('王者荣耀 · ¥100 以下 · 关键词“满级”')
    expect(defaultSearchName(parseListQuery(`keyword=${'长'.repeat(50)}`)).length).toBe(30)
  })

  it("links an alert message's listing and list paths, and only those", async () => {
    renderPage(
      <MessageText
        text={
          '您订阅的「王者」有 2 件新上架或降价的商品：\n1. 满级号 ¥5.00 /detail/12.html\n查看全部：/list.html?gameId=1&attrs[%E6%AE%B5]=x\n别的 /admin/x.html'
        }
      />,
      { url: '/message/userMessage.html' },
    )
    expect((await screen.findByRole('link', { name: '/detail/12.html' })).getAttribute('href')).toBe(
      '/detail/12.html',
    )
    expect(screen.getByRole('link', { name: /^\/list\.html/ }).getAttribute('href')).toBe(
      '/list.html?gameId=1&attrs[%E6%AE%B5]=x',
    )
    expect(screen.getAllByRole('link')).toHaveLength(2)
    expect(screen.getByText(/别的 \/admin\/x\.html/)).toBeTruthy()
  })
})

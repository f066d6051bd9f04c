import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { GAME } from '@shared/api/game'
import { MESSAGE } from '@shared/api/message'
import { NOTICE } from '@shared/api/notice'
import { SYSTEM } from '@shared/api/system'
import { MSG } from '@shared/messages'
import { SITE_NAME } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderApp } from '@renderer/testing/render-app'
import { PLAYER_PROFILE } from '@renderer/testing/session-fixtures'
import { logIn } from '@renderer/testing/catalogue-fixtures'

let server: FakeServer

const profile = PLAYER_PROFILE

beforeEach(() => {
  server = fakeServer()
    .on(GAME.list, [])
    .on(NOTICE.list, { rows: [], total: 0 })
    .on(GAME.detail, {
      gameId: 5,
      nameCn: '原神',
      nameEn: 'Genshin Impact',
      initial: 'Y',
      icon: '',
      platforms: [],
      hot: true,
      sort: 1,
      description: '',
      areas: [],
    })
    .on(MESSAGE.unreadCount, 3)
    .on(MESSAGE.group, { hasNewWarrantMessage: true })
    .on(AUTH.info, { user: profile, roles: ['ROLE_DEFAULT'], permissions: [] })
    .on(SYSTEM.routers, [
      {
        path: '/centre',
        component: 'Layout',
        meta: { title: '交易中心' },
        children: [{ path: 'reports', component: 'trade/reports/index', meta: { title: '交易报表' } }],
      },
    ])
    .on(SYSTEM.config, '')
  useSessionStore.getState().clear()
  useSessionStore.getState().hydrate()
})

afterEach(async () => {
  // a page's lazy chunk still loading when the test ends would load after the environment is gone:
  // give the page a moment to replace its loading placeholder (a page loading data may keep one)
  await waitFor(() => expect(document.querySelector('[data-page-loading]')).toBeNull(), {
    timeout: 2_000,
  }).catch(() => undefined)
  server.restore()
})

describe('router', () => {
  it('a page needing login, opened logged out: warning 请先登录！ and login with the encoded original address', async () => {
    const app = renderApp('/buyer/buyOrder.html?status=2&page=1')
    await waitFor(() =>
      expect(app.location()).toBe(
        `/login.html?redirect=${encodeURIComponent('/buyer/buyOrder.html?status=2&page=1')}`,
      ),
    )
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeTruthy()
  })

  it('opens the same page when logged in, at its path, with its title', async () => {
    logIn()
    const app = renderApp('/agencySale/agencySaleOrder.html')
    await waitFor(() => expect(document.title).toBe(`(3) 我的代售订单 - ${SITE_NAME}`))
    expect(app.location()).toBe('/agencySale/agencySaleOrder.html')
  })

  it('unknown paths go to /404.html', async () => {
    const app = renderApp('/no/such/page.html')
    await waitFor(() => expect(app.location()).toBe('/404.html'))
    expect(await screen.findByText('抱歉，您访问的页面不存在或已被删除')).toBeTruthy()
  })

  it('a server menu page is served at its full path (unknown component → 建设中)', async () => {
    logIn()
    const app = renderApp('/centre/reports')
    expect(await screen.findByRole('heading', { name: '交易报表' })).toBeTruthy()
    expect(app.location()).toBe('/centre/reports')
  })

  it('sets the title from the route, falling back to the site name', async () => {
    renderApp('/platform/noticeList.html')
    await waitFor(() => expect(document.title).toBe(`公告列表 - ${SITE_NAME}`))
  })

  it('/list.html?gameId= takes title, keywords and description from the game', async () => {
    renderApp('/list.html?gameId=5')
    await waitFor(() => expect(document.title).toBe(`原神(Genshin Impact)账号交易 - ${SITE_NAME}`))
    expect(server.callsTo(GAME.detail)[0]?.query).toEqual({ gameId: 5 })
    const keywords = document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')!.content
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')!.content
    expect(keywords).toContain('原神')
    expect(keywords).toContain('Genshin Impact')
    expect(description).toContain('原神')
  })

  it('refreshes unread count and guaranteed-order flag on every route change when logged in', async () => {
    logIn()
    const app = renderApp('/')
    await waitFor(() => expect(server.callsTo(MESSAGE.unreadCount)).toHaveLength(1))
    expect(server.callsTo(MESSAGE.group)).toHaveLength(1)
    await act(() => app.router.navigate('/platform/noticeList.html'))
    await waitFor(() => expect(server.callsTo(MESSAGE.unreadCount)).toHaveLength(2))
    await waitFor(() => expect(server.callsTo(MESSAGE.group)).toHaveLength(2))
    expect(await screen.findByRole('link', { name: '站内信，3 条未读' })).toBeTruthy()
  })

  it('does not ask for messages when logged out', async () => {
    const app = renderApp('/')
    await act(() => app.router.navigate('/platform/noticeList.html'))
    await waitFor(() => expect(server.callsTo(NOTICE.list).length).toBeGreaterThan(0))
    expect(server.callsTo(MESSAGE.unreadCount)).toHaveLength(0)
  })

  it('loads user info and the menu once after login', async () => {
    logIn()
    const app = renderApp('/')
    await waitFor(() => expect(useSessionStore.getState().roles).toEqual(['ROLE_DEFAULT']))
    await waitFor(() => expect(server.callsTo(SYSTEM.routers)).toHaveLength(1))
    await act(() => app.router.navigate('/platform/noticeList.html'))
    await waitFor(() => expect(server.callsTo(NOTICE.list).length).toBeGreaterThan(0))
    expect(server.callsTo(AUTH.info)).toHaveLength(1)
    expect(server.callsTo(SYSTEM.routers)).toHaveLength(1)
  })

  it('scrolls to the top on each navigation, but not on the first page (scrolled before it hydrated)', async () => {
    const scroll = vi.mocked(window.scrollTo)
    scroll.mockClear()
    const app = renderApp('/404.html')
    await screen.findByText('抱歉，您访问的页面不存在或已被删除')
    expect(scroll).not.toHaveBeenCalled()
    await act(() => app.router.navigate('/platform/noticeList.html?noticeType=GUIDE'))
    expect(scroll).toHaveBeenCalledWith(0, 0)
  })

  it('redirect-only routes: /index → / and /my/center → /userHome.html', async () => {
    const app = renderApp('/index')
    await waitFor(() => expect(app.location()).toBe('/'))
    logIn()
    const second = renderApp('/my/center')
    await waitFor(() => expect(second.location()).toBe('/userHome.html'))
    // the pages' lazy chunks finish loading inside the test, not after its environment is gone
    await Promise.all([
      import('@renderer/features/home/HomePage'),
      import('@renderer/features/account/UserHomePage'),
    ])
  })
})

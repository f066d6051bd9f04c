import { MESSAGE } from '@shared/api/message'
import { NOTICE } from '@shared/api/notice'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { PATHS } from '@shared/api/paths'
import { MSG } from '@shared/messages'
import { SITE_NAME, TOKEN_COOKIE } from '@shared/constants'
import { useMenuStore } from '@renderer/stores/menu'
import { useSessionStore } from '@renderer/stores/session'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'

let api: FakeApi

const profile = {
  userId: 7,
  userName: 'player1',
  nickName: '小明',
  code: 'U0007',
  avatar: '',
  phone: '',
  email: '',
  createdAt: 1_700_000_000_000,
  lastLoginAt: 1_710_000_000_000,
}

function logIn() {
  document.cookie = `${TOKEN_COOKIE}=tk; path=/`
  useSessionStore.getState().hydrate()
}

beforeEach(() => {
  api = fakeApi({
    [PATHS.games]: ok([]),
    [NOTICE.list.path]: { code: 200, msg: '查询成功', rows: [], total: 0 },
    [PATHS.gameById]: ok({ gameId: 5, nameCn: '原神', nameEn: 'Genshin Impact' }),
    [MESSAGE.unreadCount.path]: ok(3),
    [MESSAGE.group.path]: ok({ hasNewWarrantMessage: true }),
    [PATHS.getInfo]: { code: 200, msg: '操作成功', user: profile, roles: ['ROLE_DEFAULT'], permissions: [] },
    [PATHS.getRouters]: ok([
      {
        path: '/centre',
        component: 'Layout',
        meta: { title: '交易中心' },
        children: [{ path: 'reports', component: 'trade/reports/index', meta: { title: '交易报表' } }],
      },
    ]),
    '/system/config/configKey/third.loginUrl': ok(''),
  })
  useSessionStore.getState().clear()
  useSessionStore.getState().hydrate()
})

afterEach(() => {
  api.restore()
  useMenuStore.getState().reset()
})

describe('router (spec §2, §5)', () => {
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

  it('opens the same page when logged in, with its title and the 建设中 notice', async () => {
    logIn()
    const app = renderApp('/user/userBase.html')
    expect(await screen.findByRole('heading', { name: '个人资料' })).toBeTruthy()
    expect(screen.getByText('该页面正在建设中，敬请期待')).toBeTruthy()
    expect(app.location()).toBe('/user/userBase.html')
    await waitFor(() => expect(document.title).toBe(`(3) 个人资料 - ${SITE_NAME}`))
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
    expect(api.callsTo(PATHS.gameById)[0]?.params).toEqual({ gameId: 5 })
    const keywords = document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')!.content
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')!.content
    expect(keywords).toContain('原神')
    expect(keywords).toContain('Genshin Impact')
    expect(description).toContain('原神')
  })

  it('refreshes unread count and guaranteed-order flag on every route change when logged in', async () => {
    logIn()
    const app = renderApp('/')
    await waitFor(() => expect(api.callsTo(MESSAGE.unreadCount.path)).toHaveLength(1))
    expect(api.callsTo(MESSAGE.group.path)).toHaveLength(1)
    await act(() => app.router.navigate('/platform/noticeList.html'))
    await waitFor(() => expect(api.callsTo(MESSAGE.unreadCount.path)).toHaveLength(2))
    await waitFor(() => expect(api.callsTo(MESSAGE.group.path)).toHaveLength(2))
    expect(await screen.findByRole('link', { name: '站内信，3 条未读' })).toBeTruthy()
  })

  it('does not ask for messages when logged out', async () => {
    const app = renderApp('/')
    await act(() => app.router.navigate('/platform/noticeList.html'))
    await waitFor(() => expect(api.callsTo(NOTICE.list.path).length).toBeGreaterThan(0))
    expect(api.callsTo(MESSAGE.unreadCount.path)).toHaveLength(0)
  })

  it('loads user info and the menu once after login', async () => {
    logIn()
    renderApp('/')
    await waitFor(() => expect(useMenuStore.getState().status).toBe('ready'))
    expect(api.callsTo(PATHS.getInfo)).toHaveLength(1)
    expect(api.callsTo(PATHS.getRouters)).toHaveLength(1)
    expect(useSessionStore.getState().roles).toEqual(['ROLE_DEFAULT'])
  })

  it('scrolls to the top on each navigation', async () => {
    const scroll = vi.mocked(window.scrollTo)
    const app = renderApp('/404.html')
    await screen.findByText('抱歉，您访问的页面不存在或已被删除')
    scroll.mockClear()
    await act(() => app.router.navigate('/platform/noticeList.html?noticeType=GUIDE'))
    expect(scroll).toHaveBeenCalledWith(0, 0)
  })

  it('redirect-only routes: /index → / and /my/center → /userHome.html', async () => {
    const app = renderApp('/index')
    await waitFor(() => expect(app.location()).toBe('/'))
    logIn()
    const second = renderApp('/my/center')
    await waitFor(() => expect(second.location()).toBe('/userHome.html'))
  })
})

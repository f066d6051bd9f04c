import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { PATHS } from '@shared/api/paths'
import { TOKEN_COOKIE, USER_INFO_STORAGE_KEY } from '@shared/constants'
import { TestProviders } from '@renderer/testing/render-page'
import { MESSAGE } from '@shared/api/message'
import { useSessionStore } from '@renderer/stores/session'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { Header, isSocialLoginConfigured, resetSocialLoginBase, socialLoginHref } from './Header'

const THIRD_LOGIN = '/system/config/configKey/third.loginUrl'
let api: FakeApi
/** the third-party login address the server's parameter holds ('' until a provider is configured) */
function serve(thirdLoginUrl: string, unread = 0) {
  api?.restore()
  resetSocialLoginBase()
  api = fakeApi({
    [THIRD_LOGIN]: ok(thirdLoginUrl),
    [PATHS.logout]: ok(),
    [MESSAGE.unreadCount.path]: ok(unread),
  })
}
beforeEach(() => serve(''))
afterEach(() => {
  api.restore()
  useSessionStore.setState({ token: undefined, userInfo: null })
})

function renderHeader() {
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: ['/'] })
  return render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  )
}

describe('Header (spec §1-§2)', () => {
  it('logged out: login and register; no third-party login link while no provider is configured', async () => {
    for (const unset of ['', 'javascript:alert(1)', 'passport', '/oauth/authorize']) {
      serve(unset)
      const { unmount } = renderHeader()
      expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login.html')
      expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register.html')
      await waitFor(() => expect(api.callsTo(THIRD_LOGIN)).toHaveLength(1))
      await act(async () => new Promise((resolve) => setTimeout(resolve, 0)))
      expect(screen.queryByRole('link', { name: /社交账号登录/ }), unset).toBeNull()
      expect(screen.queryByText(/社交账号登录/)).toBeNull()
      unmount()
    }
  })

  it('logged out, a provider configured: the third-party login link with a redirect to /login.html', async () => {
    serve('https://sns.example.com/oauth/authorize')
    renderHeader()
    const social = await screen.findByRole('link', { name: /社交账号登录/ })
    expect(social.getAttribute('href')).toBe(
      `https://sns.example.com/oauth/authorize?redirect=${encodeURIComponent(`${window.location.origin}/login.html`)}`,
    )
    expect(screen.queryByText(/欢迎 /)).toBeNull()
  })

  it('has the site links: home, guaranteed trade in a new tab, the navigation menu and feedback', async () => {
    renderHeader()
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/')
    const warrant = screen.getByRole('link', { name: '担保交易' })
    expect(warrant.getAttribute('href')).toBe('/warrantOrderHandler.html')
    expect(warrant.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: '意见反馈' }).getAttribute('href')).toBe(
      '/platform/feedback.html',
    )
    fireEvent.mouseEnter(screen.getByRole('button', { name: /网站导航/ }))
    const guide = await screen.findByRole('link', { name: '操作指南' })
    expect(guide.getAttribute('href')).toBe('/platform/noticeList.html?noticeType=GUIDE')
    for (const [name, href] of [
      ['账号管理', '/user/userBase.html'],
      ['资金管理', '/account/balance.html'],
      ['个人中心', '/userHome.html'],
      ['消息中心', '/message/userMessage.html'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href)
    }
  })

  it('logged in: 欢迎 nickName, unread badge to the message centre, logout', async () => {
    document.cookie = `${TOKEN_COOKIE}=tk; path=/`
    localStorage.setItem(
      USER_INFO_STORAGE_KEY,
      JSON.stringify({ userId: 1, userName: 'p1', nickName: '小明', code: 'U1', avatar: '' }),
    )
    useSessionStore.getState().hydrate()
    serve('', 7)
    const original = useSessionStore.getState().logout
    const logout = vi.fn(async () => undefined)
    useSessionStore.setState({ logout })
    renderHeader()
    expect(screen.getByText('小明')).toBeTruthy()
    expect(screen.getByText(/欢迎/)).toBeTruthy()
    const messages = await screen.findByRole('link', { name: '站内信，7 条未读' })
    expect(messages.getAttribute('href')).toBe('/message/userMessage.html')
    expect(messages.textContent).toContain('7')
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: '退出' }))
    const dialog = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.ant-modal')
      if (!element) throw new Error('no confirmation yet')
      return element
    })
    expect(within(dialog).getByText('确定要退出当前账号吗？')).toBeTruthy()
    expect(logout).not.toHaveBeenCalled()
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^退\s?出$/ })))
    await waitFor(() => expect(logout).toHaveBeenCalled())
    useSessionStore.setState({ logout: original })
  })
})

describe('isSocialLoginConfigured', () => {
  it('takes only an absolute http(s) address', () => {
    expect(isSocialLoginConfigured('https://open.weixin.qq.com/connect/qrconnect?appid=x')).toBe(true)
    expect(isSocialLoginConfigured('http://sso.local/login')).toBe(true)
    for (const bad of ['', ' ', 'javascript:alert(1)', 'data:text/html,x', '/oauth', 'https://u:p@x.cn/'])
      expect(isSocialLoginConfigured(bad), bad).toBe(false)
  })
})

describe('socialLoginHref', () => {
  it('appends redirect with ? or &', () => {
    expect(socialLoginHref('https://a.cn/login', 'https://m.cn')).toBe(
      'https://a.cn/login?redirect=https%3A%2F%2Fm.cn%2Flogin.html',
    )
    expect(socialLoginHref('https://a.cn/login?x=1', 'https://m.cn')).toBe(
      'https://a.cn/login?x=1&redirect=https%3A%2F%2Fm.cn%2Flogin.html',
    )
  })
})

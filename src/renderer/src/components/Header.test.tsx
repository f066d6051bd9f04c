import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { MESSAGE } from '@shared/api/message'
import { SYSTEM } from '@shared/api/system'
import { TOKEN_COOKIE, USER_INFO_STORAGE_KEY } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { reloadPage } from '@renderer/utils/page'
import { Header } from './Header'

vi.mock('@renderer/utils/page', () => ({ reloadPage: vi.fn() }))

let server: FakeServer
/** the third-party login address the server's parameter holds ('' until a provider is configured) */
function serve(thirdLoginUrl: string, unread = 0) {
  server?.restore()
  server = fakeServer()
    .on(SYSTEM.config, ({ params }) => (params.configKey === 'third.loginUrl' ? thirdLoginUrl : ''))
    .on(AUTH.logout, undefined)
    .on(MESSAGE.unreadCount, unread)
}

afterEach(() => {
  server?.restore()
  useSessionStore.getState().clear()
  vi.clearAllMocks()
})

const renderHeader = () => renderPage(<Header />, { url: '/', path: '*' })

describe('Header', () => {
  it('logged out: login, register and WeChat scan login', async () => {
    serve('')
    renderHeader()
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login.html')
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register.html')
    expect(screen.getByRole('link', { name: /微信扫码登录/ }).getAttribute('href')).toBe('/offLogin.html')
    expect(screen.queryByText(/欢迎 /)).toBeNull()
  })

  it('has the site links: home, guaranteed trade in a new tab, the navigation menu and feedback', async () => {
    serve('')
    renderHeader()
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/')
    const warrant = screen.getByRole('link', { name: '担保交易' })
    expect(warrant.getAttribute('href')).toBe('/warrantOrderHandler.html')
    expect(warrant.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: '意见反馈' }).getAttribute('href')).toBe(
      '/platform/feedback.html',
    )
    fireEvent.click(screen.getByRole('button', { name: /网站导航/ }))
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

  it('puts 担保交易 in 网站导航 for phones, whose top bar has no room for it (site-nav-menu.css)', async () => {
    serve('')
    renderHeader()
    fireEvent.click(screen.getByRole('button', { name: /网站导航/ }))
    await screen.findByRole('link', { name: '操作指南' })
    const menu = screen.getByRole('button', { name: /网站导航/ }).nextElementSibling as HTMLElement
    const warrant = within(menu).getByRole('link', { name: '担保交易' })
    expect(warrant.getAttribute('href')).toBe('/warrantOrderHandler.html')
    expect(warrant.closest('li')?.className).toBe('site-nav-menu__phone-only')
  })

  it('logged in: 欢迎 nickName, unread badge to the message centre, logout', async () => {
    document.cookie = `${TOKEN_COOKIE}=tk; path=/`
    localStorage.setItem(
      USER_INFO_STORAGE_KEY,
      JSON.stringify({ userId: 1, userName: 'p1', nickName: '小明', code: 'U1', avatar: '' }),
    )
    useSessionStore.getState().hydrate()
    serve('', 7)
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
    expect(server.callsTo(AUTH.logout)).toHaveLength(0)
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^退\s?出$/ })))
    await waitFor(() => expect(reloadPage).toHaveBeenCalled())
    expect(server.callsTo(AUTH.logout)).toHaveLength(1)
    expect(useSessionStore.getState().token).toBeUndefined()
  })
})

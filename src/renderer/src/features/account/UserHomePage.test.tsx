import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { MESSAGE } from '@shared/api/message'
import { SYSTEM } from '@shared/api/system'
import { TOKEN_COOKIE } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import UserHomePage from './UserHomePage'

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
    .on(AUTH.info, {
      user: {
        userId: 7,
        userName: 'buyer',
        nickName: '买家小王',
        code: 'U68653944',
        avatar: '',
        phone: '',
        email: '',
        createdAt: 1_700_000_000_000,
        lastLoginAt: 1_710_000_000_000,
      },
      roles: ['common'],
      permissions: [],
    })
    .on(SYSTEM.routers, [
      {
        path: '/buyer',
        component: 'Layout',
        meta: { title: '买家中心' },
        children: [
          { path: 'buyOrder.html', component: 'buyer/buyOrder', meta: { title: '我的订单' } },
          { path: 'secret.html', component: 'buyer/secret', hidden: true, meta: { title: '隐藏页' } },
        ],
      },
    ])
    .on(MESSAGE.unreadCount, 4)
  document.cookie = `${TOKEN_COOKIE}=tk; path=/`
  useSessionStore.getState().hydrate()
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

const renderUserHome = () => renderPage(<UserHomePage />, { url: '/userHome.html' })

describe('personal centre', () => {
  it('shows the getInfo profile, unread messages and the server menu', async () => {
    renderUserHome()
    expect(await screen.findByRole('heading', { name: '买家小王' })).toBeTruthy()
    expect(screen.getByText('U68653944')).toBeTruthy()
    expect(screen.getByText('buyer')).toBeTruthy()
    const messages = screen.getByText('未读消息').closest('a') as HTMLElement
    expect(messages.getAttribute('href')).toBe('/message/userMessage.html')
    expect(await within(messages).findByText('4', { selector: '.profile-card__messages-count' })).toBeTruthy()
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' })
    expect(await within(menu).findByText('买家中心')).toBeTruthy()
    expect(within(menu).queryByText('隐藏页')).toBeNull()
  })

  it('links to the saved searches (订阅搜索) among the services', async () => {
    renderUserHome()
    const services = await screen.findByRole('region', { name: '服务中心' })
    const link = within(services).getByText('订阅搜索').closest('a') as HTMLElement
    expect(link.getAttribute('href')).toBe('/buyer/savedSearch.html')
  })

  it('asks for the profile again on every visit', async () => {
    const page = renderUserHome()
    await screen.findByRole('heading', { name: '买家小王' })
    await act(() => page.router.navigate('/message/userMessage.html'))
    await act(() => page.router.navigate('/userHome.html'))
    await screen.findByRole('heading', { name: '买家小王' })
    await waitFor(() => expect(server.callsTo(AUTH.info)).toHaveLength(2))
  })

  it('offers to load a menu that failed again', async () => {
    server.fail(SYSTEM.routers, 400, '菜单不可用')
    renderUserHome()
    const menu = screen.getByRole('navigation', { name: '个人中心菜单' })
    expect(await within(menu).findByText('菜单加载失败')).toBeTruthy()
    server.on(SYSTEM.routers, [
      { path: '/userHome.html', component: 'userHome', meta: { title: '个人主页' } },
    ])
    fireEvent.click(within(menu).getByRole('button', { name: '重新加载' }))
    expect(await within(menu).findByText('个人主页')).toBeTruthy()
  })
})

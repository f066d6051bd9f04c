import { MESSAGE } from '@shared/api/message'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { PATHS } from '@shared/api/paths'
import { TOKEN_COOKIE } from '@shared/constants'
import { useMenuStore } from '@renderer/stores/menu'
import { useSessionStore } from '@renderer/stores/session'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'

let api: FakeApi
beforeEach(() => {
  api = fakeApi({
    [PATHS.getInfo]: {
      code: 200,
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
    },
    [PATHS.getRouters]: ok([
      {
        path: '/buyer',
        component: 'Layout',
        meta: { title: '买家中心' },
        children: [
          { path: 'buyOrder.html', component: 'buyer/buyOrder', meta: { title: '我的订单' } },
          { path: 'secret.html', component: 'buyer/secret', hidden: true, meta: { title: '隐藏页' } },
        ],
      },
    ]),
    [MESSAGE.unreadCount.path]: ok(4),
    [MESSAGE.group.path]: ok({ hasNewWarrantMessage: false }),
  })
  document.cookie = `${TOKEN_COOKIE}=tk; path=/`
  useSessionStore.getState().hydrate()
})
afterEach(() => {
  api.restore()
  useSessionStore.getState().clear()
  useMenuStore.getState().reset()
})

describe('personal centre', () => {
  it('shows the getInfo profile, unread messages and the server menu', async () => {
    renderApp('/userHome.html')
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
})

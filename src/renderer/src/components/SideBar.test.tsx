import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { MSG } from '@shared/messages'
import { SIDEBAR_WIDTH_PX, TOKEN_COOKIE } from '@shared/constants'
import { useAppStore } from '@renderer/stores/app'
import { MESSAGE } from '@shared/api/message'
import { Providers } from '@renderer/app/providers'
import { createQueryClient } from '@renderer/app/query-client'
import { useSessionStore } from '@renderer/stores/session'
import { fakeApi, ok } from '@renderer/testing/fake-api'
import { SideBar } from './SideBar'

function renderSideBarWithClient() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SideBar /> },
      { path: '*', element: <div>其他页面</div> },
    ],
    { initialEntries: ['/'] },
  )
  const queryClient = createQueryClient()
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { router, queryClient }
}
const renderSideBar = () => renderSideBarWithClient().router

beforeEach(() => useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } }))
afterEach(() => {
  vi.useRealTimers()
  useSessionStore.setState({ token: undefined })
})

describe('SideBar (spec §1, §4, §5)', () => {
  it('links its entries and is SIDEBAR_WIDTH_PX wide when opened', () => {
    renderSideBar()
    expect(screen.getByRole('link', { name: '担保订单' }).getAttribute('href')).toBe(
      '/warrantOrderHandler.html',
    )
    expect(screen.getByRole('link', { name: '我的关注' }).getAttribute('href')).toBe('/buyer/follow.html')
    expect(screen.getByRole('link', { name: '商品推送' }).getAttribute('href')).toBe('/seller/goodsSend.html')
    expect(screen.getByRole('link', { name: '客服验证' }).getAttribute('href')).toBe(
      '/platform/customServiceVerify.html',
    )
    expect(screen.getByLabelText('快捷服务').style.width).toBe(`${SIDEBAR_WIDTH_PX}px`)
  })

  it('shows the guaranteed-order badge only when hasNewWarrantMessage', async () => {
    let news = false
    const api = fakeApi({ [MESSAGE.group.path]: () => ok({ hasNewWarrantMessage: news }) })
    useSessionStore.setState({ token: 'tk' })
    try {
      const { queryClient } = renderSideBarWithClient()
      await waitFor(() => expect(api.callsTo(MESSAGE.group.path)).toHaveLength(1))
      expect(screen.getByRole('link', { name: '担保订单' }).querySelector('.ant-badge-dot')).toBeNull()
      news = true
      await act(() => queryClient.invalidateQueries())
      await waitFor(() =>
        expect(screen.getByRole('link', { name: '担保订单' }).querySelector('.ant-badge-dot')).not.toBeNull(),
      )
    } finally {
      api.restore()
    }
  })

  it('toggles and collapses', () => {
    renderSideBar()
    fireEvent.click(screen.getByRole('button', { name: '收起侧边栏' }))
    expect(useAppStore.getState().sidebar.opened).toBe(false)
    expect(screen.getByLabelText('快捷服务').style.width).not.toBe(`${SIDEBAR_WIDTH_PX}px`)
  })

  it('在线客服 logged out: info 请先登录！ and nothing else', async () => {
    const router = renderSideBar()
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    expect(document.querySelector('.ant-modal')).toBeNull()
  })

  it('在线客服 outside the hours: explains the hours and offers the leave-a-message form', async () => {
    document.cookie = `${TOKEN_COOKIE}=tk; path=/`
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(Date.UTC(2024, 5, 1, 23 - 8, 0)))
    const router = renderSideBar()
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    expect((await screen.findAllByText('客服暂未上线 · 留言')).length).toBeGreaterThan(0)
    expect(screen.getByText('10:00 - 22:30')).toBeTruthy()
    expect(screen.getByRole('button', { name: /提交留言/ })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })

  it('在线客服 inside the hours opens the chat (web: a popup), staying on the page', async () => {
    document.cookie = `${TOKEN_COOKIE}=tk; path=/`
    useSessionStore.setState({
      token: 'tk',
      userInfo: { userId: 2, userName: 'seller', nickName: '卖家老李', code: 'U1234', avatar: '' },
    })
    const api = fakeApi({
      '/system/config/configKey/cs.serviceUrl': ok('https://kefu.example.com/chat'),
      '/system/config/configKey/cs.customerId': ok('yxys-web-001'),
    })
    const popup = { closed: false, focus: vi.fn(), opener: {} }
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(Date.UTC(2024, 5, 1, 14 - 8, 0)))
    try {
      const router = renderSideBar()
      fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
      await waitFor(() => expect(open).toHaveBeenCalledTimes(1))
      expect(String(open.mock.calls[0]![0])).toMatch(
        /^https:\/\/kefu\.example\.com\/chat\?customerId=yxys-web-001&/,
      )
      expect(String(open.mock.calls[0]![0])).toContain('userCode=U1234')
      expect(router.state.location.pathname).toBe('/')
    } finally {
      api.restore()
      open.mockRestore()
      useSessionStore.setState({ token: undefined, userInfo: null })
    }
  })
})

describe('SideBar on mobile', () => {
  afterEach(() => useAppStore.setState({ device: 'desktop' }))
  it('closed on mobile it is a single button that opens it', () => {
    useAppStore.setState({ device: 'mobile', sidebar: { opened: false, withoutAnimation: true } })
    renderSideBar()
    expect(screen.queryByRole('link', { name: '我的关注' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '展开侧边栏' }))
    expect(screen.getByRole('link', { name: '我的关注' })).toBeTruthy()
  })
})

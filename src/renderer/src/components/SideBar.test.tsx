import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { MESSAGE } from '@shared/api/message'
import { CS_CONVERSATION } from '@shared/api/cs'
import { MSG } from '@shared/messages'
import { SIDEBAR_WIDTH_PX, TOKEN_COOKIE } from '@shared/constants'
import { useAppStore } from '@renderer/stores/app'
import { useCsPanel } from '@renderer/stores/cs-panel'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { SideBar } from './SideBar'

let server: FakeServer
const renderSideBar = () => renderPage(<SideBar />, { url: '/' })

beforeEach(() => {
  server = fakeServer()
  useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } })
})
afterEach(() => {
  vi.useRealTimers()
  server.restore()
  useSessionStore.getState().clear()
})

describe('SideBar', () => {
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
    server.on(MESSAGE.group, () => ({ hasNewWarrantMessage: news }))
    useSessionStore.setState({ token: 'tk' })
    const { queryClient } = renderSideBar()
    await waitFor(() => expect(server.callsTo(MESSAGE.group)).toHaveLength(1))
    expect(screen.getByRole('link', { name: '担保订单' }).querySelector('.ant-badge-dot')).toBeNull()
    news = true
    await act(() => queryClient.invalidateQueries())
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '担保订单' }).querySelector('.ant-badge-dot')).not.toBeNull(),
    )
  })

  it('toggles and collapses', () => {
    renderSideBar()
    fireEvent.click(screen.getByRole('button', { name: '收起侧边栏' }))
    expect(useAppStore.getState().sidebar.opened).toBe(false)
    expect(screen.getByLabelText('快捷服务').style.width).not.toBe(`${SIDEBAR_WIDTH_PX}px`)
  })

  it('在线客服 logged out: info 请先登录！ and nothing else', async () => {
    const page = renderSideBar()
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    expect(await screen.findByText(MSG.LOGIN_REQUIRED)).toBeTruthy()
    expect(page.location()).toBe('/')
    expect(document.querySelector('.ant-modal')).toBeNull()
  })

  it('在线客服 logged in opens the built-in conversation over the page (web: the panel), staying on the page', async () => {
    document.cookie = `${TOKEN_COOKIE}=tk; path=/`
    useSessionStore.setState({ token: 'tk' })
    server.on(CS_CONVERSATION.status, {
      mode: 'builtin',
      hours: '10:00-22:30',
      inHours: true,
      nextOpenAt: null,
      waiting: 0,
      onlineAgents: 1,
      widget: null,
    })
    const open = vi.spyOn(window, 'open')
    const page = renderSideBar()
    fireEvent.click(screen.getByRole('button', { name: '在线客服' }))
    await waitFor(() => expect(useCsPanel.getState().open).toBe(true))
    expect(useCsPanel.getState().about).toEqual({})
    // no popup, no outside page
    expect(open).not.toHaveBeenCalled()
    expect(page.location()).toBe('/')
    useCsPanel.setState({ open: false, about: {}, openedAt: 0 })
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

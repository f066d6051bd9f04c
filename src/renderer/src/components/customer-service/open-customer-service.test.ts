/**
 * Opening 在线客服: the built-in conversation (desktop: its window on our own route; web: the panel)
 * unless the web has a configured widget; never a placeholder address.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CS_CONVERSATION, type CsServiceStatus } from '@shared/api/cs'
import { customerServicePath, isCustomerServicePath } from '@shared/desktop'
import { createQueryClient } from '@renderer/app/query-client'
import { platform } from '@renderer/platform'
import { useCsPanel } from '@renderer/stores/cs-panel'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { customerServiceDecision, openCustomerService, widgetScript } from './open-customer-service'

const STATUS: CsServiceStatus = {
  mode: 'builtin',
  hours: '10:00-22:30',
  inHours: true,
  nextOpenAt: null,
  waiting: 0,
  onlineAgents: 1,
  widget: null,
}
const WIDGET: CsServiceStatus = {
  ...STATUS,
  mode: 'widget',
  widget: { scriptUrl: 'https://kefu.example.com/widget.js', customerId: 'yx-001' },
}

let server: FakeServer | null = null
afterEach(() => {
  server?.restore()
  server = null
  vi.restoreAllMocks()
  useCsPanel.setState({ open: false, about: {}, openedAt: 0 })
  document.getElementById('cs-widget-script')?.remove()
})

describe('which customer service opens', () => {
  it('logged out: login first; the built-in conversation unless the web has a configured widget', () => {
    expect(customerServiceDecision(false, STATUS)).toBe('login-required')
    expect(customerServiceDecision(true, STATUS, 'web')).toBe('builtin')
    expect(customerServiceDecision(true, null, 'web')).toBe('builtin')
    expect(customerServiceDecision(true, WIDGET, 'web')).toBe('widget')
    // the desktop client always has its own window
    expect(customerServiceDecision(true, WIDGET, 'desktop')).toBe('builtin')
    // widget mode without an address, or with an unsafe one: never shown
    expect(widgetScript({ ...WIDGET, widget: null })).toBeNull()
    expect(
      widgetScript({ ...WIDGET, widget: { scriptUrl: 'http://kefu.example.com/w.js', customerId: 'x' } }),
    ).toBeNull()
    expect(
      widgetScript({ ...WIDGET, widget: { scriptUrl: 'javascript:alert(1)', customerId: 'x' } }),
    ).toBeNull()
    expect(widgetScript({ ...WIDGET, widget: { scriptUrl: '', customerId: 'x' } })).toBeNull()
  })

  it('the web opens the panel with what it was opened about', async () => {
    server = fakeServer().on(CS_CONVERSATION.status, STATUS)
    await openCustomerService({ orderNo: 'YX1' }, createQueryClient())
    expect(useCsPanel.getState()).toMatchObject({ open: true, about: { orderNo: 'YX1' } })
    expect(document.getElementById('cs-widget-script')).toBeNull()
  })

  it('the web loads a configured widget instead (once)', async () => {
    server = fakeServer().on(CS_CONVERSATION.status, WIDGET)
    const queryClient = createQueryClient()
    await openCustomerService({}, queryClient)
    await openCustomerService({}, queryClient)
    const scripts = document.querySelectorAll('script#cs-widget-script')
    expect(scripts).toHaveLength(1)
    expect((scripts[0] as HTMLScriptElement).src).toBe('https://kefu.example.com/widget.js')
    expect((scripts[0] as HTMLScriptElement).dataset['customerId']).toBe('yx-001')
    expect(useCsPanel.getState().open).toBe(false)
  })

  it('a shell with a window opens it on the conversation’s route', async () => {
    server = fakeServer().on(CS_CONVERSATION.status, STATUS)
    const open = vi.spyOn(platform, 'openCustomerService').mockResolvedValue('opened')
    await openCustomerService({ goodsId: 7 }, createQueryClient())
    expect(open).toHaveBeenCalledWith({ path: '/service/chat.html?goodsId=7' })
    expect(useCsPanel.getState().open).toBe(false)
  })
})

describe('the conversation’s route', () => {
  it('carries at most one attachment, and only what customerServicePath writes is accepted', () => {
    expect(customerServicePath()).toBe('/service/chat.html')
    expect(customerServicePath({ orderNo: 'YX12', goodsId: 3 })).toBe('/service/chat.html?orderNo=YX12')
    expect(customerServicePath({ goodsId: 0, disputeId: 4 })).toBe('/service/chat.html?disputeId=4')
    expect(customerServicePath({ orderNo: '../x' })).toBe('/service/chat.html')
    for (const ok of [
      '/service/chat.html',
      '/service/chat.html?orderNo=YX1',
      '/service/chat.html?goodsId=9',
    ]) {
      expect(isCustomerServicePath(ok), ok).toBe(true)
    }
    for (const bad of [
      '/service/chat.html?goodsId=09',
      '/service/chat.html?goodsId=1&goodsId=2',
      '/service/chat.html?conversationId=3',
      '/service/chat.html/../userHome.html',
      'https://kefu.example.com/service/chat.html',
    ]) {
      expect(isCustomerServicePath(bad), bad).toBe(false)
    }
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { CS } from '@shared/api/cs'
import { SYSTEM } from '@shared/api/system'
import { createQueryClient } from '@renderer/app/query-client'
import { platform } from '@renderer/platform'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { TestProviders } from '@renderer/testing/render-page'
import { CsLeaveMessageForm } from './CsLeaveMessageForm'
import { customerServiceDecision, openCustomerService } from './open-customer-service'

let server: FakeServer | null = null
afterEach(() => {
  server?.restore()
  server = null
  vi.restoreAllMocks()
})

/** the chat widget's parameters as the server holds them */
const serveConfig = (serviceUrl: string, customerId = 'yxys-web-001') =>
  fakeServer().on(SYSTEM.config, ({ params }) =>
    params.configKey === 'cs.serviceUrl'
      ? serviceUrl
      : params.configKey === 'cs.customerId'
        ? customerId
        : '',
  )

describe('opening customer service', () => {
  it('decides by login and by the hours (10:00-22:30 China time)', () => {
    expect(customerServiceDecision(false)).toBe('login-required')
    expect(customerServiceDecision(true, new Date(Date.UTC(2024, 0, 1, 2, 0)))).toBe('open') // 10:00
    expect(customerServiceDecision(true, new Date(Date.UTC(2024, 0, 1, 14, 30)))).toBe('closed') // 22:30
  })

  it('builds the widget address from the server configuration and opens it through the platform', async () => {
    server = serveConfig('https://kefu.example.com/chat')
    const open = vi.spyOn(platform, 'openCustomerService').mockResolvedValue('opened')
    await expect(
      openCustomerService({ userCode: 'U42', name: '卖家老李', page: '/userHome.html' }, createQueryClient()),
    ).resolves.toBe('opened')
    const [{ url, conversationId }] = open.mock.calls[0]!
    expect(conversationId).toBe('U42')
    const u = new URL(url)
    expect(u.origin + u.pathname).toBe('https://kefu.example.com/chat')
    expect(Object.fromEntries(u.searchParams)).toEqual({
      customerId: 'yxys-web-001',
      name: '卖家老李',
      info: '网页 · 来自页面 /userHome.html',
      userCode: 'U42',
    })
  })

  it('is unavailable without a user code, without configuration, or with an unsafe address', async () => {
    const open = vi.spyOn(platform, 'openCustomerService').mockResolvedValue('opened')
    await expect(openCustomerService({ name: 'x', page: '/' }, createQueryClient())).resolves.toBe(
      'unavailable',
    )
    server = fakeServer()
    await expect(
      openCustomerService({ userCode: 'U1', name: 'x', page: '/' }, createQueryClient()),
    ).resolves.toBe('unavailable')
    server.restore()
    server = serveConfig('http://kefu.example.com/chat')
    await expect(
      openCustomerService({ userCode: 'U1', name: 'x', page: '/' }, createQueryClient()),
    ).resolves.toBe('unavailable')
    expect(open).not.toHaveBeenCalled()
  })
})

describe('leave a message (outside the hours)', () => {
  function renderForm(onDone = vi.fn()) {
    render(
      <TestProviders>
        <CsLeaveMessageForm onDone={onDone} />
      </TestProviders>,
    )
    return onDone
  }

  it('sends the message to the server', async () => {
    server = fakeServer().on(CS.leaveMessage, { messageId: 7 })
    const onDone = renderForm()
    fireEvent.change(screen.getByLabelText('留言内容'), { target: { value: '订单 YX1 一直没有发货' } })
    fireEvent.change(screen.getByLabelText('联系方式（选填）'), { target: { value: ' QQ 10001 ' } })
    fireEvent.click(screen.getByText(/提交留言/).closest('button')!)
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(server.callsTo(CS.leaveMessage)[0]!.body).toEqual({
      category: 'ORDER',
      content: '订单 YX1 一直没有发货',
      contact: 'QQ 10001',
      client: 'web',
    })
  })

  it('checks the content before sending and shows the server’s refusal', async () => {
    server = fakeServer().fail(CS.leaveMessage, 429, '操作过于频繁，请稍后再试')
    renderForm()
    fireEvent.click(screen.getByText(/提交留言/).closest('button')!)
    expect(await screen.findByText('请填写留言内容')).toBeTruthy()
    expect(server.callsTo(CS.leaveMessage)).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('留言内容'), { target: { value: '请尽快联系我处理' } })
    fireEvent.click(screen.getByText(/提交留言/).closest('button')!)
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeTruthy()
  })
})

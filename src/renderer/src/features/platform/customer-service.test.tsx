import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { TestProviders } from '@renderer/testing/render-page'
import { forgetCustomerServiceConfig } from '@renderer/api/cs'
import { platform } from '@renderer/platform'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { CsLeaveMessageForm } from './CsLeaveMessageForm'
import { customerServiceDecision, openCustomerService } from './customer-service'

let api: FakeApi | null = null
beforeEach(() => forgetCustomerServiceConfig())
afterEach(() => {
  api?.restore()
  api = null
  vi.restoreAllMocks()
})

const config = {
  '/system/config/configKey/cs.serviceUrl': ok('https://kefu.example.com/chat'),
  '/system/config/configKey/cs.customerId': ok('yxys-web-001'),
}

describe('opening customer service', () => {
  it('decides by login and by the hours (10:00-22:30 China time)', () => {
    expect(customerServiceDecision(false)).toBe('login-required')
    expect(customerServiceDecision(true, new Date(Date.UTC(2024, 0, 1, 2, 0)))).toBe('open') // 10:00
    expect(customerServiceDecision(true, new Date(Date.UTC(2024, 0, 1, 14, 30)))).toBe('closed') // 22:30
  })

  it('builds the widget address from the server configuration and opens it through the platform', async () => {
    api = fakeApi(config)
    const open = vi.spyOn(platform, 'openCustomerService').mockResolvedValue('opened')
    await expect(
      openCustomerService({ userCode: 'U42', name: '卖家老李', page: '/userHome.html' }),
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
    await expect(openCustomerService({ name: 'x', page: '/' })).resolves.toBe('unavailable')
    api = fakeApi({})
    await expect(openCustomerService({ userCode: 'U1', name: 'x', page: '/' })).resolves.toBe('unavailable')
    api.restore()
    forgetCustomerServiceConfig()
    api = fakeApi({ ...config, '/system/config/configKey/cs.serviceUrl': ok('http://kefu.example.com/chat') })
    await expect(openCustomerService({ userCode: 'U1', name: 'x', page: '/' })).resolves.toBe('unavailable')
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
    api = fakeApi({ '/platform/cs/leaveMessage': ok({ messageId: 7 }) })
    const onDone = renderForm()
    fireEvent.change(screen.getByLabelText('留言内容'), { target: { value: '订单 YX1 一直没有发货' } })
    fireEvent.change(screen.getByLabelText('联系方式（选填）'), { target: { value: ' QQ 10001 ' } })
    fireEvent.click(screen.getByRole('button', { name: /提交留言/ }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const call = api.callsTo('/platform/cs/leaveMessage')[0]!
    expect(JSON.parse(call.data as string)).toEqual({
      category: 'ORDER',
      content: '订单 YX1 一直没有发货',
      contact: 'QQ 10001',
      client: 'web',
    })
  })

  it('checks the content before sending and shows the server’s refusal', async () => {
    api = fakeApi({ '/platform/cs/leaveMessage': { code: 429, msg: '操作过于频繁，请稍后再试' } })
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: /提交留言/ }))
    expect(await screen.findByText('请填写留言内容')).toBeTruthy()
    expect(api.callsTo('/platform/cs/leaveMessage')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('留言内容'), { target: { value: '请尽快联系我处理' } })
    fireEvent.click(screen.getByRole('button', { name: /提交留言/ }))
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeTruthy()
  })
})

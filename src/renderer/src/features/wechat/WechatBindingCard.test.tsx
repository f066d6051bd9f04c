import { afterEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { WECHAT, type WechatBinding, type WechatBindResult } from '@shared/api/wechat'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { WECHAT_QR } from '@renderer/testing/wechat-fixtures'
import { WechatBindingCard } from './WechatBindingCard'

let server: FakeServer
afterEach(() => server?.restore())

const templates = (on: boolean): WechatBinding['templates'] => [
  { key: 'ORDER_PAID', name: '订单已付款（卖家）', enabled: on },
  { key: 'NEW_MESSAGE', name: '新站内信', enabled: on },
]
const QR = WECHAT_QR

describe('WechatBindingCard', () => {
  it('binds by QR code: polls until the scan bound the account, then shows the binding', async () => {
    let bound = false
    let result: WechatBindResult = { status: 'WAITING' }
    server = fakeServer()
      .on(WECHAT.binding, () =>
        bound
          ? {
              bound: true,
              nickname: '沙箱微信·阿青',
              boundAt: Date.now(),
              isSend: true,
              templates: templates(true),
            }
          : { bound: false, nickname: null, boundAt: null, isSend: true, templates: templates(true) },
      )
      .on(WECHAT.buildQRCode, QR)
      .on(WECHAT.getUserBindOfficialResult, () => result)
    renderPage(<WechatBindingCard />)
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '绑定微信' })))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('img', { name: '微信扫码二维码' })).toBeTruthy()
    expect(server.callsTo(WECHAT.buildQRCode)[0]!.body).toEqual({ purpose: 'BIND' })
    await waitFor(() => expect(server.callsTo(WECHAT.getUserBindOfficialResult).length).toBeGreaterThan(0))
    expect(server.callsTo(WECHAT.getUserBindOfficialResult)[0]!.query).toEqual({ sceneId: 'scene-1' })
    bound = true
    result = { status: 'BOUND' }
    expect(await screen.findByText('沙箱微信·阿青', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('switch', { name: '接收微信通知' })).toBeTruthy()
  })

  it('switches the master switch and one template', async () => {
    server = fakeServer()
      .on(WECHAT.binding, {
        bound: true,
        nickname: '沙箱微信·阿青',
        boundAt: 1_700_000_000_000,
        isSend: true,
        templates: templates(true),
      })
      .on(WECHAT.updateIsSend, undefined)
      .on(WECHAT.updateTemplateSendConfig, undefined)
    renderPage(<WechatBindingCard />)
    await act(async () => fireEvent.click(await screen.findByRole('switch', { name: '新站内信' })))
    await waitFor(() =>
      expect(server.callsTo(WECHAT.updateTemplateSendConfig)[0]!.body).toEqual({
        templates: [{ key: 'NEW_MESSAGE', enabled: false }],
      }),
    )
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: '接收微信通知' })))
    await waitFor(() => expect(server.callsTo(WECHAT.updateIsSend)[0]!.body).toEqual({ isSend: false }))
  })
})

/** The top-up form offers the channels the server takes and pays a provider's QR code in place. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { FUNDS } from '@shared/api/funds'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { TopupForm } from './TopupForm'

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
  logIn()
})
afterEach(() => server.restore())

const submit = () => fireEvent.click(screen.getByText('去充值').closest('button')!)

describe('TopupForm', () => {
  it("offers only the server's channels, the first chosen", async () => {
    server.on(FUNDS.topupChannels, { channels: ['alipay', 'wechat'] })
    renderPage(<TopupForm defaultFen={500} />, { url: '/account/balance.html' })
    expect(await screen.findByLabelText('支付宝')).toBeTruthy()
    expect(screen.getByLabelText('微信支付')).toBeTruthy()
    expect(screen.queryByLabelText('沙箱支付（测试）')).toBeNull()
    await waitFor(() => expect((screen.getByLabelText('支付宝') as HTMLInputElement).checked).toBe(true))
  })

  it("asks a provider for this screen's scene and shows its QR code until the top-up is paid", async () => {
    let status: 'PENDING' | 'PAID' = 'PENDING'
    server
      .on(FUNDS.topupChannels, { channels: ['wechat'] })
      .on(FUNDS.topupCreate, { topupNo: 'T9', payUrl: '', qrCode: 'weixin://wxpay/bizpayurl?pr=abc' })
      .on(FUNDS.topupDetail, () => ({
        topupNo: 'T9',
        amount: 1_000,
        channel: 'wechat' as const,
        status,
        createdAt: 0,
        paidAt: null,
      }))
    renderPage(<TopupForm defaultFen={1_000} />, { url: '/account/balance.html' })
    await waitFor(() => expect((screen.getByLabelText('微信支付') as HTMLInputElement).checked).toBe(true))
    submit()
    expect(await screen.findByText('微信支付扫码支付')).toBeTruthy()
    expect(server.callsTo(FUNDS.topupCreate)[0].body).toMatchObject({
      amount: 1_000,
      channel: 'wechat',
      scene: 'PC',
    })
    expect(await screen.findByAltText('微信支付支付二维码')).toBeTruthy()
    status = 'PAID'
    expect(await screen.findByText('支付成功', {}, { timeout: 5_000 })).toBeTruthy()
  })
})

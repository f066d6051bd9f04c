import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { WECHAT, type WechatLoginCheck } from '@shared/api/wechat'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { WECHAT_QR } from '@renderer/testing/wechat-fixtures'
import OffLoginPage from './OffLoginPage'

let server: FakeServer
afterEach(() => {
  server?.restore()
  useSessionStore.getState().clear()
})

const QR = WECHAT_QR
const serve = (answer: WechatLoginCheck) => {
  server = fakeServer().on(WECHAT.buildQRCode, QR).on(WECHAT.checkOfficialLogin, answer)
}

describe('/offLogin.html', () => {
  it('shows the QR code with the sandbox phone link, then logs a bound WeChat user in', async () => {
    serve({
      status: 'LOGGED_IN',
      token: 'tok-1',
      userInfoDto: { userId: 2, userName: 'seller', nickName: '卖家老李', code: 'U1', avatar: '' },
    })
    const page = renderPage(<OffLoginPage />, { url: '/offLogin.html?redirect=%2FuserHome.html' })
    expect(await screen.findByRole('img', { name: '微信扫码二维码' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /打开沙箱手机扫码/ }).getAttribute('href')).toBe(
      '/api/wechat/sandbox/phone?scene=s1',
    )
    expect(server.callsTo(WECHAT.buildQRCode)[0]!.body).toEqual({ purpose: 'LOGIN' })
    await waitFor(() => expect(page.location()).toBe('/userHome.html'))
    expect(useSessionStore.getState().token).toBe('tok-1')
  })

  it('sends an unbound WeChat user to /bind.html with the ticket in the router state', async () => {
    serve({ status: 'UNBOUND', bindTicket: 'ticket-1', wechatNickname: '沙箱微信·阿青' })
    const page = renderPage(<OffLoginPage />, { url: '/offLogin.html' })
    await waitFor(() => expect(page.location()).toBe('/bind.html'))
    expect(page.router.state.location.state).toEqual({
      bindTicket: 'ticket-1',
      wechatNickname: '沙箱微信·阿青',
      redirect: '/',
    })
  })

  it('offers a new QR code once the scene expired', async () => {
    serve({ status: 'EXPIRED' })
    renderPage(<OffLoginPage />, { url: '/offLogin.html' })
    expect(await screen.findByText('二维码已失效')).toBeTruthy()
    expect(screen.getByRole('button', { name: /刷新二维码/ })).toBeTruthy()
  })
})

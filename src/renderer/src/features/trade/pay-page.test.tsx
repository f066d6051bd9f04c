import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { FUNDS } from '@shared/api/funds'
import { ORDER } from '@shared/api/trade'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { testKeyPair, type TestKeyPair } from '@renderer/testing/rsa-keys'
import { order, ORDER_NO, wallet } from '@renderer/testing/trade-fixtures'
import { PROTECTION } from '@shared/api/protection'
import PayPage from './PayPage'

let keys: TestKeyPair
let server: FakeServer
beforeAll(() => {
  keys = testKeyPair()
})
beforeEach(() => {
  server = fakeServer()
    .on(AUTH.publicKey, { publicKey: keys.publicKey })
    .on(ORDER.detail, order({ deadlineAt: Date.now() + 10 * 60_000, actions: ['pay', 'cancel'] }))
    .on(FUNDS.wallet, wallet({ available: 80_000 }))
  logIn()
})
afterEach(() => server.restore())

const openPay = () => renderPage(<PayPage />, { url: `/buyer/pay.html?orderNo=${ORDER_NO}` })
const payButton = () => screen.getByText(/确认支付/, { selector: 'button span' }).closest('button')!

describe('/buyer/pay.html', () => {
  it('shows a refusal in the form and clears the password; the right one pays and goes on', async () => {
    let tries = 0
    server.on(ORDER.pay, ({ body }) => {
      tries += 1
      return keys.decrypt(body.payPassword) === '246813'
        ? order({ status: 'PAID' })
        : { failure: { code: 400, msg: `支付密码错误，还可尝试 ${5 - tries} 次` } }
    })
    const view = openPay()
    const input = (await screen.findByLabelText('支付密码')) as HTMLInputElement
    fireEvent.change(input, { target: { value: '000000' } })
    fireEvent.click(payButton())
    expect(await screen.findByText('支付密码错误，还可尝试 4 次')).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('支付密码') as HTMLInputElement).value).toBe(''))
    fireEvent.change(screen.getByLabelText('支付密码'), { target: { value: '246813' } })
    fireEvent.click(payButton())
    await waitFor(() => expect(view.location()).toBe(`/buyer/paySuccess.html?orderNo=${ORDER_NO}`))
    expect(server.callsTo(ORDER.pay).map((c) => c.body.orderNo)).toEqual([ORDER_NO, ORDER_NO])
  })

  it('short of balance: offers the shortfall as a top-up that comes back here', async () => {
    server.on(FUNDS.topupChannels, { channels: [] })
    server.on(FUNDS.wallet, wallet({ available: 20_000 })).on(FUNDS.topupCreate, {
      topupNo: 'T1',
      payUrl: 'https://pay.example.com/checkout',
      qrCode: null,
    })
    openPay()
    expect(await screen.findByText('余额不足，还差 ¥500.00')).toBeTruthy()
    expect((screen.getByLabelText('充值金额（元）') as HTMLInputElement).value).toBe('500.00')
    expect(screen.queryByLabelText('支付密码')).toBeNull()
  })

  it('offers 支付宝 for the whole amount, or the balance first with the payment password', async () => {
    server
      .on(FUNDS.wallet, wallet({ available: 20_000 }))
      .on(FUNDS.topupChannels, { channels: ['alipay'] })
      .on(ORDER.payChannel, {
        topupNo: 'T2',
        channelAmount: 50_000,
        balanceAmount: 20_000,
        payUrl: 'https://openapi.alipay.com/gateway.do?x=1',
        qrCode: null,
      })
    openPay()
    expect(await screen.findByText('支付方式')).toBeTruthy()
    const button = () => screen.getByText(/^支付宝支付/, { selector: 'button span' }).closest('button')!
    expect(button().textContent).toContain('¥700.00')
    fireEvent.click(screen.getByText(/使用余额抵扣/))
    await waitFor(() => expect(button().textContent).toContain('¥500.00'))
    fireEvent.change(screen.getByLabelText('支付密码（余额抵扣部分）'), { target: { value: '246813' } })
    fireEvent.click(button())
    await waitFor(() => expect(server.callsTo(ORDER.payChannel)).toHaveLength(1))
    const body = server.callsTo(ORDER.payChannel)[0].body
    expect(body).toMatchObject({ orderNo: ORDER_NO, channel: 'alipay', useBalance: true, scene: 'PC' })
    expect(keys.decrypt(body.payPassword!)).toBe('246813')
  })

  it('asks to set a payment password first', async () => {
    server.on(FUNDS.wallet, wallet({ hasPayPassword: false }))
    openPay()
    expect(await screen.findByText('您还没有设置支付密码')).toBeTruthy()
    expect(screen.getByText('设置支付密码').closest('a')?.getAttribute('href')).toBe(
      `/user/payPass.html?redirect=${encodeURIComponent(`/buyer/pay.html?orderNo=${ORDER_NO}`)}`,
    )
  })

  it('is one screen: the ways to pay side by side and one pay button that follows the choice', async () => {
    server.on(FUNDS.topupChannels, { channels: ['alipay', 'wechat'] })
    openPay()
    const methods = await screen.findByRole('radiogroup', { name: '支付方式' })
    await waitFor(() => expect(methods.textContent).toContain('微信支付'))
    expect(methods.textContent).toContain('余额支付')
    expect(methods.textContent).toContain('支付宝')
    // the balance covers the order: it is chosen, with the payment password
    expect(screen.getByLabelText('支付密码')).toBeTruthy()
    const payButtons = () =>
      screen
        .getAllByRole('button')
        .filter((b) => /(确认支付|支付宝支付|微信支付支付)/.test(b.textContent ?? ''))
    expect(payButtons()).toHaveLength(1)
    expect(payButtons()[0].textContent).toContain('确认支付 ¥700.00')
    fireEvent.click(screen.getByText('微信支付'))
    await waitFor(() => expect(payButtons()[0].textContent).toContain('微信支付支付 ¥700.00'))
    expect(payButtons()).toHaveLength(1)
    expect(screen.queryByLabelText('支付密码')).toBeNull()
  })

  it('adds the seller’s 额外包赔 to the order from the checkout', async () => {
    server
      .on(PROTECTION.terms, {
        goodsId: 7,
        days: 30,
        depositPercent: 30,
        deposit: 21_000,
        extra: { fee: 2_000, days: 60 },
      })
      .on(PROTECTION.extra, order({ amount: 72_000, protectionFee: 2_000, actions: ['pay', 'cancel'] }))
    openPay()
    const box = await screen.findByRole('checkbox', { name: /加购额外包赔/ })
    expect(box.closest('label')?.textContent).toContain('+¥20.00')
    expect(screen.getByRole('region', { name: '包赔保障' }).textContent).toContain('包赔 30 天')
    fireEvent.click(box)
    await waitFor(() => expect(server.callsTo(PROTECTION.extra)).toHaveLength(1))
    expect(server.callsTo(PROTECTION.extra)[0].body).toEqual({ orderNo: ORDER_NO, add: true })
  })
})

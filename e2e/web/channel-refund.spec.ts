/**
 * A ruling's refund goes back to 支付宝 (docs/payments.md, "Refunds"), end to end on the real server:
 * a new buyer pays an order entirely with 支付宝 at the Alipay simulator's cashier (the real adapter
 * behind it, as in checkout.spec.ts), opens a dispute, and the admin rules a partial refund in the
 * console (纠纷仲裁). The refund lands in the buyer's balance and goes straight on to 支付宝: the buyer's
 * order page shows "退回支付宝 ¥5.00（已到账）" above the ledger rows (the CHANNEL_REFUND row names
 * the refund number), and the simulator's own record of the trade shows the refunded amount.
 */
import { expect, test } from '../support/test'
import { DEMO_USERS, api, cheapestAccount, newUser, setPayPassword } from '../support/api'
import { loginAs } from '../support/ui'
import { formatYuan } from '../../src/shared/money'

const PAY_PASSWORD = '468024'
const REFUND_FEN = 500

test('a ruling refunds an order paid with 支付宝 back to 支付宝: the buyer and the simulator see it', async ({
  browser,
}) => {
  // two browser sessions and a console ruling: ~40 s alone, over two minutes on a loaded machine
  test.setTimeout(180_000)
  const buyer = await newUser('cr')
  await setPayPassword(buyer, PAY_PASSWORD)
  const listing = await cheapestAccount(1_000, 5_000_000)

  // the buyer orders and pays with 支付宝 at the simulator's cashier
  const page = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `/buyer/buy.html?goodsId=${listing.goodsId}`,
  )
  await page.getByRole('button', { name: '提交订单' }).click()
  // checkout: confirm and pay on one screen
  await expect(page).toHaveURL(/\/buyer\/pay\.html\?orderNo=/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
  await page.getByRole('button', { name: `支付宝支付 ${formatYuan(listing.price)}` }).click()
  await expect(page).toHaveURL(/\/sim\/alipay\//)
  // the cashier's address carries the payment as the adapter signed it: our attempt is out_trade_no
  const cashier = new URL(page.url())
  const bizContent = JSON.parse(cashier.searchParams.get('biz_content') ?? '{}') as { out_trade_no?: string }
  const attemptNo = bizContent.out_trade_no ?? ''
  expect(attemptNo).toMatch(/^P\d+/)
  await page.getByRole('button', { name: '确认付款' }).click()
  await expect(page.locator('.ant-result-title')).toHaveText('支付成功', { timeout: 20_000 })
  expect((await api(`/trade/order/detail/${orderNo}`, { token: buyer.token })).data.status).toBe('PAID')

  // a dispute, ruled in the console with a partial refund
  expect(
    (await api('/trade/order/dispute', { token: buyer.token, body: { orderNo, reason: '账号信息不符' } }))
      .code,
  ).toBe(200)
  const console = await loginAs(
    browser,
    DEMO_USERS.admin.username,
    DEMO_USERS.admin.password,
    '/console/index',
  )
  const menu = console.getByRole('menu', { name: '管理菜单' })
  const item = menu.getByRole('menuitem', { name: '纠纷仲裁' })
  if (!(await item.isVisible())) await menu.getByText('交易管理', { exact: true }).click()
  await item.click()
  await console.getByRole('row').filter({ hasText: orderNo }).getByText('处理').click()
  await console.getByLabel(/退回买家金额/).fill((REFUND_FEN / 100).toFixed(2))
  await console.getByLabel('裁决理由（双方可见）').fill('账号段位与描述不符，退回部分货款')
  await console.getByRole('button', { name: '提交裁决' }).click()
  // money moves only after the second confirmation (docs/console.md, "Money actions ask twice")
  await expect(console.getByTestId('money-confirm')).toContainText(`退回 ${formatYuan(REFUND_FEN)}`)
  await console.getByRole('button', { name: '确认裁决' }).click()
  await expect(console.getByText('裁决已生效')).toBeVisible()
  await console.context().close()

  // the buyer's order page: where the money went, and when
  await page.goto(`/buyer/orderDetail.html?orderNo=${orderNo}`)
  const refundLine = page.locator('.order-detail__refund')
  await expect(refundLine).toContainText(`退回支付宝 ${formatYuan(REFUND_FEN)}（已到账）`, {
    timeout: 20_000,
  })
  await expect(refundLine).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
  await expect(page.getByRole('cell', { name: '原路退回' })).toBeVisible()
  await expect(page.getByRole('cell', { name: /^退回支付宝（退款单 R\w+）$/ })).toBeVisible()
  // the balance keeps nothing of it: the refund went on to 支付宝
  expect((await api('/funds/wallet', { token: buyer.token })).data.available).toBe(0)

  // Alipay (the simulator) refunded that much of the trade
  const simBase = `${cashier.origin}${cashier.pathname.slice(0, cashier.pathname.indexOf('/gateway.do'))}`
  const trade = (await (await fetch(`${simBase}/_sim/trade?outTradeNo=${attemptNo}`)).json()) as Record<
    string,
    unknown
  >
  expect(trade).toMatchObject({ out_trade_no: attemptNo, refunded: REFUND_FEN })
  await page.context().close()
})

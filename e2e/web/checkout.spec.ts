/**
 * Checkout with a short balance, end to end on the real server: a new buyer (registered through the
 * API, payment password set, no money — nothing here depends on other specs) orders a listing, is
 * short of balance on /buyer/pay.html, tops up with 支付宝 — the real Alipay adapter sends the buyer
 * to the Alipay simulator's cashier on this server (docs/payments.md), whose notification credits the
 * top-up — and lands back on the order's payment page (the top-up recorded it as its return), where
 * the top-up's result and the new balance show, and pays. And an order paid directly with 支付宝.
 */
import { expect, test, type Browser, type Page } from '../support/test'
import { api, newUser, setPayPassword, type TestUser } from '../support/api'
import { loginAs } from '../support/ui'

const PAY_PASSWORD = '357159'

const yuanText = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** A new user with a payment password and an empty wallet. */
async function newBuyer(): Promise<TestUser> {
  const buyer = await newUser('ck', 'Checkout@2024')
  await setPayPassword(buyer, PAY_PASSWORD)
  const wallet = await api('/funds/wallet', { token: buyer.token })
  expect(wallet.data).toMatchObject({ available: 0, hasPayPassword: true })
  return buyer
}

/** The dearest on-sale account listing a top-up can cover (trade.spec.ts buys the cheapest one). */
async function pickListing(page: Page) {
  const res = (await (
    await page.request.get('/api/goods/search?goodsType=ACCOUNT&sort=price_desc&pageNum=1&pageSize=50')
  ).json()) as { rows: Array<{ goodsId: number; title: string; price: number; status: string }> }
  const row = res.rows.find((r) => r.status === 'ON_SALE' && r.price >= 1_000 && r.price <= 5_000_000)
  expect(row, 'a seeded on-sale account listing').toBeTruthy()
  return row!
}

/** A new buyer's order of a listing, on its payment page (the balance is empty). */
async function orderToPay(browser: Browser) {
  const buyer = await newBuyer()
  const probe = await browser.newPage()
  const listing = await pickListing(probe)
  await probe.close()
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
  return { buyer, listing, page, orderNo }
}

test('short of balance: top up with 支付宝 at the Alipay cashier (the simulator), come back and pay', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { listing, page, orderNo } = await orderToPay(browser)
  await expect(page).toHaveURL(new RegExp(`/buyer/pay\\.html\\?orderNo=${orderNo}$`))
  // short: a channel is chosen first; the balance offers the shortfall as the top-up amount
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked()
  await page.getByRole('radio', { name: /余额支付/ }).check()
  await expect(page.getByLabel('可用余额')).toHaveText('¥0.00')
  await expect(page.getByText(`余额不足，还差 ${yuanText(listing.price)}`)).toBeVisible()
  await expect(page.getByRole('textbox', { name: '充值金额（元）' })).toHaveValue(
    (listing.price / 100).toFixed(2),
  )

  await page.locator('.topup-form').getByLabel('支付宝').check()
  await page.getByRole('button', { name: '去充值' }).click()
  // Alipay's cashier (the simulator behind the adapter's gateway address)
  await expect(page).toHaveURL(/\/sim\/alipay\//)
  await expect(page.getByText(`￥${(listing.price / 100).toFixed(2)}`)).toBeVisible()
  await page.getByRole('button', { name: '确认付款' }).click()

  // back on the order's payment page (Alipay adds its signed return fields to the address) once
  // Alipay's notification credited the top-up
  await expect(page).toHaveURL(new RegExp(`/buyer/pay\\.html\\?orderNo=${orderNo}&topupNo=T\\d+&`))
  await expect(page.getByText(`充值成功：${yuanText(listing.price)} 已到账`)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByLabel('可用余额')).toHaveText(yuanText(listing.price))
  await expect(page.getByRole('timer')).toBeVisible()
  await expect(page.getByText(/余额不足/)).toHaveCount(0)
  await page.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await page.getByRole('button', { name: /确认支付/ }).click()
  await expect(page).toHaveURL(new RegExp(`/buyer/paySuccess\\.html\\?orderNo=${orderNo}$`))
  await expect(page.locator('.ant-result-title')).toHaveText('支付成功')
  await page.context().close()
})

test('pays an order directly with 支付宝 (the simulator) and comes back to a paid order', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { buyer, listing, page, orderNo } = await orderToPay(browser)
  await expect(page.getByRole('radiogroup', { name: '支付方式' })).toBeVisible()
  await page.getByRole('button', { name: `支付宝支付 ${yuanText(listing.price)}` }).click()
  await expect(page).toHaveURL(/\/sim\/alipay\//)
  await page.getByRole('button', { name: '确认付款' }).click()
  await expect(page).toHaveURL(new RegExp(`/buyer/pay\\.html\\?orderNo=${orderNo}&topupNo=T\\d+&`))
  await expect(page.locator('.ant-result-title')).toHaveText('支付成功', { timeout: 20_000 })
  const order = await api(`/trade/order/detail/${orderNo}`, { token: buyer.token })
  expect(order.data.status).toBe('PAID')
  await page.context().close()
})

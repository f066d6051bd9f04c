/**
 * A phone buyer at 390 × 844 (docs/screens.md, "Checkout"; docs/recovery-protection.md, "In lists"
 * and "额外包赔"): the list's 包赔 filter in the phone's filter panel keeps the protected listing (its
 * card carries the 包赔 badge) and drops the unprotected one; its detail page, 立即购买, and checkout
 * on one screen — the listing, 包赔 with the seller's 额外包赔 offer, the ways to pay and the payment
 * password, one pay button on the screen, nothing wider than it — then paid with the extra fee.
 * Everything of its own: a new seller publishes both listings, a new buyer tops up and pays.
 */
import { api, kingGame, newUser, publishAccount, setPayPassword, topUp, type TestUser } from '../support/api'
import { expect, test } from '../support/test'
import { loginAs } from '../support/ui'

const PHONE_390 = { width: 390, height: 844 }
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'
const PAY_PASSWORD = '135790'
const PRICE = 45_600
const EXTRA_FEE = 1_800
const EXTRA_DAYS = 60

const yuanText = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** The seller publishes a 王者荣耀 account (with a screenshot) with the given 包赔 terms. */
async function publish(seller: TestUser, title: string, protection: Record<string, number>) {
  const listing = await publishAccount(PRICE, title, seller.token, {
    description: '端到端：手机结算',
    ...protection,
  })
  return { goodsId: listing.goodsId, gameId: (await kingGame()).gameId }
}

test('a phone buyer filters 包赔, opens the listing and pays it with 额外包赔 on one checkout screen', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const stamp = `包赔结算${Date.now().toString(36)}`
  const seller = await newUser('cps')
  const covered = await publish(seller, `${stamp} 包赔号`, {
    protectionDays: 30,
    protectionExtraFee: EXTRA_FEE,
    protectionExtraDays: EXTRA_DAYS,
  })
  const plain = await publish(seller, `${stamp} 普通号`, {})
  const buyer = await newUser('cpb')
  await setPayPassword(buyer, PAY_PASSWORD)
  await topUp(buyer.token, PRICE + EXTRA_FEE)

  const listPath = `/list.html?gameId=${covered.gameId}&keyword=${encodeURIComponent(stamp)}`
  const page = await loginAs(browser, buyer.username, buyer.password, listPath, {
    viewport: PHONE_390,
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_UA,
  })
  const card = (id: number) => page.locator(`article:has(a[href="/detail/${id}.html"])`)
  await expect(card(covered.goodsId)).toBeVisible()
  await expect(card(plain.goodsId)).toBeVisible()
  // the badge is on the protected card only
  await expect(card(covered.goodsId).locator('.goods-protection')).toHaveText('包赔')
  await expect(card(plain.goodsId).locator('.goods-protection')).toHaveCount(0)

  // the phone's filter panel: 包赔 → 只看包赔 (applied at once, on the server)
  await page.getByRole('button', { name: /^(filter )?筛选( \d+)?$/ }).click()
  const panel = page.getByRole('dialog', { name: '筛选' })
  await panel.getByRole('group', { name: '包赔' }).getByRole('button', { name: '只看包赔' }).click()
  await expect(page).toHaveURL(/protection=1/)
  await panel.getByRole('button', { name: /^查看 \d+ 件商品$/ }).click()
  await expect(card(plain.goodsId)).toHaveCount(0)
  await expect(card(covered.goodsId)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width)

  // its detail page, then 立即购买 in the bottom bar
  await card(covered.goodsId).locator('.goods-card__title').tap()
  await expect(page).toHaveURL(new RegExp(`/detail/${covered.goodsId}\\.html`))
  await expect(page.getByRole('note', { name: '包赔保障' })).toContainText('额外包赔')
  await page.getByRole('group', { name: '购买' }).getByRole('button', { name: '立即购买' }).tap()
  await expect(page).toHaveURL(new RegExp(`/buyer/buy\\.html\\?goodsId=${covered.goodsId}`))
  await page.getByRole('button', { name: '提交订单' }).tap()

  // checkout: one screen
  await expect(page).toHaveURL(/\/buyer\/pay\.html\?orderNo=/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!
  await expect(page.getByRole('region', { name: '订单商品' })).toContainText(`${stamp} 包赔号`)
  const protection = page.getByRole('region', { name: '包赔保障' })
  await expect(protection).toContainText('包赔 30 天')
  const methods = page.getByRole('radiogroup', { name: '支付方式' })
  await expect(methods.getByRole('radio', { name: /余额支付/ })).toBeChecked()
  await expect(methods.getByRole('radio', { name: '支付宝' })).toBeVisible()
  const payButton = page.locator('.checkout-bar').getByRole('button')
  await expect(payButton).toHaveCount(1)
  await expect(payButton).toHaveText(`确认支付 ${yuanText(PRICE)}`)

  // 额外包赔: the amount follows
  // (the box shows the order's state: checked once the server added the fee)
  const extra = protection.getByRole('checkbox', { name: /加购额外包赔/ })
  await extra.click()
  await expect(extra).toBeChecked()
  await expect(payButton).toHaveText(`确认支付 ${yuanText(PRICE + EXTRA_FEE)}`)
  await expect(page.locator('.checkout-bar')).toContainText(`额外包赔 ${yuanText(EXTRA_FEE)}`)

  // everything on the one screen: no sideways scroll, the password and the pay button in view
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width)
  const pin = page.getByLabel('支付密码', { exact: true })
  await expect(pin).toBeInViewport({ ratio: 1 })
  await expect(payButton).toBeInViewport({ ratio: 1 })
  await expect(protection).toBeInViewport({ ratio: 1 })
  // the side button is not over the pay button
  const fab = (await page.locator('.sidebar-fab').boundingBox())!
  const pay = (await payButton.boundingBox())!
  expect(fab.y + fab.height <= pay.y || fab.x >= pay.x + pay.width).toBe(true)
  await pin.fill(PAY_PASSWORD)
  await payButton.tap()
  await expect(page).toHaveURL(new RegExp(`/buyer/paySuccess\\.html\\?orderNo=${orderNo}$`))

  const order = (await api(`/trade/order/detail/${orderNo}`, { token: buyer.token })).data
  expect(order).toMatchObject({ status: 'PAID', amount: PRICE + EXTRA_FEE, protectionFee: EXTRA_FEE })
  // the order page shows the terms with the extra bought
  await page.goto(`/buyer/orderDetail.html?orderNo=${orderNo}`)
  await expect(page.getByRole('region', { name: '包赔保障' })).toContainText(
    `已加购：延长 ${EXTRA_DAYS} 天，费用 ${yuanText(EXTRA_FEE)}`,
    // (a busy machine may take a while for the order page's two reads)
    { timeout: 30_000 },
  )
  await page.context().close()
})

/**
 * Reviews end to end (docs/trading-rules.md, "Reviews"): a buyer's order is paid, delivered and
 * confirmed through the API (e2e/support/api.ts); the buyer rates it from 我的订单 (stars, a tag,
 * text), and the seller's shop then shows the review and the seller's credit. The rules themselves
 * (15 days, once, reply once, reports, staff hiding) are covered by src/server/modules/review/.
 */
import { expect, test } from '../support/test'
import {
  DEMO_USERS,
  api,
  buyAndPay,
  cheapestAccount,
  encrypter,
  loginToken,
  newUser,
  setPayPassword,
} from '../support/api'
import { loginAs } from '../support/ui'

const PAY_PASSWORD = '246810'

/** A plausible value of a transfer field by its kind (the server checks each kind). */
function transferValue(kind: string, stamp: string): string {
  switch (kind) {
    case 'phone':
      return '13900139100'
    case 'password':
      return `Rv#${stamp}`
    case 'email':
      return 'review.e2e@example.com'
    case 'qq':
    case 'account':
      return '20000001'
    case 'idcard':
      return '11010519491231002X'
    case 'name':
      return '李演示'
    default:
      return `rv_${stamp}`
  }
}

test('a buyer reviews a completed order from 我的订单 and the shop shows it', async ({ browser }) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const buyer = await newUser('rev')
  await setPayPassword(buyer, PAY_PASSWORD)
  const listing = await cheapestAccount(100, 5_000_000)
  const orderNo = await buyAndPay(buyer, listing, PAY_PASSWORD)

  // the demo seller delivers and the buyer confirms, through the API
  const seller = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  expect((await api('/trade/order/startDelivery', { token: seller, body: { orderNo } })).code).toBe(200)
  const form = await api(`/trade/order/deliveryForm/${orderNo}`, { token: seller })
  const fields: Record<string, string> = {}
  for (const f of form.data.fields as Array<{ key: string; kind: string; required: boolean }>)
    if (f.required) fields[f.key] = transferValue(f.kind, stamp)
  const delivered = await api('/trade/order/deliver', { token: seller, body: { orderNo, fields } })
  expect(delivered.msg).toBeTruthy()
  expect(delivered.code).toBe(200)
  const encrypt = await encrypter()
  const confirmed = await api('/trade/order/confirm', {
    token: buyer.token,
    body: { orderNo, payPassword: encrypt(PAY_PASSWORD) },
  })
  expect(confirmed.code).toBe(200)
  const sellerId = (await api(`/goods/detail/${listing.goodsId}`)).data.sellerId as number

  // the buyer rates it from the order list
  const page = await loginAs(browser, buyer.username, buyer.password, '/buyer/buyOrder.html')
  const card = page.getByRole('article', { name: `订单 ${orderNo}` })
  await expect(card.getByText('已完成')).toBeVisible()
  await card.getByRole('button', { name: /^评\s*价$/ }).click()
  const dialog = page.getByRole('dialog', { name: '评价订单' })
  await dialog.getByRole('checkbox', { name: '发货迅速' }).check()
  const text = `账号和描述一致，换绑顺利 ${stamp}`
  await dialog.getByLabel('评价内容（选填，不能包含联系方式）').fill(text)
  // no stars to begin with; the fifth star tapped twice stays five (it used to clear the rating)
  await dialog.getByRole('button', { name: '提交评价' }).click()
  await expect(dialog.getByText('请选择评分')).toBeVisible()
  const fifth = dialog.getByRole('radio').nth(4)
  await fifth.click()
  await fifth.click()
  await expect(fifth).toHaveAttribute('aria-checked', 'true')
  await expect(dialog.getByText('评分不能小于 1')).toHaveCount(0)
  await dialog.getByRole('button', { name: '提交评价' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByLabel('已评价 5 星')).toBeVisible()
  await expect(card.getByRole('button', { name: /^评\s*价$/ })).toHaveCount(0)

  // the shop (server-rendered) shows the review, the rating and the credit level
  await page.goto(`/shop/${sellerId}.html`)
  const reviews = page.getByRole('region', { name: '买家评价' })
  const item = reviews.getByRole('listitem').filter({ hasText: text })
  await expect(item).toBeVisible()
  await expect(item.getByText('发货迅速')).toBeVisible()
  await expect(item.getByLabel('5 星')).toBeVisible()
  const hero = page.getByRole('region', { name: '店铺信息' })
  await expect(hero.getByText('信用等级')).toBeVisible()
  await expect(hero.getByText('纠纷率')).toBeVisible()
  const credit = (await api(`/review/credit/${sellerId}`)).data
  await expect(hero.getByText(credit.levelName)).toBeVisible()
})

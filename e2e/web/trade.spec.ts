/**
 * Trading end to end, on the real server and a fresh seeded database (issue 4):
 * the buyer changes the payment password on /user/payPass.html and tops up through the sandbox
 * gateway page; bids on a listing of the demo seller; the seller counters from the detail page; the
 * buyer accepts the counter and pays with the payment password; the seller starts delivery and
 * delivers through the transfer form; the buyer sees the credentials and confirms; both see the
 * order messages, and the buyer's ledger shows the top-up and the payment.
 *
 * Not here: the settlement after the game's protection period needs the injectable clock of the
 * server; it is covered by the server tests (src/server/modules/trade/trade.test.ts), which also
 * cover every transition's guard and the concurrency rules.
 */
import { expect, test, type Page } from '@playwright/test'
import { loginAs } from '../support/ui'

test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const PAY_PASSWORD = '246810'
const CREDENTIALS = {
  account: `qq${stamp}`,
  password: `Pw-${stamp}`,
  corrected: `Pw2-${stamp}`,
  phone: '13800138000',
}

interface Listing {
  goodsId: number
  title: string
  price: number
}
let listing: Listing | null = null
let orderNo = ''

function yuan(fen: number): string {
  return (fen / 100).toFixed(2)
}

/** The cheapest on-sale account listing of the demo seller in 王者荣耀 (a Tencent transfer form). */
async function pickListing(page: Page): Promise<Listing> {
  const games = (await (await page.request.get('/api/goods/game/getGames')).json()) as {
    data: Array<{ gameId: number; nameCn: string }>
  }
  const game = games.data.find((g) => g.nameCn === '王者荣耀')
  expect(game).toBeTruthy()
  const res = (await (
    await page.request.get(
      `/api/goods/search?gameId=${game!.gameId}&goodsType=ACCOUNT&sort=price_asc&pageNum=1&pageSize=50`,
    )
  ).json()) as {
    rows: Array<{ goodsId: number; title: string; price: number; shopName: string; status: string }>
  }
  const row = res.rows.find((r) => r.status === 'ON_SALE' && r.price >= 1000 && r.price <= 2_000_000)
  expect(row, 'a seeded on-sale account listing').toBeTruthy()
  return { goodsId: row!.goodsId, title: row!.title, price: row!.price }
}

test('the buyer changes the payment password and tops up through the sandbox gateway', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const page = await loginAs(browser, 'buyer', 'Buyer@123', '/user/payPass.html')
  listing = await pickListing(page)

  await page.getByLabel('登录密码').fill('Buyer@123')
  await page.getByLabel('支付密码', { exact: true }).fill('12ab')
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expect(page.getByText('支付密码必须是 6 位数字')).toBeVisible()
  await page.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await page.getByLabel('确认支付密码').fill(PAY_PASSWORD)
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expect(page.getByText(/支付密码已(修改|设置)/)).toBeVisible()

  // top up the listing's price: the order below can be paid whatever the seeded balance is
  await page.goto('/account/balance.html')
  const before = await page.getByLabel('可用余额').textContent()
  await page
    .getByRole('button', { name: /充\s*值/ })
    .first()
    .click()
  await page.getByRole('textbox', { name: '充值金额（元）' }).fill(yuan(listing.price))
  await page.getByRole('button', { name: '去充值' }).click()
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/checkout\?topupNo=/)
  await expect(page.getByRole('heading', { name: '模拟支付网关（沙箱）' })).toBeVisible()
  await page.getByRole('button', { name: '确认支付' }).click()
  await expect(page).toHaveURL(/\/account\/balance\.html\?topupNo=/)
  await expect(page.getByText(`充值成功：¥`)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByLabel('可用余额')).not.toHaveText(before ?? '')
  await page.context().close()
})

test('buyer bids, seller counters, buyer accepts the counter and pays with the payment password', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  expect(listing).toBeTruthy()
  const goods = listing!
  const bidFen = Math.floor((goods.price * 0.8) / 100) * 100
  const counterFen = Math.floor((goods.price * 0.9) / 100) * 100
  const detail = `/detail/${goods.goodsId}.html`

  const buyer = await loginAs(browser, 'buyer', 'Buyer@123', detail)
  await buyer
    .getByRole('button', { name: /出\s*价/ })
    .first()
    .click()
  await buyer.getByRole('textbox', { name: '我的出价（元）' }).fill(yuan(goods.price))
  await buyer.getByRole('button', { name: /提\s*交/ }).click()
  await expect(buyer.getByText(/出价需低于售价/)).toBeVisible()
  await buyer.getByRole('textbox', { name: '我的出价（元）' }).fill(yuan(bidFen))
  await buyer.getByRole('button', { name: /提\s*交/ }).click()
  const myBids = buyer.getByRole('region', { name: '我的出价' })
  await expect(myBids.getByText('待卖家处理')).toBeVisible()

  const seller = await loginAs(browser, 'seller', 'Seller@123', detail)
  const bids = seller.getByRole('region', { name: '买家出价' })
  const row = bids
    .getByRole('listitem')
    .filter({ hasText: `¥${Number(yuan(bidFen)).toLocaleString('en-US', { minimumFractionDigits: 2 })}` })
  await row
    .first()
    .getByRole('button', { name: /还\s*价/ })
    .click()
  await seller.getByRole('textbox', { name: '还价（元）' }).fill(yuan(counterFen))
  await seller.getByRole('button', { name: /提\s*交/ }).click()
  await expect(bids.getByText('卖家已还价').first()).toBeVisible()

  await buyer.reload()
  await expect(myBids.getByText('卖家已还价')).toBeVisible()
  await myBids.getByRole('button', { name: '接受还价' }).click()
  await buyer.getByRole('button', { name: /^接\s*受$/ }).click()
  await expect(buyer).toHaveURL(/\/buyer\/confirmOrder\.html\?orderNo=/)
  orderNo = new URL(buyer.url()).searchParams.get('orderNo') ?? ''
  expect(orderNo).not.toBe('')
  await expect(buyer.getByRole('timer')).toContainText(/剩余 1[45] 分/)
  await expect(buyer.locator('.trade-total')).toContainText(
    `¥${Number(yuan(counterFen)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  )

  await buyer.getByRole('button', { name: '去支付' }).click()
  await expect(buyer).toHaveURL(/\/buyer\/pay\.html\?orderNo=/)
  await buyer.getByLabel('支付密码', { exact: true }).fill('000000')
  await buyer.getByRole('button', { name: /确认支付/ }).click()
  await expect(buyer.locator('form').getByRole('alert')).toContainText(/密码/)
  await buyer.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await buyer.getByRole('button', { name: /确认支付/ }).click()
  await expect(buyer).toHaveURL(/\/buyer\/paySuccess\.html\?orderNo=/)
  await expect(buyer.locator('.ant-result-title')).toHaveText('支付成功')
  await seller.context().close()
  await buyer.context().close()
})

test('the seller delivers through the transfer form; the buyer sees the credentials and confirms', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  expect(orderNo).not.toBe('')
  const seller = await loginAs(browser, 'seller', 'Seller@123', '/seller/sellOrder.html')
  const card = seller.getByRole('article', { name: `订单 ${orderNo}` })
  await expect(card.getByText('已支付/待发货')).toBeVisible()
  await card.getByRole('button', { name: '开始发货' }).click()
  const popconfirm = seller.locator('.ant-popconfirm').filter({ hasText: '开始交付后' })
  await expect(popconfirm).toBeVisible()
  await popconfirm.getByRole('button', { name: /^确\s*定$/ }).click()
  await expect(popconfirm).toBeHidden()
  await expect(card.getByText('交付中')).toBeVisible()
  await card.getByRole('button', { name: '填写交付信息' }).click()
  await expect(seller).toHaveURL(/\/order\/transferCollect\.html\?orderNo=/)
  await seller.getByRole('textbox', { name: 'QQ号或微信号' }).fill(CREDENTIALS.account)
  await seller.getByLabel('登录密码').fill(CREDENTIALS.password)
  // each field is checked by its kind, here and on the server
  await seller.getByRole('textbox', { name: '绑定手机' }).fill('139abc')
  await seller.getByRole('textbox', { name: '实名身份证号' }).fill('123')
  await seller.getByRole('button', { name: '下一步：核对信息' }).click()
  await expect(seller.getByText('绑定手机须为 11 位手机号')).toBeVisible()
  await expect(seller.getByText('实名身份证号：身份证号须为 18 位（最后一位可为 X）')).toBeVisible()
  await seller.getByRole('textbox', { name: '绑定手机' }).fill(CREDENTIALS.phone)
  await seller.getByRole('textbox', { name: '实名身份证号' }).fill('')
  await seller.getByRole('button', { name: '下一步：核对信息' }).click()
  // a last look before it goes to the buyer
  const review = seller.getByRole('region', { name: '核对交付信息' })
  await expect(review.getByText(CREDENTIALS.account)).toBeVisible()
  await expect(review.getByText(CREDENTIALS.password)).toHaveCount(0)
  await review.getByRole('button', { name: '确认提交' }).click()
  await expect(seller.getByText('已提交交付信息，等待买家确认收货')).toBeVisible()

  // until the buyer confirms, the seller may correct it (the buyer is told)
  await seller.getByRole('button', { name: '修改交付信息' }).click()
  await seller.getByLabel('登录密码').fill(CREDENTIALS.corrected)
  await seller.getByRole('button', { name: '下一步：核对信息' }).click()
  await seller.getByRole('region', { name: '核对交付信息' }).getByRole('button', { name: '确认修改' }).click()
  await expect(seller.getByText('交付信息已修改，已通知买家')).toBeVisible()

  const buyer = await loginAs(browser, 'buyer', 'Buyer@123', '/buyer/buyOrder.html')
  const mine = buyer.getByRole('article', { name: `订单 ${orderNo}` })
  await expect(mine.getByText('待确认')).toBeVisible()
  await expect(mine.getByRole('timer')).toContainText(/剩余 2 天/)
  await mine.getByRole('button', { name: '查看账号信息' }).click()
  const creds = buyer.getByRole('definition')
  await expect(creds.filter({ hasText: CREDENTIALS.account })).toBeVisible()
  await expect(creds.filter({ hasText: CREDENTIALS.corrected })).toBeVisible()
  await expect(buyer.getByText('卖家修改过交付信息，以上为最新内容')).toBeVisible()
  await expect(buyer.getByText(/修改了：登录密码/)).toBeVisible()
  await expect(buyer.getByText('请立即登录游戏修改密码，并换绑您自己的手机号')).toBeVisible()
  await buyer.getByRole('button', { name: /确认收货/ }).click()
  // confirming releases escrow toward the seller: it asks for the payment password
  const dialog = buyer.getByRole('dialog', { name: '确认收货' })
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(dialog.getByText('请输入 6 位数字支付密码')).toBeVisible()
  await dialog.getByLabel('支付密码', { exact: true }).fill('975318')
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(dialog.getByText(/支付密码错误，还可尝试 4 次/)).toBeVisible()
  await expect(buyer).toHaveURL(/\/order\/transferCollect\.html/)
  await dialog.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(buyer).toHaveURL(/\/buyer\/buyOrder\.html$/)
  await expect(buyer.getByRole('article', { name: `订单 ${orderNo}` }).getByText('已完成')).toBeVisible()

  // the seller never gets the clear credentials page of the buyer
  await seller.goto(`/order/transferCollect.html?orderNo=${orderNo}`)
  await expect(seller.getByText(CREDENTIALS.corrected)).toHaveCount(0)

  // both see the order messages
  for (const page of [buyer, seller]) {
    await page.goto('/message/officialMessage.html')
    await expect(page.getByRole('heading', { name: '订单消息' })).toBeVisible()
    await expect(page.getByText(new RegExp(orderNo)).first()).toBeVisible()
  }

  // the buyer's ledger: the payment (and the top-up before it)
  await buyer.goto('/account/balanceDetail.html')
  await expect(buyer.getByRole('cell', { name: '订单支付' }).first()).toBeVisible()
  await expect(buyer.getByRole('cell', { name: orderNo }).first()).toBeVisible()
  await expect(buyer.getByRole('cell', { name: '充值' }).first()).toBeVisible()
  await seller.context().close()
  await buyer.context().close()
})

/**
 * Trading end to end, on the real server and a fresh seeded database. Each test sets up what it
 * needs through the API (e2e/support/api.ts: its own new buyer, payment password, money, a paid
 * order) and passes alone and in any order:
 * - a buyer sets the payment password on /user/payPass.html and tops up with 支付宝 (the simulator's cashier);
 * - a buyer bids on a listing of the demo seller, the seller counters from the detail page, the buyer
 *   accepts the counter and pays with the payment password;
 * - the seller starts delivery of a paid order and delivers through the transfer form (and corrects
 *   it); the buyer sees the credentials and confirms; both see the order messages, and the buyer's
 *   ledger shows the top-up and the payment.
 *
 * Not here: the settlement after the game's protection period needs the injectable clock of the
 * server; it is covered by the server tests (src/server/modules/trade/), which also cover every
 * transition's guard and the concurrency rules.
 */
import { expect, test } from '../support/test'
import { buyAndPay, cheapestAccount, newUser, setPayPassword, topUp } from '../support/api'
import { loginAs } from '../support/ui'

const PAY_PASSWORD = '246810'

function yuan(fen: number): string {
  return (fen / 100).toFixed(2)
}
const yuanText = (fen: number) =>
  `¥${Number(yuan(fen)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

test('a buyer sets the payment password and tops up with 支付宝 (the simulator)', async ({ browser }) => {
  test.setTimeout(90_000)
  const buyer = await newUser('pp')
  const page = await loginAs(browser, buyer.username, buyer.password, '/user/payPass.html')

  await page.getByLabel('登录密码').fill(buyer.password)
  await page.getByLabel('支付密码', { exact: true }).fill('12ab')
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expect(page.getByText('支付密码必须是 6 位数字')).toBeVisible()
  await page.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await page.getByLabel('确认支付密码').fill(PAY_PASSWORD)
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await expect(page.getByText(/支付密码已(修改|设置)/)).toBeVisible()

  await page.goto('/account/balance.html')
  await expect(page.getByLabel('可用余额')).toHaveText('¥0.00')
  await page
    .getByRole('button', { name: /充\s*值/ })
    .first()
    .click()
  await page.getByRole('textbox', { name: '充值金额（元）' }).fill('88.00')
  await page.getByRole('button', { name: '去充值' }).click()
  // 支付宝 is offered first; its cashier is the Alipay simulator behind the adapter's gateway address
  await expect(page).toHaveURL(/\/sim\/alipay\//)
  await page.getByRole('button', { name: '确认付款' }).click()
  await expect(page).toHaveURL(/\/account\/balance\.html\?topupNo=T\d+&/)
  await expect(page.getByText('充值成功：¥88.00 已到账')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByLabel('可用余额')).toHaveText('¥88.00')
  await page.context().close()
})

test('buyer bids, seller counters, buyer accepts the counter and pays with the payment password', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const goods = await cheapestAccount(1_000, 2_000_000)
  const buyer = await newUser('bid')
  await setPayPassword(buyer, PAY_PASSWORD)
  await topUp(buyer.token, goods.price)
  const bidFen = Math.floor((goods.price * 0.8) / 100) * 100
  const counterFen = Math.floor((goods.price * 0.9) / 100) * 100
  const detail = `/detail/${goods.goodsId}.html`

  const page = await loginAs(browser, buyer.username, buyer.password, detail)
  await page
    .getByRole('button', { name: /出\s*价/ })
    .first()
    .click()
  await page.getByRole('textbox', { name: '我的出价（元）' }).fill(yuan(goods.price))
  await page.getByRole('button', { name: /提\s*交/ }).click()
  await expect(page.getByText(/出价需低于售价/)).toBeVisible()
  // the floor (30 % of the price by default): a ¥1 bid is refused with the minimum named
  await page.getByRole('textbox', { name: '我的出价（元）' }).fill('1')
  await page.getByRole('button', { name: /提\s*交/ }).click()
  await expect(page.getByText(/^出价不能低于 ¥[\d,]+\.\d\d（售价的 30%）$/)).toBeVisible()
  await page.getByRole('textbox', { name: '我的出价（元）' }).fill(yuan(bidFen))
  await page.getByRole('button', { name: /提\s*交/ }).click()
  const myBids = page.getByRole('region', { name: '我的出价' })
  await expect(myBids.getByText('待卖家处理')).toBeVisible()

  const seller = await loginAs(browser, 'seller', 'Seller@123', detail)
  const bids = seller.getByRole('region', { name: '买家出价' })
  const row = bids.getByRole('listitem').filter({ hasText: yuanText(bidFen) })
  await row
    .first()
    .getByRole('button', { name: /还\s*价/ })
    .click()
  await seller.getByRole('textbox', { name: '还价（元）' }).fill(yuan(counterFen))
  await seller.getByRole('button', { name: /提\s*交/ }).click()
  await expect(bids.getByText('卖家已还价').first()).toBeVisible()

  await page.reload()
  await expect(myBids.getByText('卖家已还价')).toBeVisible()
  await myBids.getByRole('button', { name: '接受还价' }).click()
  await page.getByRole('button', { name: /^接\s*受$/ }).click()
  // checkout: confirm and pay on one screen
  await expect(page).toHaveURL(/\/buyer\/pay\.html\?orderNo=/)
  await expect(page.getByRole('timer')).toContainText(/剩余 1[45] 分/)
  await expect(page.locator('.checkout-bar')).toContainText(yuanText(counterFen))
  await page.getByLabel('支付密码', { exact: true }).fill('000000')
  await page.getByRole('button', { name: /确认支付/ }).click()
  await expect(page.locator('form').getByRole('alert')).toContainText(/密码/)
  await page.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await page.getByRole('button', { name: /确认支付/ }).click()
  await expect(page).toHaveURL(/\/buyer\/paySuccess\.html\?orderNo=/)
  await expect(page.locator('.ant-result-title')).toHaveText('支付成功')
  await seller.context().close()
  await page.context().close()
})

test('the seller delivers through the transfer form; the buyer sees the credentials and confirms', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const credentials = {
    account: `qq${stamp}`,
    password: `Pw-${stamp}`,
    corrected: `Pw2-${stamp}`,
    phone: '13800138000',
  }
  const buyer = await newUser('dlv')
  await setPayPassword(buyer, PAY_PASSWORD)
  const orderNo = await buyAndPay(buyer, await cheapestAccount(100, 5_000_000), PAY_PASSWORD)

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
  await seller.getByRole('textbox', { name: 'QQ号或微信号' }).fill(credentials.account)
  await seller.getByLabel('登录密码').fill(credentials.password)
  // each field is checked by its kind, here and on the server
  await seller.getByRole('textbox', { name: '绑定手机' }).fill('139abc')
  await seller.getByRole('textbox', { name: '实名身份证号' }).fill('123')
  await seller.getByRole('button', { name: '下一步：核对信息' }).click()
  await expect(seller.getByText('绑定手机须为 11 位手机号')).toBeVisible()
  await expect(seller.getByText('实名身份证号：身份证号须为 18 位（最后一位可为 X）')).toBeVisible()
  await seller.getByRole('textbox', { name: '绑定手机' }).fill(credentials.phone)
  await seller.getByRole('textbox', { name: '实名身份证号' }).fill('')
  await seller.getByRole('button', { name: '下一步：核对信息' }).click()
  // a last look before it goes to the buyer
  const review = seller.getByRole('region', { name: '核对交付信息' })
  await expect(review.getByText(credentials.account)).toBeVisible()
  await expect(review.getByText(credentials.password)).toHaveCount(0)
  await review.getByRole('button', { name: '确认提交' }).click()
  await expect(seller.getByText('已提交交付信息，等待买家确认收货')).toBeVisible()

  // until the buyer confirms, the seller may correct it (the buyer is told)
  await seller.getByRole('button', { name: '修改交付信息' }).click()
  await seller.getByLabel('登录密码').fill(credentials.corrected)
  await seller.getByRole('button', { name: '下一步：核对信息' }).click()
  await seller.getByRole('region', { name: '核对交付信息' }).getByRole('button', { name: '确认修改' }).click()
  await expect(seller.getByText('交付信息已修改，已通知买家')).toBeVisible()

  const page = await loginAs(browser, buyer.username, buyer.password, '/buyer/buyOrder.html')
  const mine = page.getByRole('article', { name: `订单 ${orderNo}` })
  await expect(mine.getByText('待确认')).toBeVisible()
  await expect(mine.getByRole('timer')).toContainText(/剩余 2 天/)
  await mine.getByRole('button', { name: '查看账号信息' }).click()
  const creds = page.getByRole('definition')
  await expect(creds.filter({ hasText: credentials.account })).toBeVisible()
  await expect(creds.filter({ hasText: credentials.corrected })).toBeVisible()
  await expect(page.getByText('卖家修改过交付信息，以上为最新内容')).toBeVisible()
  await expect(page.getByText(/修改了：登录密码/)).toBeVisible()
  await expect(page.getByText('请立即登录游戏修改密码，并换绑您自己的手机号')).toBeVisible()
  await page.getByRole('button', { name: /确认收货/ }).click()
  // confirming releases escrow toward the seller: it asks for the payment password
  const dialog = page.getByRole('dialog', { name: '确认收货' })
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(dialog.getByText('请输入 6 位数字支付密码')).toBeVisible()
  await dialog.getByLabel('支付密码', { exact: true }).fill('975318')
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(dialog.getByText(/支付密码错误，还可尝试 4 次/)).toBeVisible()
  await expect(page).toHaveURL(/\/order\/transferCollect\.html/)
  await dialog.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(page).toHaveURL(/\/buyer\/buyOrder\.html$/)
  await expect(page.getByRole('article', { name: `订单 ${orderNo}` }).getByText('已完成')).toBeVisible()

  // the seller never gets the clear credentials page of the buyer
  await seller.goto(`/order/transferCollect.html?orderNo=${orderNo}`)
  await expect(seller.getByText(credentials.corrected)).toHaveCount(0)

  // both see the order messages
  for (const p of [page, seller]) {
    await p.goto('/message/officialMessage.html')
    await expect(p.getByRole('heading', { name: '订单消息' })).toBeVisible()
    await expect(p.getByText(new RegExp(orderNo)).first()).toBeVisible()
  }

  // the buyer's ledger: the payment (and the top-up before it)
  await page.goto('/account/balanceDetail.html')
  await expect(page.getByRole('cell', { name: '订单支付' }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: orderNo }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: '充值' }).first()).toBeVisible()
  await seller.context().close()
  await page.context().close()
})

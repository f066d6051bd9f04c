/**
 * The order detail page end to end (docs/order-detail.md): a buyer buys and pays a fresh listing of
 * the demo seller (through the API), opens the order's detail from 我的订单 and sees the timeline and
 * the amounts; the seller opens the same order from 我卖出的商品 and sees the seller's side. The rules
 * (owner check, timeline content, ledger rows, deadlines) are covered by the server tests.
 */
import { expect, test } from '../support/test'
import { DEMO_USERS, buyAndPay, newUser, publishAccount, setPayPassword } from '../support/api'
import { loginAs } from '../support/ui'

const PAY_PASSWORD = '246810'

test('buyer and seller each open the detail of a paid order from their order list', async ({ browser }) => {
  test.setTimeout(60_000)
  const buyer = await newUser('odt')
  await setPayPassword(buyer, PAY_PASSWORD)
  const listing = await publishAccount(12_300)
  const orderNo = await buyAndPay(buyer, listing, PAY_PASSWORD)

  const page = await loginAs(browser, buyer.username, buyer.password, '/buyer/buyOrder.html')
  await page
    .getByRole('article', { name: `订单 ${orderNo}` })
    .getByRole('link', { name: '订单详情' })
    .click()
  await expect(page).toHaveURL(`/buyer/orderDetail.html?orderNo=${orderNo}`)
  // the listing's title links to it twice: in the page's header and in the order summary
  const listingLinks = page.getByRole('link', { name: listing.title, exact: true })
  await expect(listingLinks).toHaveCount(2)
  for (const link of await listingLinks.all())
    await expect(link).toHaveAttribute('href', `/detail/${listing.goodsId}.html`)
  const timeline = page.getByRole('region', { name: '订单进度' })
  await expect(timeline.getByText('买家下单')).toBeVisible()
  await expect(timeline.getByText('买家支付')).toBeVisible()
  const amounts = page.getByRole('region', { name: '金额' })
  await expect(amounts.getByText('¥123.00').first()).toBeVisible()
  await expect(amounts.getByText('卖家实收')).toBeVisible()
  await expect(page.getByRole('region', { name: '我的资金流水' }).getByText('-¥123.00')).toBeVisible()
  await expect(page.getByText(/^卖家开始交付截止：/)).toBeVisible()
  await page.screenshot({ path: 'test-results/order-detail-buyer.png', fullPage: true })

  const seller = await loginAs(
    browser,
    DEMO_USERS.seller.username,
    DEMO_USERS.seller.password,
    `/seller/sellOrder.html?keyword=${orderNo}`,
  )
  await seller
    .getByRole('article', { name: `订单 ${orderNo}` })
    .getByRole('link', { name: '订单详情' })
    .click()
  await expect(seller).toHaveURL(`/seller/orderDetail.html?orderNo=${orderNo}`)
  await expect(seller.getByText('您是本订单的卖家')).toBeVisible()
  await expect(seller.getByRole('button', { name: '开始发货' })).toBeVisible()
  await expect(seller.getByRole('region', { name: '订单进度' }).getByText('买家支付')).toBeVisible()
  await expect(
    seller.getByRole('region', { name: '我的资金流水' }).getByText('本订单暂无您的资金变动'),
  ).toBeVisible()

  // the seller centre's menu leads to 收到的评价
  await seller.getByRole('navigation', { name: '卖家中心' }).getByRole('link', { name: '收到的评价' }).click()
  await expect(seller).toHaveURL('/seller/myReviews.html')
  await expect(seller.getByRole('heading', { name: '收到的评价' })).toBeVisible()
})

/**
 * Pre-sale chat end to end (docs/pre-sale-chat.md): a buyer asks about a listing from its detail page
 * (咨询卖家), the seller sees the count in the header's 消息 and in 咨询, opens the conversation and
 * answers, and the buyer's open conversation shows the answer (live event). The rules (one
 * conversation per listing and buyer, the safety filter, owners, staff reads) are covered by
 * src/server/modules/chat/chat.test.ts.
 */
import { expect, test } from '../support/test'
import { newUser, publishAccount, unreadCount } from '../support/api'
import { loginAs } from '../support/ui'

test('a buyer asks on the detail page, the seller sees the count and answers, the buyer sees it', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const seller = await newUser('chs')
  const listing = await publishAccount(12_300, `咨询测试账号 ${Date.now().toString(36)}`, seller.token)
  const buyer = await newUser('chb')

  const buyerPage = await loginAs(browser, buyer.username, buyer.password, `/detail/${listing.goodsId}.html`)
  await buyerPage.getByRole('button', { name: '咨询卖家' }).click()
  await expect(buyerPage).toHaveURL(/\/message\/chat\/\d+\.html$/)
  await expect(buyerPage.getByRole('link', { name: listing.title })).toBeVisible()
  // contact details are refused before they leave the page
  const box = buyerPage.getByLabel('消息内容')
  await box.fill('加我微信 abc_12345 细聊')
  await buyerPage.getByRole('button', { name: /发\s*送/ }).click()
  await expect(buyerPage.getByText(/消息不能包含站外联系方式（微信号）/)).toBeVisible()
  await box.fill('这个号还能议价吗？')
  await buyerPage.getByRole('button', { name: /发\s*送/ }).click()
  await expect(buyerPage.getByRole('log', { name: '咨询消息' }).getByText('这个号还能议价吗？')).toBeVisible()

  // the seller: 消息 counts the question with the in-site messages
  const messages = await unreadCount(seller.token)
  const sellerPage = await loginAs(browser, seller.username, seller.password, '/userHome.html')
  await expect(sellerPage.getByRole('link', { name: `站内信，${messages + 1} 条未读` })).toBeVisible()
  await sellerPage.getByRole('link', { name: `站内信，${messages + 1} 条未读` }).click()
  await sellerPage.getByRole('link', { name: '咨询，1 条未读' }).click()
  await expect(sellerPage).toHaveURL(/\/message\/chat\.html$/)
  await sellerPage.getByRole('link', { name: new RegExp(listing.title) }).click()
  await expect(sellerPage.getByText('这个号还能议价吗？')).toBeVisible()
  // read: the header's count is back to the in-site messages alone
  await expect(sellerPage.getByRole('link', { name: `站内信，${messages} 条未读` })).toBeVisible()
  await sellerPage.getByLabel('消息内容').fill('可以小刀，直接拍下即可')
  await sellerPage.getByRole('button', { name: /发\s*送/ }).click()
  await expect(sellerPage.getByText('可以小刀，直接拍下即可')).toBeVisible()

  // the buyer's open conversation shows the answer without a reload
  await expect(buyerPage.getByText('可以小刀，直接拍下即可')).toBeVisible({ timeout: 10_000 })
})

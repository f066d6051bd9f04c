/**
 * Pre-sale chat beyond text (docs/pre-sale-chat.md, "Message kinds", "Quick replies"): a buyer on a
 * 390 px phone opens the conversation from a listing, sends the listing as a card and an image; the
 * seller at a desktop sees both (the card links to the listing, the image opens in the viewer), adds
 * a quick reply and answers with it by a tap; the buyer reads the answer. The rules (kinds, limits,
 * owners) are covered by src/server/modules/chat/chat.test.ts.
 */
import { expect, test } from '../support/test'
import { newUser, pngOf, publishAccount } from '../support/api'
import { loginAs } from '../support/ui'

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID_UA }

test('the buyer sends the listing card and an image, the seller answers with a quick reply', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const seller = await newUser('chks')
  const listing = await publishAccount(18_800, `卡片测试账号 ${Date.now().toString(36)}`, seller.token)
  const buyer = await newUser('chkb')

  const buyerPage = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `/detail/${listing.goodsId}.html`,
    PHONE,
  )
  await buyerPage.getByRole('button', { name: /咨询/ }).first().tap()
  await expect(buyerPage).toHaveURL(/\/message\/chat\/\d+\.html$/)
  const buyerLog = buyerPage.getByRole('log', { name: '咨询消息' })

  await buyerPage.getByRole('button', { name: /商品卡片/ }).tap()
  const card = buyerLog.getByRole('link', { name: `商品卡片：${listing.title}` })
  await expect(card).toBeVisible()
  await expect(card).toContainText('¥188.00')

  await buyerPage
    .locator('.chat-tools input[type="file"]')
    .setInputFiles([{ name: 'shot.png', mimeType: 'image/png', buffer: await pngOf(200, 120, 60) }])
  await expect(buyerLog.getByAltText('聊天图片')).toBeVisible({ timeout: 15_000 })
  // nothing wider than the phone
  expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  const sellerPage = await loginAs(
    browser,
    seller.username,
    seller.password,
    buyerPage.url().replace(/^.*?\/message/, '/message'),
    {
      viewport: { width: 1366, height: 900 },
    },
  )
  const sellerLog = sellerPage.getByRole('log', { name: '咨询消息' })
  await expect(sellerLog.getByRole('link', { name: `商品卡片：${listing.title}` })).toHaveAttribute(
    'href',
    `/detail/${listing.goodsId}.html`,
  )
  await sellerLog.getByAltText('聊天图片').click()
  await expect(sellerPage.locator('.ant-image-preview-img')).toBeVisible()
  await sellerPage.keyboard.press('Escape')
  await expect(sellerPage.locator('.ant-image-preview-img')).toBeHidden()

  // a quick reply: added once, then one tap puts it into the box
  await sellerPage
    .getByLabel('快捷回复')
    .getByRole('button', { name: /添\s*加/ })
    .click()
  const dialog = sellerPage.getByRole('dialog', { name: '管理快捷回复' })
  await dialog.getByRole('button', { name: '添加快捷回复' }).click()
  await dialog.getByLabel('快捷回复内容').fill('在的，账号可以直接拍，拍下秒发')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await expect(dialog.getByText('在的，账号可以直接拍，拍下秒发')).toBeVisible()
  await dialog.getByRole('button', { name: '关闭' }).click()
  await sellerPage.getByLabel('快捷回复').getByText('在的，账号可以直接拍，拍下秒发').click()
  await expect(sellerPage.getByLabel('消息内容')).toHaveValue('在的，账号可以直接拍，拍下秒发')
  await sellerPage.getByRole('button', { name: /发\s*送/ }).click()
  await expect(sellerLog.getByText('在的，账号可以直接拍，拍下秒发')).toBeVisible()

  // the buyer's open conversation shows the answer without a reload
  await expect(buyerLog.getByText('在的，账号可以直接拍，拍下秒发')).toBeVisible({ timeout: 10_000 })
})

/**
 * Listing rules end to end, on the real server and database: a title with a QQ number is warned
 * about in the form and held for review, with the reason shown after publishing and in 我出售的商品;
 * the publish result page of someone else's listing says it is not found; a taken-down listing shows
 * as 已下架 (no buying) to its follower; a list page past the last result is empty, not refused.
 */
import { expect, test } from '../support/test'
import { api, DEMO_USERS, loginToken, publishAccount, pngOf } from '../support/api'
import { choose, loginAs } from '../support/ui'

test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const HELD_TITLE = `E2E 审核号 ${stamp} QQ 87654321`
const REMARK = '疑似含有站外联系方式：标题（QQ号），需人工审核'

let heldId = 0

test('a title with a QQ number is warned about, held for review, and the seller sees why', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const page = await loginAs(browser, 'seller', 'Seller@123', '/seller/selectType.html')
  await page.getByRole('radio', { name: '王者荣耀' }).click()
  await page.getByRole('button', { name: /^账号/ }).click()
  await page.locator('label').filter({ hasText: /^iOS$/ }).click()
  await choose(page, '大区', '苹果QQ区')
  await choose(page, '服务器', '1区 梦回长安')
  await choose(page, '段位', '最强王者')
  await page.getByRole('spinbutton', { name: '英雄数量' }).fill('100')
  await page.getByRole('spinbutton', { name: '皮肤数量' }).fill('200')
  await page.getByRole('textbox', { name: '商品标题' }).fill(HELD_TITLE)
  await expect(page.getByText('标题（QQ号）疑似含有站外联系方式')).toBeVisible()
  await page.getByRole('textbox', { name: '价格（元）' }).fill('888')
  await page
    .locator('.shots input[type="file"]')
    .setInputFiles([{ name: 'shot.png', mimeType: 'image/png', buffer: await pngOf(90, 160, 90) }])
  await expect(page.locator('.shot__img')).toHaveCount(1, { timeout: 20_000 })
  await page.getByRole('button', { name: '发布商品' }).click()

  await expect(page).toHaveURL(/\/seller\/publishSuccessed\.html\?goodsId=\d+$/)
  heldId = Number(new URL(page.url()).searchParams.get('goodsId'))
  await expect(page.getByText(REMARK)).toBeVisible()
  await expect(page.locator('.publish-result .ant-tag')).toHaveText('审核中')

  await page.goto(`/seller/sellGoods.html?status=AUDITING&keyword=${encodeURIComponent(stamp)}`)
  const row = page.getByRole('row').filter({ hasText: HELD_TITLE })
  await expect(row).toContainText(REMARK)
  await page.context().close()
})

test("the publish result of someone else's listing says it is not found", async ({ browser }) => {
  expect(heldId).toBeGreaterThan(0)
  const page = await loginAs(browser, 'buyer', 'Buyer@123', `/seller/publishSuccessed.html?goodsId=${heldId}`)
  await expect(page.getByText('没有找到这件商品')).toBeVisible()
  await expect(page.getByText('发布成功')).toHaveCount(0)
  await page.context().close()
})

test('a taken-down listing shows as 已下架 to its follower, without buy or bid', async ({ browser }) => {
  test.setTimeout(90_000)
  const seller = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const buyer = await loginToken(DEMO_USERS.buyer.username, DEMO_USERS.buyer.password)
  const title = `E2E 下架号 ${stamp}`
  const { goodsId } = await publishAccount(66_600, title)
  expect((await api('/goods/follow', { token: buyer, body: { goodsId } })).code).toBe(200)
  expect((await api('/goods/seller/offShelf', { token: seller, body: { goodsId } })).code).toBe(200)

  const page = await loginAs(browser, 'buyer', 'Buyer@123', `/detail/${goodsId}.html`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByText('该商品已下架')).toBeVisible()
  await expect(page.getByText('商品不存在或已被删除')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /立即购买/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /出价/ })).toHaveCount(0)

  await page.goto('/buyer/follow.html')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.locator('.follow-goods__status')).toHaveText('已下架')
  await page.context().close()
})

test('a list page past the last result is empty and leads back, not refused', async ({ page }) => {
  await page.goto('/list.html?keyword=%E7%8E%8B%E8%80%85&page=900')
  await expect(page.getByText('这一页没有商品了')).toBeVisible()
  await expect(page.getByText(/最多浏览前/)).toHaveCount(0)
  await page.getByRole('button', { name: '去最后一页' }).click()
  await expect(page.getByRole('article').first()).toBeVisible()
})

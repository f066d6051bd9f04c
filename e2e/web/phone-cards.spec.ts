/**
 * Wide tables as cards on a phone (docs/screens.md, "Phones"): at 390 px the seller's listings,
 * saved searches and the ledger are cards (ResponsiveTable) whose actions are finger-sized buttons
 * that work; at 1366 px the same pages keep their tables. And the phone's navigation: 担保交易 in
 * 网站导航, and the closed side bar clear of the list's cards.
 */
import { DEMO_USERS, api, newUser, publishAccount } from '../support/api'
import { expect, test, type Page } from '../support/test'
import { loginAs } from '../support/ui'

const PHONE_390 = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 900 }
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'
const phone = (viewport = PHONE_390) => ({ viewport, isMobile: true, hasTouch: true, userAgent: ANDROID_UA })

/** A button a finger can hit, inside the screen. */
async function expectTouchSized(button: ReturnType<Page['getByRole']>) {
  const box = (await button.boundingBox())!
  expect(box.height).toBeGreaterThanOrEqual(44)
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE_390.width)
}

test('at 390 px 我出售的商品 is cards: tick a card, 下架 and 上架 from it', async ({ browser }) => {
  const listing = await publishAccount(43_210)
  const path = `/seller/sellGoods.html?keyword=${encodeURIComponent(listing.title)}`
  const page = await loginAs(browser, DEMO_USERS.seller.username, DEMO_USERS.seller.password, path, phone())
  const card = page.getByRole('listitem', { name: listing.title })
  await expect(card).toContainText('¥432.10')
  await expect(card).toContainText('在售')
  await expect(page.locator('.ant-table')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width)

  const off = card.getByRole('button', { name: '下架' })
  await expectTouchSized(off)
  await off.tap()
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').tap()
  await expect(card).toContainText('已下架')
  await card.getByRole('button', { name: '上架' }).tap()
  await expect(card).toContainText('在售')

  await card.getByRole('checkbox', { name: `选择 ${listing.title}` }).check()
  await expect(page.getByText('已选 1 件')).toBeVisible()

  // the same page at a desktop's width: the table, with the listing as a row
  const desk = await loginAs(browser, DEMO_USERS.seller.username, DEMO_USERS.seller.password, path, {
    viewport: DESKTOP,
  })
  await expect(desk.getByRole('row', { name: new RegExp(listing.title) })).toBeVisible()
  await expect(desk.locator('.rtable-cards')).toHaveCount(0)
})

test('at 390 px 订阅搜索 and 收支明细 are cards whose buttons work', async ({ browser }) => {
  const buyer = await newUser('pcard')
  const added = await api('/user/savedSearch/add', {
    token: buyer.token,
    body: { name: '手机卡片订阅', query: 'gameId=1' },
  })
  expect(added.code).toBe(200)
  const page = await loginAs(browser, buyer.username, buyer.password, '/buyer/savedSearch.html', phone())
  const card = page.getByRole('listitem', { name: '手机卡片订阅' })
  await expect(card).toBeVisible()
  await expect(page.locator('.ant-table')).toHaveCount(0)
  const alerts = card.getByRole('switch')
  await expect(alerts).toBeChecked()
  await alerts.tap()
  await expect(alerts).not.toBeChecked()
  const open = card.getByRole('button', { name: '打开' })
  await expectTouchSized(open)
  await open.tap()
  await expect(page).toHaveURL(/\/list\.html\?gameId=1$/)

  // the demo buyer's seeded ledger: one card per row, its figures labelled
  const ledger = await loginAs(
    browser,
    DEMO_USERS.buyer.username,
    DEMO_USERS.buyer.password,
    '/account/balanceDetail.html',
    phone(),
  )
  const first = ledger.locator('.rtable-card').first()
  await expect(first).toContainText('可用余额变动')
  await expect(first).toContainText('可用余额')
  await expect(ledger.locator('.ant-table')).toHaveCount(0)
  expect(await ledger.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width)
})

test('on a phone 担保交易 is in 网站导航 and the side tab covers no card of the list', async ({
  browser,
}) => {
  for (const viewport of [{ width: 360, height: 740 }, PHONE_390]) {
    const context = await browser.newContext(phone(viewport))
    const page = await context.newPage()
    await page.goto('/list.html?gameId=1')
    await expect(page.locator('#root[data-hydrated]')).toBeAttached()
    const tab = page.locator('.sidebar-fab')
    await expect(tab).toBeVisible()
    const box = (await tab.boundingBox())!
    const cardsRight = await page
      .locator('.goods-card')
      .evaluateAll((cards) => Math.max(...cards.map((c) => c.getBoundingClientRect().right)))
    expect(box.x, `${viewport.width} px`).toBeGreaterThanOrEqual(cardsRight)
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
    expect(box.height).toBeGreaterThanOrEqual(44)

    // a tap opens it (its hover used to open it and the tap's click close it at once)
    await page.getByRole('button', { name: /网站导航/ }).tap()
    const warrant = page.getByRole('link', { name: '担保交易' })
    await expect(warrant).toBeVisible()
    await expect(warrant).toHaveAttribute('href', '/warrantOrderHandler.html')
    await context.close()
  }

  // a desktop has it in the top bar; the menu does not repeat it
  const context = await browser.newContext({ viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto('/list.html?gameId=1')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  await page.getByRole('button', { name: /网站导航/ }).hover()
  await expect(page.getByRole('link', { name: '操作指南' })).toBeVisible()
  await expect(page.getByRole('link', { name: '担保交易' })).toHaveCount(1)
  await expect(page.getByRole('link', { name: '担保交易' })).toHaveAttribute('target', '_blank')
})

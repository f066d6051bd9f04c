/**
 * AI drawing end to end, with the built-in sandbox provider: a user draws and watches the progress
 * then the picture, publishes it; another user likes and favourites it in the gallery (a visitor is
 * asked to log in first); staff hide it through the API and it leaves the gallery.
 */
import { expect, test, type Browser, type Page } from '../support/test'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { api, DEMO_USERS, loginToken } from '../support/api'

type DemoUser = keyof typeof DEMO_USERS

/** a page of a demo user's session (the Authorization cookie, as the web keeps it) */
async function pageOf(browser: Browser, user: DemoUser | null, path: string): Promise<Page> {
  const context = await browser.newContext()
  if (user) {
    const token = await loginToken(DEMO_USERS[user].username, DEMO_USERS[user].password)
    await context.addCookies([{ name: 'Authorization', value: token, url: E2E_API_ORIGIN }])
  }
  const page = await context.newPage()
  await page.goto(path)
  return page
}

test('draw with the sandbox, publish, like and favourite in the gallery, staff hide it', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const prompt = `守望山巅的银甲骑士 ${Date.now()}`

  // the seller draws: progress first, then the picture
  const seller = await pageOf(browser, 'seller', '/ai/aiDraw.html')
  await expect(seller.getByRole('link', { name: /商城首页/ })).toHaveAttribute('target', '_blank')
  await seller.getByLabel('画面描述').fill(prompt)
  await seller.getByLabel('反向描述（不希望出现的内容）').fill('模糊')
  await seller.getByText('海报 3:4').click()
  await seller.getByRole('button', { name: '开始生成' }).click()
  const job = seller.getByTestId('ai-job').filter({ hasText: prompt })
  await expect(job.getByRole('progressbar')).toBeVisible()
  const work = job.getByTestId('ai-work')
  await expect(work).toBeVisible({ timeout: 20_000 })
  await expect(job).toHaveAttribute('data-status', 'succeeded')
  await expect(work.locator('img')).toHaveJSProperty('complete', true)
  expect(await work.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100)
  const workId = Number(await work.getAttribute('data-work-id'))
  await seller.screenshot({ path: 'test-results/ai-create.png', fullPage: true })

  // publish it to the gallery
  await work.getByRole('button', { name: '发布到画廊' }).click()
  await expect(work.getByRole('button', { name: '撤回' })).toBeVisible()

  // a visitor sees it but must log in to like it
  const visitor = await pageOf(browser, null, '/ai/aiDrawList.html')
  const tile = (page: Page) => page.locator(`[data-testid="ai-work"][data-work-id="${workId}"]`)
  await tile(visitor)
    .getByRole('button', { name: /查看作品/ })
    .click()
  await visitor.getByRole('button', { name: /点赞/ }).click()
  await expect(visitor.getByText('请先登录！')).toBeVisible()
  await expect(visitor).toHaveURL(/\/login\.html\?redirect=/)

  // the buyer likes and favourites it
  const buyer = await pageOf(browser, 'buyer', '/ai/aiDrawList.html')
  await expect(tile(buyer)).toBeVisible()
  await buyer.screenshot({ path: 'test-results/ai-gallery.png', fullPage: true })
  await tile(buyer)
    .getByRole('button', { name: /查看作品/ })
    .click()
  const detail = buyer.getByTestId('ai-work-detail')
  await expect(detail.getByText(prompt)).toBeVisible()
  await expect(detail.getByText('卖家老李')).toBeVisible()
  await detail.getByRole('button', { name: /点赞/ }).click()
  await expect(detail.getByRole('button', { name: /已点赞 1/ })).toBeVisible()
  await detail.getByRole('button', { name: /收藏/ }).click()
  await expect(detail.getByRole('button', { name: /已收藏 1/ })).toBeVisible()
  await buyer.goto('/ai/myCollect.html')
  await expect(tile(buyer)).toBeVisible()

  // staff hide it through the API: it leaves the gallery
  const admin = await loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)
  expect(
    await api('/ai/admin/work/hide', { token: admin, body: { workId, reason: '测试隐藏' } }),
  ).toMatchObject({
    code: 200,
  })
  await buyer.goto('/ai/aiDrawList.html')
  await expect(buyer.getByRole('heading', { name: 'AI 画廊' })).toBeVisible()
  await expect(tile(buyer)).toHaveCount(0)
  // the owner sees why
  await seller.goto('/ai/my.html')
  await expect(tile(seller).getByText('隐藏原因：测试隐藏')).toBeVisible()
  await seller.screenshot({ path: 'test-results/ai-my.png', fullPage: true })
})

/**
 * The web bundle with the live features of the server: live events (SSE) update the
 * unread count without a navigation, exports download as files named by Content-Disposition, and
 * customer service asks a visitor to log in first (the conversation: customer-service.spec.ts).
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '../support/test'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { DEMO_USERS, loginToken, sendMessage, unreadCount } from '../support/api'

/** the seller's session as the web keeps it (the Authorization cookie): no login form each time */
async function loginAsSeller(page: Page) {
  const token = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  await page.context().addCookies([{ name: 'Authorization', value: token, url: E2E_API_ORIGIN }])
  await page.goto('/')
  await expect(page.getByText(/欢迎\s*卖家老李/)).toBeVisible()
}

const unreadLink = (page: Page, n: number) => page.getByRole('link', { name: `站内信，${n} 条未读` })

test('a new message raises the unread count at once, without a navigation', async ({ page }) => {
  await loginAsSeller(page)
  const token = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const before = await unreadCount(token)
  await expect(unreadLink(page, before)).toBeVisible()
  const url = page.url()
  await sendMessage('seller', '网页实时提醒测试')
  await expect(unreadLink(page, before + 1)).toBeVisible()
  expect(page.url()).toBe(url)
  await expect(page).toHaveTitle(new RegExp(`^\\(${before + 1}\\) `))
})

test('导出站内信 downloads a CSV named by the server', async ({ page }) => {
  await loginAsSeller(page)
  await page.goto('/userHome.html')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: /导出站内信/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^站内信-\d{8}-\d{6}-[0-9a-f]{4}\.csv$/)
  const text = readFileSync(await download.path(), 'utf8')
  expect(text.startsWith('\uFEFF编号,标题,内容,类型,状态,时间')).toBe(true)
  // the token never went into the download URL, a single-use ticket did
  expect(download.url()).toMatch(/[?&]ticket=[A-Za-z0-9_-]{43}(&|$)/)
  expect(download.url()).not.toMatch(/token=/i)
  // the ticket is single-use (and delete=true removed the file once sent)
  const again = await page.request.get(download.url())
  expect(again.status()).toBe(403)
})

test('customer service while logged out: 请先登录！ and nothing else', async ({ page }) => {
  await page.goto('/')
  let popup = false
  page.once('popup', () => (popup = true))
  await page.getByRole('button', { name: '在线客服' }).click()
  await expect(page.getByText('请先登录！')).toBeVisible()
  expect(popup).toBe(false)
  await expect(page).toHaveURL(/\/$/)
})

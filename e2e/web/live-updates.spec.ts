/**
 * The web bundle with the live features of the server: live events (SSE) update the
 * unread count without a navigation, exports download as files named by Content-Disposition, and
 * customer service opens in a popup (or, outside the hours, takes a message).
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '../support/test'
import { E2E_API_ORIGIN } from '../../playwright.config'
import {
  DEMO_USERS,
  INSIDE_SERVICE_HOURS,
  loginToken,
  OUTSIDE_SERVICE_HOURS,
  sendMessage,
  unreadCount,
} from '../support/api'

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

test('customer service opens in one popup with the user code, inside the hours', async ({
  page,
  context,
}) => {
  await page.clock.setFixedTime(INSIDE_SERVICE_HOURS)
  await context.route('https://kefu.example.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<title>在线客服</title><p>客服聊天</p>',
    }),
  )
  await loginAsSeller(page)
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: '在线客服' }).click()
  const popup = await opened
  const url = new URL(popup.url())
  expect(url.origin + url.pathname).toBe('https://kefu.example.com/chat')
  expect(url.searchParams.get('customerId')).toBe('yxys-web-001')
  expect(url.searchParams.get('userCode')).toMatch(/^U\d+$/)
  expect(url.searchParams.get('name')).toBe('卖家老李')
  // the chat cannot reach back into the marketplace
  expect(await popup.evaluate(() => (globalThis as unknown as { opener: unknown }).opener)).toBeNull()
  // a second click focuses the same window instead of opening another
  let second = false
  page.once('popup', () => (second = true))
  await page.getByRole('button', { name: '在线客服' }).click()
  await page.waitForTimeout(500)
  expect(second).toBe(false)
})

test('outside the hours customer service takes a message', async ({ page }) => {
  await page.clock.setFixedTime(OUTSIDE_SERVICE_HOURS)
  await loginAsSeller(page)
  await page.getByRole('button', { name: '在线客服' }).click()
  const dialog = page.getByRole('dialog', { name: '客服暂未上线 · 留言' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('留言内容').fill('订单 YX202405180001 的账号还没有收到，请帮忙看看')
  await dialog.getByLabel('联系方式（选填）').fill('QQ 10001')
  await dialog.getByRole('button', { name: /提交留言/ }).click()
  await expect(page.getByText('留言成功，客服上线后会尽快处理')).toBeVisible()
  await expect(dialog).toBeHidden()
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

/**
 * Server-rendered public pages (docs/ssr.md): the list arrives as HTML with its listings and real
 * page links, hydrates without warnings, and its filters and pagination still work in the app; a
 * logged-in visitor gets the same page and then the logged-in header; the home page's plain search
 * box becomes the suggesting one on first use.
 */
import { expect, test, type Page } from '../support/test'
import { DEMO_USERS } from '../support/api'
import { loginAs } from '../support/ui'

/** Console messages that mean the browser's first render differed from the server's. */
function watchHydration(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (/hydrat|Minified React error|did not match/i.test(m.text())) problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return problems
}

test('a rendered list hydrates; its filters and pagination work', async ({ page, request }) => {
  const html = await (await request.get('/list.html?limit=10')).text()
  expect(html).toContain('<div id="root" data-ssr="1">')
  expect(html).toContain('href="/list.html?page=2&amp;limit=10"')

  const problems = watchHydration(page)
  const apiCalls: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().includes('/image/')) apiCalls.push(r.url())
  })
  await page.goto('/list.html?limit=10')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // the server's data was enough: nothing was fetched again
  expect(apiCalls).toEqual([])
  const firstPage = await page.getByRole('article').first().getAttribute('aria-label')

  await page.locator('.ant-pagination-item-2 a').click()
  await expect(page).toHaveURL(/\/list\.html\?page=2&limit=10$/)
  await expect(page.getByRole('article').first()).not.toHaveAttribute('aria-label', firstPage ?? '')

  await page.goto('/list.html?gameId=1')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  await page.getByRole('group', { name: '大区' }).getByRole('button', { name: '苹果QQ区' }).click()
  await expect(page).toHaveURL(/gameId=1&.*areaId=\d+/)
  expect(problems).toEqual([])
})

test('public pages hydrate without warnings in browser zones other than the server’s', async ({
  browser,
}) => {
  // times are shown in China time on both sides (utils/time.ts), so a visitor anywhere and a
  // server in any zone render the same text (a local-time date once broke hydration of / and the
  // detail page). UTC+14 and UTC−12: for any instant one of them is on another date than the server.
  for (const timezoneId of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
    const context = await browser.newContext({ timezoneId })
    const page = await context.newPage()
    const problems = watchHydration(page)
    for (const path of ['/', '/detail/1.html', '/platform/noticeList.html', '/record/list.html']) {
      await page.goto(path)
      await expect(page.locator('#root[data-hydrated]')).toBeAttached()
    }
    expect(problems, timezoneId).toEqual([])
    await context.close()
  }
})

test('a logged-in visitor gets the same page, then the logged-in header', async ({ browser }) => {
  const { username, password, nickName } = DEMO_USERS.buyer
  const page = await loginAs(browser, username, password, '/userHome.html')
  const problems = watchHydration(page)
  await page.goto('/list.html?gameId=1')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  await expect(page.getByText(nickName).first()).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  expect(problems).toEqual([])
  await page.context().close()
})

test('the home search box suggests games once focused, keeping text and focus', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  const box = page.getByLabel('搜索游戏')
  // rendered as a plain box: the suggestions' code comes with the first focus, the focus stays
  await box.pressSequentially('原神', { delay: 20 })
  await expect(box).toHaveAttribute('role', 'combobox')
  await expect(box).toHaveValue('原神')
  await expect(box).toBeFocused()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '原神' })
    .click()
  await expect(page).toHaveURL(/\/list\.html\?gameId=\d+/)
})

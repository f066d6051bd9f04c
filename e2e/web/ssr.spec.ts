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

/** antd's style tags in the page (what its CSS-in-JS inserted or the server sent), by their hash. */
const antdStyleTags = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.getAttribute('data-css-hash')),
  )

test('a rendered list hydrates; its filters and pagination work', async ({ page, request }) => {
  const html = await (await request.get('/list.html?limit=10')).text()
  expect(html).toContain('<div id="root" data-ssr="1">')
  expect(html).toContain('href="/list.html?page=2&amp;limit=10"')

  const problems = watchHydration(page)
  const apiCalls: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().includes('/image/')) apiCalls.push(r.url())
  })
  const sentStyles = [...html.matchAll(/<style[^>]* data-css-hash="([^"]+)"/g)].map((m) => m[1])
  await page.goto('/list.html?limit=10')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // the server's data was enough: nothing was fetched again
  expect(apiCalls).toEqual([])
  // nor were antd's styles computed again: the browser's antd found the CSS variables and the
  // components' styles the server sent (each insert would restyle the whole page mid-hydration)
  expect(sentStyles.length).toBeGreaterThan(5)
  expect((await antdStyleTags(page)).sort()).toEqual(sentStyles.sort())
  // the price boxes keep their own width beside antd's (its affix wrapper's 100% comes later)
  const priceBox = await page.getByLabel('最低价（元）').boundingBox()
  expect(priceBox!.width).toBeLessThan(150)
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

test('the first load of / is one entry script with its page, within 250 KB of JavaScript', async ({
  page,
  request,
}) => {
  await page.goto('/')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // everything the entry imports statically is in it (vite.web.config.ts, `codeSplitting`): its one
  // static import is the bundler's runtime, not the ~70 shared chunks a phone once fetched and linked
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry')
  const code = await (await request.get(entry!)).text()
  const staticImports = [...code.matchAll(/\bimport\s*(?:[\w$,{}\s]+from\s*)?"(\.\/[^"]+)"/g)].map(
    (m) => m[1],
  )
  expect(staticImports).toHaveLength(1)
  expect(staticImports[0]).toMatch(/rolldown-runtime/)
  // the budget for the home page's first load (docs/ssr.md, the first load), as sent
  await page.waitForLoadState('networkidle')
  const js = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\.m?js(\?|$)/.test(e.name))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
  )
  expect(js).toBeGreaterThan(50_000)
  expect(js).toBeLessThanOrEqual(250_000)
})

test('a link clicked while the page is hydrating is followed', async ({ page }) => {
  // a slow phone: hydration takes a while, and the visitor taps as soon as the page shows. A
  // hydration sliced as a transition lost that tap (docs/ssr.md "Hydration").
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  const pageChunk = page.waitForResponse(/\/assets\/HomePage-[^/]*\.js$/)
  await page.goto('/', { waitUntil: 'commit' })
  await pageChunk
  // the page's chunk is in: hydration starts now and runs for a good while at this speed
  await page.getByRole('link', { name: '用户协议' }).first().click({ noWaitAfter: true })
  await expect(page).toHaveURL(/\/platform\/noticeDetail\/30\.html$/)
})

test('a button tapped before the scripts arrived is handled once the page hydrates', async ({ page }) => {
  // a slow connection: the page is on screen, its scripts are still on their way (held here until
  // the tap is made). The boot script keeps the tap and the app clicks the same chip again.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const problems = watchHydration(page)
  await page.goto('/list.html?gameId=1', { waitUntil: 'domcontentloaded' })
  await page.getByRole('group', { name: '大区' }).getByRole('button', { name: '苹果QQ区' }).click()
  await page.waitForTimeout(200)
  expect(new URL(page.url()).search).toBe('?gameId=1')
  release()
  await expect(page).toHaveURL(/gameId=1&.*areaId=\d+/)
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
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

test("a phone gets the phone's layout from the server, and hydrating keeps it", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36',
  })
  const page = await context.newPage()
  const problems = watchHydration(page)
  // the server's elements, taken before the app's scripts start (they wait for the first frame)
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, unknown>
      w.serverFab = document.querySelector('.sidebar-fab')
      w.serverMore = document.querySelector('.filter-more')
    })
  })
  await page.goto('/list.html?gameId=1')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // the same nodes after hydration: React adopted the phone's layout instead of drawing it again
  const kept = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>
    return [
      w.serverFab !== null && w.serverFab === document.querySelector('.sidebar-fab'),
      w.serverMore !== null && w.serverMore === document.querySelector('.filter-more'),
    ]
  })
  expect(kept).toEqual([true, true])
  await page.getByRole('button', { name: '展开侧边栏' }).click()
  await expect(page.getByRole('complementary', { name: '快捷服务' })).toBeVisible()
  expect(problems).toEqual([])
  await context.close()
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

test('a confirm dialog comes with its first use, in the site’s theme and locale', async ({ browser }) => {
  const { username, password } = DEMO_USERS.buyer
  const page = await loginAs(browser, username, password, '/userHome.html')
  // with antd's animations on, as a system that does not ask for reduced motion has them
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  const problems = watchHydration(page)
  await page.goto('/')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // antd's modal code is not part of the page until a dialog is asked for (app/feedback.tsx)
  await page.getByRole('button', { name: '退出', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('确定要退出当前账号吗？')).toBeVisible()
  // the app's ConfigProvider: the site's blue (THEME.colorPrimary) and zh_CN
  await expect(dialog.locator('.ant-btn-primary')).toHaveCSS('background-color', 'rgb(15, 110, 205)')
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await expect(dialog).toBeHidden()
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

/**
 * Phones (docs/screens.md, "Phones"): no page is wider than a 360 px screen — every public route of
 * src/shared/pages/site.ts logged out, and the buyer's own pages logged in — and the phone-first
 * buying pieces: the detail page's bottom bar, the list's filter drawer, checkout on one screen.
 */
import { SITE_PAGE_RECORDS } from '../../src/shared/pages/site'
import { DEMO_USERS, buyAndPay, newUser, publishAccount, setPayPassword } from '../support/api'
import { expect, test, type Browser, type Page } from '../support/test'
import { loginAs } from '../support/ui'

const PHONE = { width: 360, height: 740 }
const PHONE_390 = { width: 390, height: 844 }
const PAY_PASSWORD = '246810'
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'

const phone = (viewport = PHONE) => ({ viewport, isMobile: true, hasTouch: true, userAgent: ANDROID_UA })
const phoneContext = (browser: Browser, viewport = PHONE) => browser.newContext(phone(viewport))

/**
 * What sticks out to the right of the screen: the page's scroll width, and every visible element
 * whose right edge passes the screen's and that no ancestor clips (a carousel's slides inside an
 * `overflow: hidden` track or a table inside its own scroll box are fine). Each as a short selector.
 */
async function overflow(page: Page, width: number) {
  // the screen's width, not innerWidth: a phone widens its layout viewport to a page that is too wide
  return page.evaluate((width) => {
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p)
        if (style.overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 0.5) return true
        if (style.position === 'fixed') return false
      }
      return false
    }
    const name = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2) : []
      const text = (el.textContent ?? '').trim().slice(0, 16)
      return `${el.tagName.toLowerCase()}${cls.map((c) => `.${c}`).join('')}${text ? ` "${text}"` : ''}`
    }
    const wide: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0 || rect.right <= width + 0.5) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.opacity === '0') continue
      if (clipped(el)) continue
      // report the outermost element only: its children stick out with it
      if (el.parentElement && wide.length && el.parentElement.closest('[data-wide]')) continue
      el.setAttribute('data-wide', '')
      wide.push(`${name(el)} → ${Math.round(rect.right)}`)
    }
    for (const el of Array.from(document.querySelectorAll('[data-wide]'))) el.removeAttribute('data-wide')
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 10) }
  }, width)
}

/**
 * The page's requests (its data, images) as they come and go; `quiet()` answers once none has been in
 * flight for `ms`. Playwright's 'networkidle' waits 500 ms after the last one: on every route of the
 * tests below that was ~12 s of waiting. Live streams (EventSource) stay open and are not counted.
 */
function requestsOf(page: Page) {
  const inFlight = new Set<unknown>()
  let last = Date.now()
  page.on('request', (r) => {
    if (r.resourceType() === 'eventsource' || r.resourceType() === 'websocket') return
    inFlight.add(r)
    last = Date.now()
  })
  const done = (r: unknown) => {
    if (inFlight.delete(r)) last = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return async function quiet(ms = 100) {
    const end = Date.now() + 10_000
    while ((inFlight.size > 0 || Date.now() - last < ms) && Date.now() < end) await page.waitForTimeout(20)
  }
}
const quietOf = new WeakMap<Page, (ms?: number) => Promise<void>>()

async function expectFits(page: Page, path: string) {
  let quiet = quietOf.get(page)
  if (!quiet) quietOf.set(page, (quiet = requestsOf(page)))
  await page.goto(path)
  if ((await page.locator('#ssr-state').count()) > 0)
    await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // the page's data in place (lists, images' boxes): no spinner left, no request in flight
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
  await quiet()
  const { scrollWidth, wide } = await overflow(page, PHONE.width)
  expect.soft({ path, scrollWidth, wide }).toEqual({ path, scrollWidth: PHONE.width, wide: [] })
}

/** The public routes (no login, no redirect) with their placeholders filled from real links. */
async function publicPaths(page: Page): Promise<string[]> {
  const firstLink = async (from: string, prefix: string) => {
    await page.goto(from)
    const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href')
    return href ?? `${prefix}1.html`
  }
  const values: Record<string, () => Promise<string>> = {
    '/detail/{goodsId}.html': async () => '/detail/3.html',
    '/shop/{shopId}.html': () => firstLink('/detail/3.html', '/shop/'),
    '/platform/noticeDetail/{noticeId}.html': () =>
      firstLink('/platform/noticeList.html', '/platform/noticeDetail/'),
  }
  const paths: string[] = []
  for (const record of SITE_PAGE_RECORDS) {
    if (record.auth || 'redirect' in record) continue
    if (record.path.includes('{')) {
      const fill = values[record.path]
      if (!fill) throw new Error(`phone.spec: no value for ${record.path}`)
      paths.push(await fill())
    } else paths.push(record.path === '/list.html' ? '/list.html?gameId=1' : record.path)
  }
  return paths
}

test('no public page is wider than a 360 px phone (logged out)', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await phoneContext(browser)
  const page = await context.newPage()
  const paths = await publicPaths(page)
  expect(paths).toContain('/list.html?gameId=1')
  for (const path of paths) await expectFits(page, path)
})

test("no buyer's page is wider than a 360 px phone (logged in)", async ({ browser }) => {
  test.setTimeout(120_000)
  const { username, password } = DEMO_USERS.buyer
  const page = await loginAs(browser, username, password, '/userHome.html', phone())
  for (const path of [
    '/',
    '/list.html?gameId=1',
    '/detail/3.html',
    '/userHome.html',
    '/buyer/buyOrder.html',
    '/buyer/follow.html',
    '/buyer/savedSearch.html',
    '/message/chat.html',
  ])
    await expectFits(page, path)
})

test('at 390 px the header keeps 网站导航 and the side button on the screen', async ({ browser }) => {
  const context = await phoneContext(browser, PHONE_390)
  const page = await context.newPage()
  for (const path of ['/', '/list.html?gameId=1', '/detail/3.html']) {
    await page.goto(path)
    await expect(page.locator('#root[data-hydrated]')).toBeAttached()
    for (const target of [page.getByText('网站导航').first(), page.locator('.sidebar-fab')]) {
      await expect(target).toBeVisible()
      const box = (await target.boundingBox())!
      expect(box.x + box.width, `${path}`).toBeLessThanOrEqual(PHONE_390.width)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width)
  }
})

test('on a phone the detail page keeps price, 咨询, 出价 and 立即购买 in a bar at the bottom', async ({
  browser,
}) => {
  // a listing of its own: a seeded one may have been sold by another spec of this worker
  const listing = await publishAccount(123_400)
  const context = await phoneContext(browser, PHONE_390)
  const page = await context.newPage()
  await page.goto(`/detail/${listing.goodsId}.html`)
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  const bar = page.getByRole('group', { name: '购买' })
  const price = (await page.locator('.detail-price__value').textContent())!
  await expect(bar).toContainText(price)
  const buttons = ['咨询', '出价', '立即购买'].map((name) => bar.getByRole('button', { name }))
  const atBottom = async () => {
    const box = (await bar.boundingBox())!
    expect(Math.round(box.y + box.height)).toBe(PHONE_390.height)
    for (const button of buttons) {
      await expect(button).toBeInViewport({ ratio: 1 })
      const b = (await button.boundingBox())!
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE_390.width)
    }
  }
  await atBottom()
  // it stays there all the way down, and the footer's last line is not under it
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await atBottom()
  const footerBottom = await page
    .locator('footer')
    .last()
    .evaluate((f) => f.getBoundingClientRect().bottom)
  expect(footerBottom).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1)
  // a visitor is asked to log in first
  await buttons[2].click()
  await expect(page).toHaveURL(/\/login\.html\?redirect=/)

  // on a desktop the same buttons sit under the price, in the page's flow
  const desktop = await browser.newPage({ viewport: { width: 1366, height: 900 } })
  await desktop.goto(`/detail/${listing.goodsId}.html`)
  const row = desktop.getByRole('group', { name: '购买' })
  await expect(row.getByRole('button', { name: '咨询卖家' })).toBeVisible()
  expect(await row.evaluate((el) => getComputedStyle(el).position)).toBe('static')
  await expect(row.locator('.detail-buybar__price')).toBeHidden()
})

test("on a phone the list's filters are a panel behind 筛选", async ({ browser }) => {
  const context = await phoneContext(browser, PHONE_390)
  const page = await context.newPage()
  await page.goto('/list.html?gameId=1')
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  // the desktop's filter rows are not on the page
  await expect(page.getByRole('group', { name: '类型' })).toBeHidden()
  // (not 更多筛选…, the attribute filters' own button)
  const open = page.getByRole('button', { name: /^(filter )?筛选( \d+)?$/ })
  await open.click()
  const panel = page.getByRole('dialog', { name: '筛选' })
  await expect(panel).toBeInViewport({ ratio: 1 })
  // a choice applies at once (the URL) and the panel stays for the next one
  await panel.getByRole('group', { name: '类型' }).getByRole('button', { name: '账号', exact: true }).click()
  await expect(page).toHaveURL(/goodsType=ACCOUNT/)
  await expect(panel).toBeVisible()
  await panel.getByRole('button', { name: /^查看 \d+ 件商品$/ }).click()
  await expect(panel).toBeHidden()
  await expect(open).toHaveText(/筛选\s*1/)
  // Escape closes it too
  await open.click()
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // a desktop has the rows in the page and no 筛选 button
  const desktop = await browser.newPage({ viewport: { width: 1366, height: 900 } })
  await desktop.goto('/list.html?gameId=1')
  await expect(desktop.getByRole('group', { name: '类型' })).toBeVisible()
  await expect(desktop.getByRole('button', { name: /^(filter )?筛选( \d+)?$/ })).toBeHidden()
})

test('phone details: the chat counter, 安全等级 on one line, 申请仲裁 behind 更多', async ({ browser }) => {
  test.setTimeout(90_000)
  const buyer = await newUser('phone')
  await setPayPassword(buyer, PAY_PASSWORD)
  const listing = await publishAccount(12_400)
  const page = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `/detail/${listing.goodsId}.html`,
    phone(),
  )

  // the chat's counter (0 / 500) does not lie over the safety note under the box
  await page.getByRole('group', { name: '购买' }).getByRole('button', { name: '咨询' }).click()
  await expect(page).toHaveURL(/\/message\/chat\/\d+\.html/)
  const counter = page.locator('.chat-compose .ant-input-data-count')
  const note = page.getByText(/^为保障交易安全/)
  await expect(counter).toBeVisible()
  const counterBox = (await counter.boundingBox())!
  const noteBox = (await note.boundingBox())!
  expect(counterBox.y + counterBox.height).toBeLessThanOrEqual(noteBox.y)

  // 安全等级 keeps its four characters on one line
  await page.goto('/my/setting')
  const label = page.getByText('安全等级', { exact: true })
  await expect(label).toBeVisible()
  expect((await label.boundingBox())!.height).toBeLessThan(30)
  for (const row of ['实名认证', '支付密码']) {
    const title = page.getByRole('listitem', { name: row }).getByText(row, { exact: true })
    const box = (await title.boundingBox())!
    expect(box.height, row).toBeLessThan(30)
    // and it has its own room: not drawn over the row's value next to it
    const meta = title.locator('xpath=ancestor::div[contains(@class, "ant-list-item-meta")][1]')
    const metaBox = (await meta.boundingBox())!
    expect(box.x + box.width, row).toBeLessThanOrEqual(metaBox.x + metaBox.width + 1)
  }

  // right after paying, the first action is not a red 申请仲裁: it is in the order's 更多 menu
  const orderNo = await buyAndPay(buyer, listing, PAY_PASSWORD)
  await page.goto(`/buyer/orderDetail.html?orderNo=${orderNo}`)
  const more = page.getByRole('button', { name: '更多操作' })
  await expect(more).toBeVisible()
  await expect(page.getByRole('button', { name: '申请仲裁' })).toHaveCount(0)
  await more.click()
  await page.getByRole('menuitem', { name: '申请仲裁' }).click()
  await expect(page.getByRole('dialog', { name: '申请仲裁' })).toBeVisible()
})

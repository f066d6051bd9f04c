/**
 * The renderer in desktop mode: the electron-vite renderer build (out/renderer, platform/desktop.ts)
 * in Chromium, served over http (scripts/desktop-renderer-server.mjs) with a fake `window.desktop`
 * injected before load. The fake main process lives in this test (exposeFunction): it records every
 * bridge call and keeps the token. The renderer talks to the real e2e API server cross-origin, as
 * the app does from app://marketplace.
 *
 * Checked: the token goes through the bridge (get/set/clear) and never into cookies or web
 * storage; the badge, notifications, downloads and customer-service windows go through the bridge;
 * a 521 answer clears the token; the shell's nav:open and settings:open events work.
 */
import { expect, test, type Page } from '../support/test'
import { E2E_API_ORIGIN, E2E_DESKTOP_RENDERER_ORIGIN } from '../../playwright.config'
import { DEMO_USERS, loginToken, sendMessage, unreadCount } from '../support/api'
import { submitLogin } from '../support/ui'
import { installFakeDesktop, type FakeMain } from '../support/fake-desktop'

const emit = (page: Page, channel: string, payload: unknown) =>
  page.evaluate(
    ([c, p]) =>
      (globalThis as unknown as { __desktopEmit(c: string, p: unknown): void }).__desktopEmit(c as string, p),
    [channel, payload] as const,
  )

/** start logged in: the shell hands the renderer a token it kept (no login form, see the rate limit) */
async function startLoggedIn(page: Page, path = '/'): Promise<FakeMain> {
  const token = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const main = await installFakeDesktop(page, token)
  await page.goto(`${E2E_DESKTOP_RENDERER_ORIGIN}${path}`)
  await expect(page.getByText(/欢迎\s*卖家老李/)).toBeVisible()
  return main
}

async function login(page: Page) {
  await page.goto(`${E2E_DESKTOP_RENDERER_ORIGIN}/login.html`)
  await submitLogin(page, DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  await expect(page.getByText(/欢迎\s*卖家老李/)).toBeVisible()
}

/** the token must not be readable by the page anywhere but in memory */
async function expectTokenNotStored(page: Page, token: string) {
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'Authorization')).toBeUndefined()
  expect(cookies.some((c) => c.value.includes(token))).toBe(false)
  const storage = await page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { cookie: string }
      localStorage: Record<string, string>
      sessionStorage: Record<string, string>
    }
    return {
      cookie: g.document.cookie,
      local: Object.values(g.localStorage).join('\n'),
      session: Object.values(g.sessionStorage).join('\n'),
    }
  })
  expect(storage.cookie).not.toContain(token)
  expect(storage.local).not.toContain(token)
  expect(storage.session).not.toContain(token)
}

test('desktop mode: the token lives in the shell, never in cookies or web storage', async ({ page }) => {
  const main = await installFakeDesktop(page)
  await login(page)
  expect(main.called('tokenGet').length).toBeGreaterThan(0)
  const [[token]] = main.called('tokenSet') as [[string]]
  expect(token).toMatch(/\S{20,}/)
  expect(main.token).toBe(token)
  await expectTokenNotStored(page, token)

  // a reload (like a restart of the app) is still logged in: the shell hands the token back
  await page.reload()
  await expect(page.getByText(/欢迎\s*卖家老李/)).toBeVisible()
  await expectTokenNotStored(page, token)

  // logout deletes it in the shell
  await page.getByRole('button', { name: /^退\s*出$/ }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /退\s*出/ })
    .click()
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible()
  // the header may show 登录 a moment before the shell's tokenClear call arrives
  await expect.poll(() => main.called('tokenClear').length).toBeGreaterThan(0)
  await expect.poll(() => main.token).toBeNull()
})

test('desktop mode: the badge and native notifications follow live events', async ({ page }) => {
  // a message created before the live stream is open reaches the badge through the count, not as a
  // notification: send it once the stream answers
  const streamOpen = page.waitForResponse((r) => r.url().includes('/user/message/stream?'))
  const main = await startLoggedIn(page)
  await streamOpen
  const token = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const before = await unreadCount(token)
  await expect.poll(() => main.called('badgeSet').at(-1)?.[0]).toBe(before)

  await sendMessage('seller', '桌面通知测试')
  await expect.poll(() => main.called('badgeSet').at(-1)?.[0]).toBe(before + 1)
  await expect
    .poll(() => main.called('notifyShow').at(-1)?.[0])
    .toEqual({
      kind: 'message',
      title: '您有新的站内信',
      body: `桌面通知测试（未读 ${before + 1} 条）`,
      path: '/message/userMessage.html',
    })
  await expect(page.getByRole('link', { name: `站内信，${before + 1} 条未读` })).toBeVisible()
})

test('desktop mode: exports download through the shell’s download manager', async ({ page }) => {
  const main = await startLoggedIn(page, '/userHome.html')
  let anchorDownload = false
  page.on('download', () => (anchorDownload = true))
  await page.getByRole('button', { name: /导出站内信/ }).click()
  await expect.poll(() => main.called('downloadStart').length).toBe(1)
  const [[url]] = main.called('downloadStart') as [[string]]
  const u = new URL(url)
  expect(u.origin + u.pathname).toBe(`${E2E_API_ORIGIN}/api/common/download`)
  expect(u.searchParams.get('fileName')).toMatch(/^站内信-.*\.csv$/)
  expect(u.searchParams.get('delete')).toBe('true')
  expect(u.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(url).not.toContain(main.token!)
  expect(anchorDownload).toBe(false)

  // what the main process then downloads
  const res = await fetch(url)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-disposition')).toContain(
    `filename*=UTF-8''${encodeURIComponent(u.searchParams.get('fileName')!)}`,
  )
  expect(await res.text()).toContain('编号,标题,内容,类型,状态,时间')
})

test('desktop mode: 在线客服 opens the shell’s customer-service window on our own conversation route', async ({
  page,
}) => {
  const main = await startLoggedIn(page)
  await page.getByRole('button', { name: '在线客服' }).click()
  await expect.poll(() => main.called('csOpen').length).toBe(1)
  expect(main.called('csOpen')[0]).toEqual([{ path: '/service/chat.html' }])
  // no panel over the page and no popup: the window shows the conversation (e2e/web/customer-service.spec.ts)
  await expect(page.getByRole('dialog', { name: '在线客服' })).toHaveCount(0)
})

test('desktop mode: nav:open and the settings dialog of the shell', async ({ page }) => {
  const main = await startLoggedIn(page)
  await emit(page, 'nav:open', { path: '/userHome.html' })
  await expect(page).toHaveURL(`${E2E_DESKTOP_RENDERER_ORIGIN}/userHome.html`)

  await emit(page, 'settings:open', {})
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByLabel('服务器地址')).toHaveValue(E2E_API_ORIGIN)
  await dialog.getByRole('checkbox', { name: /新出价或还价/ }).uncheck()
  await dialog.getByRole('button', { name: /选择/ }).click()
  await expect(dialog.getByLabel('下载目录')).toHaveValue('/home/seller/导出')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await expect.poll(() => main.called('settingsSet').length).toBe(1)
  expect(main.called('settingsSet')[0]![0]).toMatchObject({
    apiOrigin: E2E_API_ORIGIN,
    notifications: { bid: false, message: true },
    downloadDir: '/home/seller/导出',
  })
})

test('desktop mode: a 521 answer clears the token in the shell and goes to login', async ({ page }) => {
  const token = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const main = await installFakeDesktop(page, token)
  await page.route(`${E2E_API_ORIGIN}/api/getInfo`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': E2E_DESKTOP_RENDERER_ORIGIN },
      body: JSON.stringify({ code: 521, msg: '登录状态已过期，请重新登录' }),
    }),
  )
  await page.goto(`${E2E_DESKTOP_RENDERER_ORIGIN}/userHome.html`)
  await expect(page).toHaveURL(/\/login\.html/)
  await expect(page.getByText('登录状态已过期，请重新登录')).toBeVisible()
  // the header may show 登录 a moment before the shell's tokenClear call arrives
  await expect.poll(() => main.called('tokenClear').length).toBeGreaterThan(0)
  await expect.poll(() => main.token).toBeNull()
})

/**
 * The Electron app itself, driven by Playwright's _electron: log in, quit, start again and still be
 * logged in (the token came back from the OS keychain), and see the unread badge change when a
 * message arrives. Needs Electron's binary (skipped with a message where it is absent) and, on
 * Linux, a Secret Service for the keychain: CI runs it under scripts/with-keyring.sh.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from '../../scripts/desktop.mjs'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { DEMO_USERS, loginToken, sendMessage, unreadCount } from '../support/api'

/** the page globals this node-side file reads inside evaluate() (no DOM types here) */
interface Browser {
  location: { protocol: string }
  document: { cookie: string }
  localStorage: Record<string, string>
}

const root = join(import.meta.dirname, '../..')
const executablePath = findElectronBinary()

test.skip(
  !executablePath,
  `Electron's binary is not installed here; desktop end-to-end tests skipped.\n${MISSING_ELECTRON_MESSAGE}`,
)

let userData: string
test.beforeAll(() => {
  userData = mkdtempSync(join(tmpdir(), 'market-desktop-e2e-'))
})
test.afterAll(() => rmSync(userData, { recursive: true, force: true }))

async function launch(): Promise<{ app: ElectronApplication; window: Page }> {
  const app = await electron.launch({
    executablePath: executablePath!,
    args: [join(root, 'out/main/index.js'), ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
    env: { ...process.env, MARKET_API_ORIGIN: E2E_API_ORIGIN, MARKET_USER_DATA_DIR: userData } as Record<
      string,
      string
    >,
  })
  const window = await app.firstWindow()
  await window.waitForLoadState('domcontentloaded')
  return { app, window }
}

/** quit for real (closing the window only hides it in the tray) */
async function quit(app: ElectronApplication) {
  await app.evaluate(({ app: a }) => a.quit())
  await app.close().catch(() => undefined)
}

const badge = (app: ElectronApplication) => app.evaluate(({ app: a }) => a.getBadgeCount())

test('logs in, restarts still logged in, and the badge follows a new message', async () => {
  const first = await launch()
  expect(await first.window.evaluate(() => (globalThis as unknown as Browser).location.protocol)).toBe('app:')
  await first.window.getByRole('link', { name: '登录' }).first().click()
  await first.window.getByPlaceholder('请输入用户名').fill(DEMO_USERS.seller.username)
  await first.window.getByPlaceholder('请输入密码').fill(DEMO_USERS.seller.password)
  await first.window.getByRole('button', { name: /登\s*录/ }).click()
  await expect(first.window.getByText(/欢迎\s*卖家老李/)).toBeVisible()
  // the token is in the main process's vault, not in the page's storage
  const stored = await first.window.evaluate(() => {
    const g = globalThis as unknown as Browser
    return g.document.cookie + Object.values(g.localStorage).join('')
  })
  expect(stored).not.toMatch(/Authorization=/)
  await quit(first.app)

  const second = await launch()
  await expect(second.window.getByText(/欢迎\s*卖家老李/)).toBeVisible()
  const token = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const before = await unreadCount(token)
  await expect(second.window.getByRole('link', { name: `站内信，${before} 条未读` })).toBeVisible()
  if (process.platform !== 'win32') await expect.poll(() => badge(second.app)).toBe(before)

  await sendMessage('seller', '桌面端角标测试')
  await expect(second.window.getByRole('link', { name: `站内信，${before + 1} 条未读` })).toBeVisible()
  if (process.platform !== 'win32') await expect.poll(() => badge(second.app)).toBe(before + 1)
  await quit(second.app)
})

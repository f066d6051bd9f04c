/** Browser steps the end-to-end specs share: the real login form, a logged-in page, antd selects. */
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { TOKEN_COOKIE, TOKEN_TTL_DAYS, USER_INFO_STORAGE_KEY } from '../../src/shared/constants'
import { apiLogin } from './api'

/** Fill and submit the login form on the current page. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByPlaceholder('请输入用户名').fill(username)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
}

/** A new browser context logged in through the form, landing on `to` (the login redirect). */
export async function loginThroughForm(
  browser: Browser,
  username: string,
  password: string,
  to: string,
): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/login.html?redirect=${encodeURIComponent(to)}`)
  await submitLogin(page, username, password)
  await expect(page).toHaveURL(urlEndingWith(to))
  return page
}

const urlEndingWith = (path: string) => new RegExp(`${path.replace(/[.?]/g, '\\$&')}$`)

/**
 * A new browser context logged in as the user, on `to`. The session is made through the API and put
 * where a login through the form leaves it (the `Authorization` cookie and the user info in
 * localStorage, src/renderer/src/platform/web.ts and stores/session.ts): the form itself, its
 * redirect and its rate limit are the subject of auth.spec.ts (and of loginThroughForm where a
 * test is about logging in); going through it for every other test cost a page load each.
 */
export async function loginAs(
  browser: Browser,
  username: string,
  password: string,
  to: string,
  /** the context's other options (a phone's viewport, user agent, touch) */
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { token, userInfoDto } = await apiLogin(username, password)
  const context = await browser.newContext({
    ...options,
    storageState: {
      cookies: [
        {
          name: TOKEN_COOKIE,
          value: encodeURIComponent(token),
          domain: new URL(E2E_API_ORIGIN).hostname,
          path: '/',
          expires: Math.floor(Date.now() / 1000) + TOKEN_TTL_DAYS * 86_400,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [
        {
          origin: E2E_API_ORIGIN,
          localStorage: [{ name: USER_INFO_STORAGE_KEY, value: JSON.stringify(userInfoDto) }],
        },
      ],
    },
  })
  const page = await context.newPage()
  await page.goto(to)
  await expect(page).toHaveURL(urlEndingWith(to))
  // a server-rendered page (docs/ssr.md) answers clicks once hydrated; the form's way here was a
  // navigation inside the running app
  if ((await page.locator('#ssr-state').count()) > 0)
    await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  return page
}

/**
 * Open an antd Select by its label and pick an option (`exact`: the label matched whole). Tried again
 * until the select shows the option: a panel appearing above (e.g. the valuation hint once area and
 * server are chosen) can move the form while the dropdown is open, and the click then misses.
 */
export async function choose(page: Page, label: string, option: string, exact = false) {
  const box = page.getByRole('combobox', { name: label, exact })
  const select = box.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')
  await expect(async () => {
    await box.click()
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 2_000 })
    await expect(select).toContainText(option, { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}

/** Browser steps the end-to-end specs share: the real login form. */
import { expect, type Browser, type Page } from '@playwright/test'

/** Fill and submit the login form on the current page. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByPlaceholder('请输入用户名').fill(username)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByRole('button', { name: /登\s*录/ }).click()
}

/** A new browser context logged in through the form, landing on `to` (the login redirect). */
export async function loginAs(
  browser: Browser,
  username: string,
  password: string,
  to: string,
): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`/login.html?redirect=${encodeURIComponent(to)}`)
  await submitLogin(page, username, password)
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[.?]/g, '\\$&')}$`))
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

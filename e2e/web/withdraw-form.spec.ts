/**
 * The withdrawal form on a 390 px phone (docs/trading-rules.md, "Withdrawals"): money topped up a
 * minute ago is set apart — it can go back to 支付宝 only, from the time shown — and cannot be
 * withdrawn to an account; with money earned from sales (the demo seller) the form shows the fee, what
 * arrives and when before submitting, and a payee name other than the verified real name is refused
 * on the field. Nothing is wider than the screen. Screenshots of the form at 390 × 844 and
 * 1366 × 900 go to the test's output folder.
 */
import { expect, test, type Browser, type Page } from '../support/test'
import { DEMO_USERS, api, loginToken, newUser, setPayPassword, topUp } from '../support/api'
import { loginAs } from '../support/ui'

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36',
}
const DESKTOP = { viewport: { width: 1366, height: 900 } }
const PAY_PASSWORD = '246810'
/** the demo accounts' payment password and the demo seller's verified name (src/server/db/seed) */
const DEMO_PAY_PASSWORD = '802731'

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

async function openForm(page: Page) {
  await page.getByRole('button', { name: /^提\s*现$/ }).click()
  const dialog = page.getByRole('dialog', { name: '提现' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function sellerForm(browser: Browser, options: typeof PHONE | typeof DESKTOP) {
  const page = await loginAs(
    browser,
    DEMO_USERS.seller.username,
    DEMO_USERS.seller.password,
    '/account/balance.html',
    options,
  )
  const dialog = await openForm(page)
  await dialog.getByLabel('提现金额（元）').fill('100')
  await dialog.getByLabel('收款账号').fill('seller@example.com')
  return { page, dialog }
}

test('money topped up a minute ago is held: it goes back to 支付宝 only, from the time shown', async ({
  browser,
}) => {
  const user = await newUser('wh')
  await setPayPassword(user, PAY_PASSWORD)
  await topUp(user.token, 20_000)
  const info = await api('/funds/withdraw/info', { token: user.token })
  const at = new Date(info.data.heldTopups[0].refundableAt + 8 * 3600_000).toISOString()
  const when = `${at.slice(0, 10)} ${at.slice(11, 16)}`

  const page = await loginAs(browser, user.username, user.password, '/account/balance.html', PHONE)
  const dialog = await openForm(page)
  await expect(dialog).toContainText(
    '余额中 ¥200.00 为充值后尚未消费的资金，只能原路退回充值账户，不能提现到银行卡或支付宝账户',
  )
  await expect(dialog).toContainText(`${when} 起可原路退回（充值满 24 小时）`)
  await expect(dialog.getByLabel('可提现余额')).toHaveText('¥0.00')
  await expect(dialog.getByRole('button', { name: '提交申请' })).toBeDisabled()
  await page.screenshot({ path: test.info().outputPath('withdraw-held-390.png'), fullPage: true })

  await dialog.getByText('充值原路退回', { exact: true }).click()
  await expect(dialog.getByLabel('可原路退回')).toHaveText('¥0.00')
  await expect(dialog).toContainText(`${when} 起可退回`)
  await expect(dialog.getByRole('button', { name: '原路退回' })).toBeDisabled()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('withdraw-back-390.png'), fullPage: true })
})

test('the form shows fee, arrival and the amount that arrives; a payee name not the real name is refused on the field', async ({
  browser,
}) => {
  const seller = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const before = await api('/funds/withdraw/list', { token: seller })

  const { page, dialog } = await sellerForm(browser, PHONE)
  const quote = dialog.getByLabel('到账说明')
  await expect(quote).toContainText('手续费¥0.00（平台不收取提现手续费）')
  await expect(dialog.getByLabel('实际到账')).toHaveText('¥100.00')
  await expect(quote).toContainText(
    '平台在客服工作时间（每天 10:00-22:30）内审核，审核通过后自动转账到支付宝',
  )
  await expect(dialog).toContainText('须与您实名认证的姓名（李*）一致')
  // a bank card is transferred by staff by hand
  await dialog.getByText('银行卡', { exact: true }).click()
  await expect(quote).toContainText('银行入账一般不超过 1 个工作日')
  await dialog.getByText('支付宝', { exact: true }).click()
  await dialog.getByLabel('收款账号').fill('seller@example.com')

  await dialog.getByLabel('收款人姓名').fill('陈静')
  await dialog.getByLabel('支付密码').fill(DEMO_PAY_PASSWORD)
  await dialog.getByRole('button', { name: '提交申请' }).click()
  await expect(dialog.getByText('收款人姓名须与您实名认证的姓名一致')).toBeVisible()
  expect((await api('/funds/withdraw/list', { token: seller })).total).toBe(before.total)
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('withdraw-form-390.png'), fullPage: true })

  const desktop = await sellerForm(browser, DESKTOP)
  await expect(desktop.dialog.getByLabel('实际到账')).toHaveText('¥100.00')
  await desktop.page.screenshot({ path: test.info().outputPath('withdraw-form-1366.png') })
})

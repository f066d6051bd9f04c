/**
 * The WeChat official account through its sandbox: scan login of an unbound WeChat user goes
 * through /bind.html, later the scan alone logs in; an order payment sends a template message
 * to the bound seller that shows in the sandbox inbox.
 */
import { expect, test, type Page } from '../support/test'
import { DEMO_USERS, buyAndPay, cheapestAccount, newUser, setPayPassword } from '../support/api'

const WECHAT_USER = '沙箱微信·阿白'

/** On /offLogin.html: open the sandbox phone of the QR code shown and scan as the WeChat user. */
async function scanWithSandboxPhone(page: Page) {
  await page.goto('/offLogin.html')
  await expect(page.getByRole('img', { name: '微信扫码二维码' })).toBeVisible()
  await page.screenshot({ path: 'test-results/wechat-offlogin.png' })
  const phoneUrl = await page.getByRole('link', { name: /打开沙箱手机扫码/ }).getAttribute('href')
  const phone = await page.context().newPage()
  await phone.goto(phoneUrl!)
  await phone.getByRole('button', { name: `以${WECHAT_USER}扫码` }).click()
  await expect(phone.getByRole('status')).toHaveText(/已扫码/)
  await phone.close()
}

test('WeChat scan login binds through /bind.html, then logs in by scan alone; an order payment sends a template message', async ({
  browser,
}) => {
  const first = await (await browser.newContext()).newPage()
  await scanWithSandboxPhone(first)
  await expect(first).toHaveURL(/\/bind\.html$/)
  await expect(first.getByText(`微信「${WECHAT_USER}」尚未绑定本站账号`)).toBeVisible()
  await first.screenshot({ path: 'test-results/wechat-bind.png' })
  await first.getByPlaceholder('请输入用户名').fill(DEMO_USERS.seller.username)
  await first.getByPlaceholder('请输入密码').fill(DEMO_USERS.seller.password)
  await first.getByRole('button', { name: '登录并绑定' }).click()
  await expect(first).toHaveURL(/\/$/)
  await expect(first.getByRole('link', { name: DEMO_USERS.seller.nickName })).toBeVisible()
  await first.context().close()

  // a new browser: the scan alone logs the seller in
  const second = await (await browser.newContext()).newPage()
  await scanWithSandboxPhone(second)
  await expect(second).toHaveURL(/\/$/)
  await expect(second.getByRole('link', { name: DEMO_USERS.seller.nickName, exact: true })).toBeVisible()
  await second.screenshot({ path: 'test-results/wechat-logged-in.png' })

  // a buyer pays one of the seller's listings: the seller's WeChat gets 买家已付款
  const buyer = await newUser('wxe2e')
  await setPayPassword(buyer, '802731')
  const orderNo = await buyAndPay(buyer, await cheapestAccount(100, 1_000_000), '802731')
  const inbox = second
  await expect(async () => {
    await inbox.goto('/api/wechat/sandbox/inbox?openid=sbx_o_bai')
    await expect(inbox.getByText(`订单号：${orderNo}`)).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(inbox.locator('.msg', { hasText: orderNo }).getByRole('heading')).toHaveText(
    '买家已付款，请尽快发货',
  )
  await inbox.screenshot({ path: 'test-results/wechat-inbox.png' })
})

/**
 * Account and identity end to end (docs/account-security.md): login password change logs an older
 * session out; phone rebinding through the sandbox SMS inbox; real name then a withdrawal; a
 * cancellation request cancelled by logging in.
 */
import { expect, test, type Page } from '../support/test'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { api, newUser, setPayPassword, topUp } from '../support/api'
import { loginAs, loginThroughForm, submitLogin } from '../support/ui'

/** The newest code the sandbox inbox page shows for a number (read as a user would, in the page). */
async function codeFromInbox(page: Page, phone: string): Promise<string> {
  const inbox = await page.context().newPage()
  await inbox.goto(`${E2E_API_ORIGIN}/api/sandbox/sms?phone=${phone}`)
  const text = await inbox.locator('li .text').first().innerText()
  await inbox.close()
  return /验证码为 (\d{6})/.exec(text)![1]
}

/** A number nobody has. */
const freshPhone = () => `171${String(Date.now()).slice(-8)}`

/** Binds a first phone through the API (the sandbox inbox gives the code). */
async function bindPhone(token: string, phone: string) {
  await api('/user/sms/send', { token, body: { purpose: 'PHONE_NEW', phone } })
  const html = await (await fetch(`${E2E_API_ORIGIN}/api/sandbox/sms?phone=${phone}`)).text()
  const smsCode = /验证码为 (\d{6})/.exec(html)![1]
  const res = await api('/user/phone/bind', { token, body: { phone, smsCode } })
  if (res.code !== 200) throw new Error(`binding ${phone} failed: ${res.msg}`)
}

test('changing the login password logs an older session out', async ({ browser }) => {
  const user = await newUser('lp', 'Trade@2024', false)
  const older = await loginAs(browser, user.username, user.password, '/userHome.html')
  const page = await loginAs(browser, user.username, user.password, '/user/loginPass.html')
  await page.getByLabel('原密码').fill(user.password)
  await page.getByLabel('新密码', { exact: true }).fill('N3w!Secret')
  await page.getByLabel('确认新密码').fill('N3w!Secret')
  await page.getByRole('button', { name: '确认修改' }).click()
  await expect(page.getByRole('status').filter({ hasText: '登录密码已修改' })).toBeVisible()

  await older.goto('/user/loginPass.html')
  await expect(older).toHaveURL(/\/login\.html/)
  // the new password logs in again
  await submitLogin(older, user.username, 'N3w!Secret')
  await expect(older.getByText(/欢迎/).first()).toBeVisible()
})

test('rebinding the phone with codes read from the sandbox inbox', async ({ browser }) => {
  const user = await newUser('pb', 'Trade@2024', false)
  const oldPhone = freshPhone()
  await bindPhone(user.token, oldPhone)
  const page = await loginAs(browser, user.username, user.password, '/user/phoneBind.html')
  await expect(page.getByText(`当前绑定手机：${oldPhone.slice(0, 3)}****${oldPhone.slice(7)}`)).toBeVisible()
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible()
  await page.getByLabel('原手机验证码').fill(await codeFromInbox(page, oldPhone))
  await page.getByRole('button', { name: '下一步' }).click()

  const newPhone = String(Number(oldPhone) + 1)
  await page.getByLabel('新手机号').fill(newPhone)
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible()
  await page.getByLabel('新手机验证码').fill(await codeFromInbox(page, newPhone))
  await page.getByRole('button', { name: '确认绑定' }).click()
  await expect(page.getByRole('status').filter({ hasText: '手机号已更换' })).toBeVisible()
  expect((await api('/getInfo', { token: user.token })).user.phone).toBe(newPhone)
})

test('a withdrawal asks for the real name first; then topped-up money is shown held', async ({ browser }) => {
  const user = await newUser('rn', 'Trade@2024', false)
  await topUp(user.token, 20_000)
  await setPayPassword(user, '802731')
  const page = await loginAs(browser, user.username, user.password, '/account/balance.html')
  await page.getByRole('button', { name: /^提\s*现$/ }).click()
  await expect(page.getByText('提现前请先完成实名认证').first()).toBeVisible()
  await page.getByRole('button', { name: '去实名认证' }).click()
  await expect(page).toHaveURL(/\/user\/userCert\.html$/)

  await page.getByLabel('真实姓名').fill('陈静')
  await page.getByLabel('身份证号').fill('320102199508152229')
  await page.getByRole('button', { name: '立即认证' }).click()
  await expect(page.getByText('已完成实名认证')).toBeVisible()
  await expect(page.getByText('3201**********2229')).toBeVisible()

  // verified: the form opens; the top-up was never spent, so it goes back to 支付宝 only (withdraw-form.spec.ts)
  await page.goto('/account/balance.html')
  await page.getByRole('button', { name: /^提\s*现$/ }).click()
  const dialog = page.getByRole('dialog', { name: '提现' })
  await expect(dialog.getByLabel('可提现余额')).toHaveText('¥0.00')
  await expect(dialog).toContainText('只能原路退回充值账户')
})

test('logging in during the cooling-off cancels a cancellation request', async ({ browser }) => {
  const user = await newUser('wo', 'Trade@2024', false)
  const phone = freshPhone()
  await bindPhone(user.token, phone)
  const page = await loginAs(browser, user.username, user.password, '/writeoff.html')
  for (const label of ['没有进行中的订单', '没有进行中的纠纷', '没有在售的商品', '账户余额和冻结资金为零'])
    await expect(page.getByRole('listitem', { name: label }).getByText('满足')).toBeVisible()
  await page.getByRole('button', { name: '获取验证码' }).click()
  await expect(page.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible()
  await page.getByLabel('短信验证码').fill(await codeFromInbox(page, phone))
  await page.getByText('我已了解注销后果，确认注销').click()
  await page.getByRole('button', { name: '提交注销申请' }).click()
  await expect(page.getByText('注销申请已提交')).toBeVisible()
  expect((await api('/getInfo', { token: user.token })).code).toBe(401)

  // the login form, as the user would come back
  const back = await loginThroughForm(browser, user.username, user.password, '/writeoff.html')
  await expect(back.getByRole('button', { name: '提交注销申请' })).toBeVisible()
  await expect(back.getByText('注销冷静期中')).toHaveCount(0)
})

/**
 * Real money end to end (docs/payments.md, "Payouts" and "Reconciliation"), on the real server with
 * the real Alipay adapter talking to the Alipay simulator the e2e servers mount at /sim/alipay:
 * a verified seller's withdrawal to Alipay, approved in 提现审核, is paid out by an Alipay transfer
 * (the simulator answers SUCCESS at once, as Alipay usually does) and shows 已到账; a mismatch
 * planted in today's Alipay bill is found when staff run the day's reconciliation (重新对账 on
 * 对账差错: the job only does yesterday, hourly) and resolved with a note.
 */
import { expect, test, type Page } from '../support/test'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { DEMO_USERS, api, loginToken, newUser } from '../support/api'
import { loginAs } from '../support/ui'

/** the demo seller's payment password and verified name (src/server/db/seed) */
const DEMO_PAY_PASSWORD = '802731'
const REAL_NAME = '李四'

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByRole('menu', { name: '管理菜单' })
  const link = menu.getByRole('menuitem', { name: item })
  if (!(await link.isVisible())) await menu.getByText(group, { exact: true }).click()
  await link.click()
}

/** A test hook of the Alipay simulator (src/server/modules/pay/sim/alipay.ts): its answer. */
async function alipaySim(path: string, body: unknown): Promise<any> {
  const res = await fetch(`${E2E_API_ORIGIN}/sim/alipay/_sim/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return res.json()
}

/** Today in China time: the bill's day (the simulator's clock is the server's). */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

test('a seller’s Alipay withdrawal, approved in 提现审核, is paid out and shows 已到账', async ({
  browser,
}) => {
  // two browsers, the console and a transfer: more than the default minute on a loaded machine
  test.setTimeout(120_000)
  // the demo seller withdraws proceeds of sales (unspent top-up money would go back to 支付宝 only:
  // withdraw-form.spec.ts)
  const seller = {
    ...DEMO_USERS.seller,
    token: await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password),
  }
  const before = (await api('/funds/wallet', { token: seller.token })).data
  const account = `${seller.username}@example.com`

  const page = await loginAs(browser, seller.username, seller.password, '/account/balance.html')
  await page.getByRole('button', { name: /^提\s*现$/ }).click()
  const dialog = page.getByRole('dialog', { name: '提现' })
  await dialog.getByLabel('提现金额（元）').fill('120')
  await dialog.getByLabel('收款账号').fill(account)
  await dialog.getByLabel('收款人姓名').fill(REAL_NAME)
  await dialog.getByLabel('支付密码').fill(DEMO_PAY_PASSWORD)
  await dialog.getByRole('button', { name: '提交申请' }).click()
  await expect(page.getByText('提现申请已提交，审核通过后到账')).toBeVisible()
  const mine = await api('/funds/withdraw/list', { token: seller.token })
  const withdrawNo = mine.rows[0].withdrawNo as string
  const row = page.getByRole('row').filter({ hasText: withdrawNo })
  await expect(row.getByText('待审核')).toBeVisible()

  // 提现审核: the payee's name shows; approving sends the Alipay transfer
  const staff = await loginAs(browser, DEMO_USERS.admin.username, DEMO_USERS.admin.password, '/console/index')
  await openMenu(staff, '审核中心', '提现审核')
  const audit = staff.getByRole('row').filter({ hasText: withdrawNo })
  await expect(audit).toContainText(account)
  await expect(audit).toContainText(REAL_NAME)
  await audit.getByText('通过', { exact: true }).click()
  // the second confirmation says who gets what (docs/console.md, "Money actions ask twice")
  const confirm = staff.getByTestId('money-confirm')
  await expect(confirm).toContainText(account)
  await expect(confirm).toContainText('平台自动转账 ¥120.00')
  await staff.getByRole('button', { name: '确认通过' }).click()
  await expect(audit).toHaveCount(0)

  // the user's list: paid (the transfer's SUCCESS moved the frozen money out)
  await page.reload()
  await expect(row.getByText('已到账')).toBeVisible()
  const wallet = await api('/funds/wallet', { token: seller.token })
  expect(wallet.data).toMatchObject({ available: before.available - 12_000, frozen: before.frozen })
})

test('a mismatch planted in today’s Alipay bill is found by 重新对账 and resolved with a note', async ({
  browser,
}) => {
  // a top-up paid with 支付宝 today (the buyer pays at the simulator's cashier)
  const user = await newUser('rc')
  const created = await api('/funds/topup/create', {
    token: user.token,
    body: { amount: 4_200, channel: 'alipay' },
  })
  expect(created.code).toBe(200)
  const trade = await alipaySim('pay', { url: new URL(created.data.payUrl, E2E_API_ORIGIN).href })
  const attemptNo = trade.out_trade_no as string
  await expect
    .poll(
      async () =>
        (await api(`/funds/topup/detail/${created.data.topupNo}`, { token: user.token })).data.status,
    )
    .toBe('PAID')
  // Alipay's bill of today says 41 元 for it
  const day = chinaToday()
  await alipaySim('bill', { day, kind: 'amount', ourNo: attemptNo, amount: 4_100 })

  const page = await loginAs(browser, DEMO_USERS.admin.username, DEMO_USERS.admin.password, '/console/index')
  await openMenu(page, '交易管理', '对账差错')
  const line = page.getByRole('row').filter({ hasText: attemptNo })
  await expect(line).toHaveCount(0)
  await page.getByRole('button', { name: '重新对账' }).click()
  const dialog = page.getByRole('dialog', { name: '重新对账' })
  const date = dialog.getByLabel('账单日期')
  await date.fill(day)
  await date.press('Enter')
  await dialog.getByRole('button', { name: '开始对账' }).click()
  await expect(
    page.getByText(new RegExp(`支付宝 ${day}：账单 \\d+ 笔，我方 \\d+ 笔，差错 [1-9]\\d* 条`)),
  ).toBeVisible()
  await expect(dialog).toBeHidden()

  await expect(line).toContainText('金额不符')
  await expect(line).toContainText('¥42.00')
  await expect(line).toContainText('¥41.00')
  await expect(line).toContainText('待处理')
  await line.getByText('处理', { exact: true }).click()
  const resolve = page.getByRole('dialog', { name: '处理对账差错' })
  await resolve.getByLabel('处理说明（记入操作日志）').fill('支付宝确认账单金额有误，已更正')
  await resolve.getByRole('button', { name: '标记已处理' }).click()
  // the open list no longer has it; among the resolved ones it shows the note
  await expect(line).toHaveCount(0)
  const admin = await loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)
  const resolved = await api(`/pay/staff/mismatches?day=${day}&state=RESOLVED&pageSize=100`, { token: admin })
  expect(resolved.rows).toContainEqual(
    expect.objectContaining({
      ourNo: attemptNo,
      kind: 'AMOUNT_DIFFERS',
      note: '支付宝确认账单金额有误，已更正',
    }),
  )
})

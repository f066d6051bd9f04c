/**
 * The staff console end to end (docs/console.md), on the real server: the admin logs in and gets the
 * menu and the tabs; approves a listing waiting for review, which then shows in the public search;
 * rejects a withdrawal with a reason the user then reads; rules a dispute with a partial refund that
 * both ledgers show. The operator has no 提现审核. Set-up goes through the API (e2e/support/api.ts);
 * every permission and action is covered in depth by src/server/modules/oplog/console.test.ts.
 */
import { expect, test, type Page } from '../support/test'
import {
  DEMO_USERS,
  api,
  buyAndPay,
  cheapestAccount,
  encrypter,
  loginToken,
  newUser,
  setPayPassword,
} from '../support/api'
import { loginAs } from '../support/ui'
import { formatYuan } from '../../src/shared/money'

const PAY_PASSWORD = '246810'
const admin = () => loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)

async function openMenu(page: Page, group: string, item: string) {
  const menu = page.getByRole('menu', { name: '管理菜单' })
  const link = menu.getByRole('menuitem', { name: item })
  if (!(await link.isVisible())) await menu.getByText(group, { exact: true }).click()
  await link.click()
}

test('admin: menu and tabs, approve a listing into search, reject a withdrawal, rule a partial refund', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // a listing waiting for review (the seed holds some by the audit switch)
  const queue = await api('/console/goods/list?status=AUDITING&pageSize=1', { token: await admin() })
  const listing = queue.rows[0] as { goodsId: number; title: string; gameId: number }
  // a withdrawal waiting
  // of the demo seller's proceeds of sales (unspent top-up money goes back to 支付宝 only)
  const user = { token: await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password) }
  const encrypt = await encrypter()
  const withdrawal = await api('/funds/withdraw/create', {
    token: user.token,
    body: {
      amount: 10_000,
      accountKind: 'ALIPAY',
      payeeName: '李四',
      account: 'cw@example.com',
      payPassword: encrypt('802731'),
    },
  })
  expect(withdrawal.code).toBe(200)
  // a disputed order of the demo seller
  const buyer = await newUser('cd')
  await setPayPassword(buyer, PAY_PASSWORD)
  const bought = await cheapestAccount(1_000, 50_000_000)
  const orderNo = await buyAndPay(buyer, bought, PAY_PASSWORD)
  expect(
    (await api('/trade/order/dispute', { token: buyer.token, body: { orderNo, reason: '账号信息不符' } }))
      .code,
  ).toBe(200)

  const page = await loginAs(browser, DEMO_USERS.admin.username, DEMO_USERS.admin.password, '/console/index')
  await expect(page.getByRole('menu', { name: '管理菜单' })).toBeVisible()
  await expect(page.getByRole('tab', { name: '工作台' })).toBeVisible()
  await expect(page.getByText('待审核提现')).toBeVisible()

  // 商品审核: approve → public search has it
  await openMenu(page, '审核中心', '商品审核')
  await expect(page).toHaveURL(/\/console\/audit\/goods$/)
  await expect(page.getByRole('tab', { name: '商品审核' })).toBeVisible()
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(listing.goodsId), exact: true }) })
  await row.getByText('通过', { exact: true }).click()
  await expect(row).toHaveCount(0)
  const search = await api(`/goods/search?gameId=${listing.gameId}&pageNum=1&pageSize=50&sort=newest`)
  expect((await api(`/goods/detail/${listing.goodsId}`)).code).toBe(200)
  expect(search.code).toBe(200)

  // 提现审核: reject with a reason the user reads
  await openMenu(page, '审核中心', '提现审核')
  const wRow = page.getByRole('row').filter({ hasText: withdrawal.data.withdrawNo })
  await wRow.getByText('驳回', { exact: true }).click()
  await page.getByLabel('驳回原因（用户可见）').fill('收款账户与实名信息不符')
  await page.getByRole('button', { name: /确\s*定|OK/ }).click()
  await expect(wRow).toHaveCount(0)
  const mine = await api('/funds/withdraw/list', { token: user.token })
  expect(mine.rows[0]).toMatchObject({ status: 'REJECTED', rejectReason: '收款账户与实名信息不符' })

  // 纠纷仲裁: a partial refund, both ledgers show it
  await openMenu(page, '交易管理', '纠纷仲裁')
  await page.getByRole('row').filter({ hasText: orderNo }).getByText('处理').click()
  // more than the order: refused in the form, naming the maximum (it was clamped into a full refund)
  await page.getByLabel(/退回买家金额/).fill(String(bought.price / 100 + 1))
  await page.getByLabel('裁决理由（双方可见）').fill('部分道具与描述不符，退回部分货款')
  await page.getByRole('button', { name: '提交裁决' }).click()
  await expect(page.getByText(`退回买家金额不能超过订单金额 ${formatYuan(bought.price)}`)).toBeVisible()
  await expect(page.getByTestId('money-confirm')).toHaveCount(0)
  await page.getByLabel(/退回买家金额/).fill('5.00')
  await page.getByRole('button', { name: '提交裁决' }).click()
  // the second confirmation: who gets what; nothing is sent before 确认裁决
  const confirm = page.getByTestId('money-confirm')
  await expect(confirm).toContainText('退回 ¥5.00')
  await expect(confirm).toContainText(`结算 ${formatYuan(bought.price - 500)}`)
  await page.getByRole('button', { name: '确认裁决' }).click()
  await expect(page.getByText('裁决已生效')).toBeVisible()
  const buyerLedger = await api('/funds/ledger?pageSize=20', { token: buyer.token })
  expect(buyerLedger.rows).toContainEqual(
    expect.objectContaining({ type: 'ORDER_REFUND', amount: 500, orderNo }),
  )
  const seller = await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password)
  const sellerLedger = await api('/funds/ledger?pageSize=50', { token: seller })
  expect(sellerLedger.rows).toContainEqual(
    expect.objectContaining({ type: 'SETTLEMENT', amount: bought.price - 500, orderNo }),
  )
  await page.context().close()
})

test('the operator cannot open 提现审核', async ({ browser }) => {
  const page = await loginAs(browser, 'operator', 'Operator@123', '/console/audit/withdraw')
  await expect(page.getByRole('menu', { name: '管理菜单' }).getByText('审核中心')).toBeVisible()
  await expect(page.getByRole('main').getByText('页面不存在')).toBeVisible()
  // the address's section (审核中心) is open: it lists what the operator may open, not 提现审核
  await expect(page.getByRole('menuitem', { name: '商品审核' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: '提现审核' })).toHaveCount(0)
  const operator = await loginToken('operator', 'Operator@123')
  expect((await api('/console/withdraw/list', { token: operator })).code).toBe(403)
  await page.context().close()
})

/**
 * 包赔 end to end (docs/recovery-protection.md): a new seller publishes an account with 包赔 30 天 on
 * the publish form, the detail page shows the badge; a buyer buys it, the seller delivers and the
 * buyer confirms (through the API); the buyer files a claim from 我的订单, staff (the demo admin)
 * approve it in the console page 包赔理赔, and the buyer's balance shows the payout. The money rules
 * themselves are covered by src/server/modules/protection/protection.test.ts.
 */
import { expect, test } from '../support/test'
import { DEMO_USERS, api, buyAndPay, encrypter, newUser, setPayPassword, pngOf } from '../support/api'
import { choose, loginAs } from '../support/ui'

const PAY_PASSWORD = '246810'

function transferValue(kind: string, stamp: string): string {
  switch (kind) {
    case 'phone':
      return '13900139200'
    case 'password':
      return `Pt#${stamp}`
    case 'email':
      return 'protection.e2e@example.com'
    case 'qq':
    case 'account':
      return '20000002'
    case 'idcard':
      return '11010519491231002X'
    case 'name':
      return '李演示'
    default:
      return `pt_${stamp}`
  }
}

test('a protected account: listed, bought, claimed, paid out by staff', async ({ browser }) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const title = `包赔端到端 ${stamp}`
  const seller = await newUser('pse')

  // the seller lists the account with 包赔 30 天
  const sell = await loginAs(browser, seller.username, seller.password, '/seller/selectType.html')
  await sell.getByRole('radio', { name: '王者荣耀' }).click()
  await sell.getByRole('button', { name: /^账号/ }).click()
  await sell.locator('label').filter({ hasText: /^iOS$/ }).click()
  await choose(sell, '大区', '苹果QQ区')
  await choose(sell, '服务器', '1区 梦回长安')
  await choose(sell, '段位', '最强王者')
  await sell.getByRole('spinbutton', { name: '英雄数量' }).fill('100')
  await sell.getByRole('spinbutton', { name: '皮肤数量' }).fill('200')
  await sell.getByRole('textbox', { name: '商品标题' }).fill(title)
  await sell.getByRole('textbox', { name: '价格（元）' }).fill('200')
  await sell
    .locator('.shots input[type="file"]')
    .setInputFiles([{ name: 'shot.png', mimeType: 'image/png', buffer: await pngOf(160, 120, 60) }])
  await expect(sell.locator('.shot__img')).toHaveCount(1, { timeout: 20_000 })
  await sell.getByRole('radio', { name: '包赔 30 天' }).check()
  await sell.getByRole('button', { name: '发布商品' }).click()
  await expect(sell).toHaveURL(/\/seller\/publishSuccessed\.html\?goodsId=\d+$/)
  const goodsId = Number(new URL(sell.url()).searchParams.get('goodsId'))
  await sell.goto(`/detail/${goodsId}.html`)
  const terms = sell.getByRole('note', { name: '包赔保障' })
  await expect(terms).toContainText('包赔 30 天')
  await expect(terms).toContainText('¥60.00')

  // a buyer buys it; the seller delivers and the buyer confirms (API)
  const buyer = await newUser('pbu')
  await setPayPassword(buyer, PAY_PASSWORD)
  const orderNo = await buyAndPay(buyer, { goodsId, title, price: 20_000 }, PAY_PASSWORD)
  expect((await api('/trade/order/startDelivery', { token: seller.token, body: { orderNo } })).code).toBe(200)
  const form = await api(`/trade/order/deliveryForm/${orderNo}`, { token: seller.token })
  const fields: Record<string, string> = {}
  for (const f of form.data.fields as Array<{ key: string; kind: string; required: boolean }>)
    if (f.required) fields[f.key] = transferValue(f.kind, stamp)
  expect((await api('/trade/order/deliver', { token: seller.token, body: { orderNo, fields } })).code).toBe(
    200,
  )
  const encrypt = await encrypter()
  const confirmed = await api('/trade/order/confirm', {
    token: buyer.token,
    body: { orderNo, payPassword: encrypt(PAY_PASSWORD) },
  })
  expect(confirmed.code).toBe(200)
  await sell.context().close()

  // the buyer files a claim from 我的订单
  const page = await loginAs(browser, buyer.username, buyer.password, '/buyer/buyOrder.html')
  const card = page.getByRole('article', { name: `订单 ${orderNo}` })
  await expect(card.getByText(/包赔 30 天/)).toBeVisible()
  await card.getByRole('button', { name: '申请理赔' }).click()
  const dialog = page.getByRole('dialog', { name: '申请包赔理赔' })
  await choose(page, '理赔原因', '账号被原号主找回')
  await dialog.getByRole('textbox', { name: '情况说明' }).fill(`收货第二天账号被原号主申诉找回 ${stamp}`)
  await dialog
    .locator('.shots input[type="file"]')
    .setInputFiles([{ name: 'evidence.png', mimeType: 'image/png', buffer: await pngOf(160, 120, 60) }])
  await expect(dialog.locator('.shot__img')).toHaveCount(1, { timeout: 20_000 })
  await dialog.getByRole('button', { name: '提交申请' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByRole('button', { name: '理赔记录（1）' })).toBeVisible()

  // staff approve it in the console
  const staff = await loginAs(
    browser,
    DEMO_USERS.admin.username,
    DEMO_USERS.admin.password,
    '/console/trade/protection',
  )
  const row = staff.locator('tr[data-row-key]').filter({ hasText: orderNo })
  await row.getByText('处理', { exact: true }).click()
  const drawer = staff.getByRole('dialog').filter({ hasText: '证据截图' })
  await expect(drawer).toContainText('收货第二天账号被原号主申诉找回')
  await expect(drawer.locator('img.ant-image-img')).toHaveCount(1)
  await drawer.getByRole('spinbutton', { name: '赔付金额' }).fill('150')
  await drawer.getByRole('button', { name: '确认赔付' }).click()
  // the second confirmation: the buyer's payout, paid from the seller's deposit first
  const confirm = staff.getByTestId('money-confirm')
  await expect(confirm).toContainText('获赔 ¥150.00')
  await expect(confirm).toContainText('保证金扣除')
  await staff.locator('.ant-modal-confirm').getByRole('button', { name: '确认赔付' }).click()
  await expect(drawer).toBeHidden()
  await expect(row).toContainText('已赔付')
  await staff.context().close()

  // the buyer's balance shows the payout
  await page.goto('/account/balance.html')
  await expect(page.getByLabel('可用余额')).toHaveText('¥150.00')
  await page.context().close()
})

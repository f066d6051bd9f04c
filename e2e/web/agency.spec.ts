/**
 * Agency sale (代售) end to end, on the real server and a fresh seeded database (docs/agency-sale.md):
 * an owner applies on /agencySale/agencySaleGoods.html (the game's attributes, a screenshot and part
 * of the credentials); staff take it in 代售审核, record the 验号 checklist and publish it as 官方代售;
 * a buyer buys and pays (API); staff complete the missing credential and deliver; the buyer confirms;
 * the owner's ledger and 我的代售订单 show the price minus the 5 % commission. Every guard and the
 * money invariant are covered in depth by src/server/modules/agency/agency.test.ts.
 */
import { expect as baseExpect, test } from '../support/test'
import { api, DEMO_USERS, encrypter, newUser, setPayPassword, topUp, pngOf } from '../support/api'
import { choose, loginAs } from '../support/ui'

// a shared, busy machine: each step may take a while
const expect = baseExpect.configure({ timeout: 30_000 })

const PAY_PASSWORD = '246810'
const PRICE = 50_000
const COMMISSION = 2_500

test('an owner applies, staff verify, list and deliver it, the owner receives price − commission', async ({
  browser,
}) => {
  test.setTimeout(480_000)
  const stamp = Date.now().toString(36)
  const title = `E2E 代售号 ${stamp}`
  const owner = await newUser('agown')

  // the owner applies
  const page = await loginAs(browser, owner.username, owner.password, '/agencySale/agencySaleGoods.html')
  await page.getByRole('tab', { name: '申请代售' }).click()
  await choose(page, '游戏', '王者荣耀', true)
  await page.locator('label').filter({ hasText: /^iOS$/ }).click()
  await choose(page, '大区', '苹果QQ区', true)
  await choose(page, '服务器', '1区 梦回长安', true)
  await choose(page, '段位', '最强王者', true)
  await page.getByRole('spinbutton', { name: '英雄数量' }).fill('110')
  await page.getByRole('spinbutton', { name: '皮肤数量' }).fill('260')
  await page.getByRole('textbox', { name: '标题', exact: true }).fill(title)
  await page.getByRole('textbox', { name: '期望售价（元）' }).fill('500')
  await page.getByRole('switch', { name: '允许客服议价' }).click()
  await page.getByRole('textbox', { name: '最低价（元）' }).fill('600')
  await page
    .locator('.shots input[type="file"]')
    .setInputFiles([{ name: 'shot.png', mimeType: 'image/png', buffer: await pngOf(60, 120, 200) }])
  await expect(page.locator('.shot__img')).toHaveCount(1, { timeout: 20_000 })
  await page.getByRole('textbox', { name: 'QQ号或微信号' }).fill(`3${Date.now() % 100_000_000}`)
  await page.getByLabel('登录密码').fill(`Ag-${stamp}`)
  await page.getByRole('button', { name: '提交代售申请' }).click()
  await expect(page.getByText('最低价不能高于期望售价')).toBeVisible()
  await page.getByRole('textbox', { name: '最低价（元）' }).fill('450')
  await page.getByRole('button', { name: '提交代售申请' }).click()
  const card = page.getByRole('article', { name: title })
  await expect(card.getByText('待审核')).toBeVisible({ timeout: 20_000 })
  await expect(card.getByText('提交代售申请').first()).toBeVisible()

  // staff take it, record the checklist and publish it as 官方代售
  const staff = await loginAs(
    browser,
    DEMO_USERS.admin.username,
    DEMO_USERS.admin.password,
    '/console/audit/agency',
  )
  const row = staff.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: '受理' }).click()
  const drawer = staff.getByRole('dialog', { name: /代售申请/ })
  await expect(drawer.getByText('验号中').first()).toBeVisible()
  await drawer.getByRole('button', { name: '查看账号信息（记录日志）' }).click()
  await expect(drawer.getByText(`Ag-${stamp}`)).toBeVisible()
  for (const item of ['绑定手机可换绑', '游戏账号实名信息', '充值记录', '角色与物品核对'])
    await drawer.getByRole('switch', { name: item }).click()
  await drawer.getByRole('button', { name: '保存验号结果' }).click()
  await expect(staff.getByText('验号结果已保存').first()).toBeVisible()
  await drawer.getByRole('textbox', { name: '上架价格（元）' }).fill('400')
  await drawer.getByRole('button', { name: '上架为官方代售' }).click()
  await expect(drawer.getByText('上架价格不能低于 ¥450.00')).toBeVisible()
  await drawer.getByRole('textbox', { name: '上架价格（元）' }).fill('500')
  await drawer.getByRole('button', { name: '上架为官方代售' }).click()
  await expect(staff.getByText('已上架为官方代售').first()).toBeVisible()

  // the listing is 官方代售 and a buyer buys it
  const mine = await api('/agencySale/my?status=LISTED', { token: owner.token })
  const goodsId = mine.rows.find((a: { title: string }) => a.title === title).goodsId as number
  const buyer = await newUser('agbuy')
  await setPayPassword(buyer, PAY_PASSWORD)
  await topUp(buyer.token, PRICE)
  const buyerPage = await loginAs(browser, buyer.username, buyer.password, `/detail/${goodsId}.html`)
  await expect(buyerPage.locator('.detail-info__tags').getByText('官方代售')).toBeVisible()
  const created = await api('/trade/order/create', { token: buyer.token, body: { goodsId, quantity: 1 } })
  const orderNo = created.data.orderNo as string
  const encrypt = await encrypter()
  const paid = await api('/trade/order/pay', {
    token: buyer.token,
    body: { orderNo, payPassword: encrypt(PAY_PASSWORD) },
  })
  // the credentials lack the bound phone: no automatic delivery
  expect(paid.data.status).toBe('PAID')

  // staff complete the missing field and deliver
  await staff.reload()
  await choose(staff, '状态', '已上架', true)
  await staff.getByRole('row').filter({ hasText: title }).getByRole('button', { name: '详情' }).click()
  await drawer.getByRole('textbox', { name: '绑定手机' }).fill('13800138123')
  await drawer.getByRole('button', { name: '交付买家' }).click()
  await expect(staff.getByText('已交付买家').first()).toBeVisible()

  // the buyer confirms receipt
  await buyerPage.goto('/buyer/buyOrder.html')
  const order = buyerPage.getByRole('article', { name: `订单 ${orderNo}` })
  await expect(order.getByText('待确认')).toBeVisible()
  await order.getByRole('button', { name: '查看账号信息' }).click()
  await expect(buyerPage.getByRole('definition').filter({ hasText: '13800138123' })).toBeVisible()
  await buyerPage.getByRole('button', { name: /确认收货/ }).click()
  const dialog = buyerPage.getByRole('dialog', { name: '确认收货' })
  await dialog.getByLabel('支付密码', { exact: true }).fill(PAY_PASSWORD)
  await dialog.getByRole('button', { name: /确认收货/ }).click()
  await expect(buyerPage).toHaveURL(/\/buyer\/buyOrder\.html$/)

  // the owner: price − commission in the ledger and in 我的代售订单
  await page.goto('/account/balanceDetail.html')
  const settlement = page.getByRole('row').filter({ hasText: orderNo })
  await expect(settlement.getByRole('cell', { name: '货款结算' })).toBeVisible()
  await expect(settlement).toContainText('475.00')
  await page.goto('/agencySale/agencySaleOrder.html')
  const sold = page.getByRole('row').filter({ hasText: orderNo })
  await expect(sold.getByText('已结算')).toBeVisible()
  await expect(sold).toContainText('¥25.00')
  await expect(sold).toContainText('¥475.00')
  await page.goto('/agencySale/agencySaleGoods.html')
  await expect(page.getByRole('article', { name: title }).getByText('已售出').first()).toBeVisible()
  const ledger = await api('/funds/ledger?pageSize=20', { token: owner.token })
  expect(ledger.rows).toContainEqual(
    expect.objectContaining({ type: 'SETTLEMENT', amount: PRICE - COMMISSION, orderNo }),
  )
  for (const p of [page, staff, buyerPage]) await p.context().close()
})

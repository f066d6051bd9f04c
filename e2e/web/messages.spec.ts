import { readFile } from 'node:fs/promises'
import { expect, test } from '../support/test'
import { DEMO_USERS, sendMessage } from '../support/api'
import { loginAs } from '../support/ui'

test('the message centre lists in-site messages; reading and removing one updates the header count', async ({
  browser,
}) => {
  await sendMessage('buyer', '站内信已读测试')
  await sendMessage('buyer', '站内信删除测试')
  const page = await loginAs(
    browser,
    DEMO_USERS.buyer.username,
    DEMO_USERS.buyer.password,
    '/message/userMessage.html',
  )
  await expect(page.getByRole('heading', { name: '站内信', exact: true, level: 1 })).toBeVisible()
  const unread = page.getByRole('link', { name: /站内信，\d+ 条未读/ })
  await expect(unread).toBeVisible()
  const before = Number((await unread.getAttribute('aria-label'))!.match(/(\d+) 条未读/)![1])
  expect(before).toBeGreaterThanOrEqual(2)

  const toRead = page.getByRole('listitem', { name: '站内信已读测试' })
  await toRead.getByRole('button', { name: '标为已读' }).click()
  await expect(toRead.getByRole('button', { name: '标为已读' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: `站内信，${before - 1} 条未读` })).toBeVisible()

  const toRemove = page.getByRole('listitem', { name: '站内信删除测试' })
  await toRemove.getByRole('button', { name: '删除' }).click()
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click()
  await expect(toRemove).toHaveCount(0)
  await expect(page.getByRole('link', { name: `站内信，${before - 2} 条未读` })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('listitem', { name: '站内信已读测试' })).toBeVisible()
  await expect(page.getByRole('listitem', { name: '站内信删除测试' })).toHaveCount(0)

  // the order messages are the other tab
  await page.getByRole('tab', { name: '订单消息' }).click()
  await expect(page).toHaveURL(/\/message\/officialMessage\.html$/)
})

test('the seller exports sold orders and the ledger as CSV files', async ({ browser }) => {
  const page = await loginAs(
    browser,
    DEMO_USERS.seller.username,
    DEMO_USERS.seller.password,
    '/seller/sellOrder.html',
  )
  const orders = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出订单' }).click()
  const file = await orders
  expect(file.suggestedFilename()).toMatch(/^我卖出的订单-.*\.csv$/)
  const csv = await readFile(await file.path(), 'utf8')
  expect(csv.replace(/^\uFEFF/, '')).toMatch(/^订单号,商品,游戏,买家/)

  await page.goto('/account/balanceDetail.html')
  const ledger = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出明细' }).click()
  expect((await ledger).suggestedFilename()).toMatch(/^收支明细-.*\.csv$/)
})

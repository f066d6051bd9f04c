import { expect, test } from '../support/test'
import { DEMO_USERS, api, loginToken, newUser } from '../support/api'
import { loginAs } from '../support/ui'

test('a visitor reaches 客服验证 from the header and verifies a real and a fake contact', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('link', { name: '客服验证' }).first().click()
  await expect(page).toHaveURL(/\/platform\/customServiceVerify\.html$/)
  await expect(page.getByRole('heading', { name: '客服验证', level: 1 })).toBeVisible()

  const input = page.getByRole('textbox', { name: '待验证的联系方式' })
  await input.fill(' 800 012 345 ')
  await page.getByRole('button', { name: '立即验证' }).click()
  const verdict = page.getByTestId('cs-verdict')
  await expect(verdict).toHaveAttribute('data-verdict', 'OFFICIAL')
  await expect(verdict).toContainText('是官方客服')
  await expect(verdict).toContainText('客服小易')

  await page.getByText('微信', { exact: true }).click()
  await input.fill('kefu_vip_888')
  await page.getByRole('button', { name: '立即验证' }).click()
  await expect(verdict).toHaveAttribute('data-verdict', 'UNKNOWN')
  await expect(verdict).toContainText('不是官方客服')
  await expect(page.getByText('官方客服不会以任何理由要求您支付“保证金”')).toBeVisible()
  await page.screenshot({ path: 'test-results/platform-cs-verify.png', fullPage: true })
})

test('feedback gets a staff reply that its author then sees', async ({ browser }) => {
  const user = await newUser('fb')
  const page = await loginAs(browser, user.username, user.password, '/platform/feedback.html')
  await page.getByRole('combobox', { name: '反馈类型' }).click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '功能建议' })
    .click()
  const content = `希望订单列表能按游戏筛选 ${Date.now()}`
  await page.getByLabel('反馈内容').fill(content)
  await page.getByRole('button', { name: '提交反馈' }).click()
  const mine = page.getByTestId('my-feedback').filter({ hasText: content })
  await expect(mine).toContainText('待处理')

  const admin = await loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)
  const pending = await api('/platform/feedback/list?status=PENDING&pageSize=100', { token: admin })
  const feedback = pending.rows.find((f: { content: string }) => f.content === content)
  expect(feedback).toBeTruthy()
  const reply = await api('/platform/feedback/reply', {
    token: admin,
    body: { feedbackId: feedback.feedbackId, content: '感谢建议，下个版本上线。' },
  })
  expect(reply.code).toBe(200)

  await page.reload()
  await expect(mine).toContainText('已回复')
  await expect(mine).toContainText('感谢建议，下个版本上线。')
  await page.screenshot({ path: 'test-results/platform-feedback.png', fullPage: true })
})

/**
 * 在线客服 end to end (docs/customer-service.md): a buyer opens the built-in conversation from an
 * order (the order attached), writes — a contact detail is refused with the server's message — an
 * agent takes the conversation, replies (the user sees the agent's name and 工号 with the link that
 * verifies it), posts in the order's room as platform staff, ends it, and the user rates it. On a
 * phone (390 × 844) the conversation is a sheet over the whole screen, on a desktop (1366 × 900) a
 * panel; the same from the desktop renderer, whose customer-service window loads /service/chat.html.
 *
 * On the phone the agent (the admin) answers in the console's 客服工作台 page (`consoleAgent()`:
 * take, reply, post in the room, end); the other tests go through its API (CS_STAFF, src/shared/api/cs.ts).
 */
import { E2E_DESKTOP_RENDERER_ORIGIN } from '../../playwright.config'
import {
  DEMO_USERS,
  api,
  buyAndPay,
  loginToken,
  newUser,
  publishAccount,
  setPayPassword,
  type TestUser,
} from '../support/api'
import { installFakeDesktop } from '../support/fake-desktop'
import { expect, test, type Browser, type Page } from '../support/test'
import { loginAs } from '../support/ui'

const PAY_PASSWORD = '246810'
const PHONE_390 = { width: 390, height: 844 }
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'

const agentToken = () => loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)

async function ok(path: string, init: { token: string; body?: unknown; method?: string }) {
  const res = await api(path, init)
  if (res.code !== 200) throw new Error(`${path}: ${res.code} ${res.msg}`)
  return res.data
}

/** A buyer with a paid order of a fresh listing. */
async function buyerWithOrder(prefix: string): Promise<{ buyer: TestUser; orderNo: string; title: string }> {
  const buyer = await newUser(prefix)
  await setPayPassword(buyer, PAY_PASSWORD)
  const listing = await publishAccount(9_900)
  const orderNo = await buyAndPay(buyer, listing, PAY_PASSWORD)
  return { buyer, orderNo, title: listing.title }
}

/** The agent finds the buyer's waiting conversation about the order and takes it. */
async function agentTakes(
  orderNo: string,
  take?: (conversationId: number) => Promise<void>,
): Promise<{ conversationId: number; staffName: string; staffNo: string }> {
  const token = await agentToken()
  const me = await ok('/cs/agent/me', { token })
  let conversationId = 0
  await expect
    .poll(async () => {
      const queue = (await ok('/cs/agent/queue', { token })) as Array<{
        conversationId: number
        attachment: { orderNo: string | null } | null
      }>
      conversationId = queue.find((c) => c.attachment?.orderNo === orderNo)?.conversationId ?? 0
      return conversationId
    })
    .toBeGreaterThan(0)
  if (take) await take(conversationId)
  else await ok('/cs/agent/take', { token, body: { conversationId } })
  return { conversationId, staffName: me.staffName, staffNo: me.staffNo }
}

async function agentSays(conversationId: number, content: string) {
  await ok('/cs/agent/message', { token: await agentToken(), body: { conversationId, content } })
}

/**
 * The agent's side in the console's 客服工作台 (the admin holds cs:conversation:answer): take the
 * conversation, reply, post in the order's room as platform staff, end it.
 */
function consoleAgent(agentPage: Page) {
  return {
    async take(conversationId: number) {
      await agentPage
        .getByTestId(`cs-row-${conversationId}`)
        .getByRole('button', { name: /接\s*待/ })
        .click()
      await expect(agentPage.locator('.cs-wb__compose')).toBeVisible()
    },
    async say(content: string) {
      await agentPage.getByLabel('回复内容').fill(content)
      await agentPage
        .locator('.cs-wb__compose')
        .getByRole('button', { name: /^发\s*送$/ })
        .click()
      await expect(agentPage.getByLabel('会话消息').getByText(content)).toBeVisible()
      await agentPage.screenshot({ path: 'test-results/cs-workbench.png' })
      await agentPage.getByLabel('用户资料').evaluate((e) => e.scrollTo(0, e.scrollHeight))
      await agentPage.screenshot({ path: 'test-results/cs-workbench-side.png' })
    },
    async postInRoom(content: string) {
      await agentPage.getByRole('button', { name: /担保群/ }).click()
      const room = agentPage.getByRole('dialog', { name: /担保群/ })
      await room.getByLabel('担保群消息').fill(content)
      await room.getByRole('button', { name: '发送到担保群' }).click()
      await expect(room.getByText(content)).toBeVisible()
      await room.getByRole('button', { name: /^(Close|关闭)$/ }).click()
    },
    async end() {
      await agentPage.getByRole('button', { name: /结束会话/ }).click()
      await expect(agentPage.getByRole('button', { name: /结束会话/ })).toHaveCount(0)
    },
  }
}

/** The user's side of one conversation, whatever shows it (the panel, the sheet, the window). */
async function converse(
  page: Page,
  root: ReturnType<Page['locator']>,
  orderNo: string,
  shots: string,
  agentPage?: Page,
) {
  const log = root.getByRole('log', { name: '客服消息' })
  const box = root.getByLabel('消息内容')
  await box.fill('订单还没有收到账号，麻烦帮忙看看')
  await root.getByRole('button', { name: /^发\s*送$/ }).click()
  await expect(log.getByText('订单还没有收到账号，麻烦帮忙看看')).toBeVisible()
  // inside the hours the place in the queue, outside them when it will be answered
  await expect(root.getByText(/排在第 \d+ 位|上班后|留言/).first()).toBeVisible()

  // contact details are refused with the server's message, and the text stays for editing
  await box.fill('加我微信 abc_12345 细聊')
  await root.getByRole('button', { name: /^发\s*送$/ }).click()
  await expect(root.getByRole('alert').getByText(/站外联系方式|微信/)).toBeVisible()
  await expect(box).toHaveValue('加我微信 abc_12345 细聊')
  await box.fill('')
  await page.screenshot({ path: `test-results/${shots}-waiting.png` })

  const bench = agentPage ? consoleAgent(agentPage) : null
  const agent = await agentTakes(orderNo, bench ? (id) => bench.take(id) : undefined)
  if (bench) await bench.say('您好，我是平台客服，正在为您查询订单')
  else await agentSays(agent.conversationId, '您好，我是平台客服，正在为您查询订单')
  const reply = log.locator('.chat-bubble', { hasText: '您好，我是平台客服，正在为您查询订单' })
  await expect(reply).toBeVisible()
  await expect(reply.getByText(`平台客服 ${agent.staffName}`)).toBeVisible()
  await expect(reply.getByRole('link', { name: `验证工号 ${agent.staffNo}` })).toHaveAttribute(
    'href',
    `/platform/customServiceVerify.html?channel=STAFF_NO&value=${agent.staffNo}`,
  )
  await expect(root.locator('.cs-conversation__state')).toContainText(`正在为您服务`)
  await expect(root.locator('.cs-conversation__state')).toContainText(`工号 ${agent.staffNo}`)

  // the agent posts in the order's guaranteed-order room as platform staff
  if (bench) await bench.postInRoom('平台客服已介入，请卖家尽快交付账号')
  else
    await ok('/trade/warrant/staffMessage', {
      token: await agentToken(),
      body: { orderNo, content: '平台客服已介入，请卖家尽快交付账号' },
    })
  await page.screenshot({ path: `test-results/${shots}-answered.png` })

  // the agent ends it; the user rates it 1–5 with a line
  if (bench) await bench.end()
  else
    await ok('/cs/agent/end', { token: await agentToken(), body: { conversationId: agent.conversationId } })
  const rating = root.getByRole('region', { name: '服务评价' })
  await expect(rating.getByText('本次服务已结束，请为客服的服务评分')).toBeVisible()
  await rating.locator('.ant-rate-star > div').nth(4).click()
  await rating.getByLabel('评价内容').fill('回复很及时')
  await rating.getByRole('button', { name: '提交评价' }).click()
  await expect(rating.getByText('感谢您的评价！')).toBeVisible()
  await page.screenshot({ path: `test-results/${shots}-rated.png` })
  return agent
}

async function roomShowsStaff(browser: Browser, buyer: TestUser, orderNo: string) {
  const room = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `/warrantOrderHandler.html?orderNo=${orderNo}`,
  )
  await expect(room.getByText('平台客服已介入，请卖家尽快交付账号')).toBeVisible()
  await expect(room.getByText(/平台客服/).first()).toBeVisible()
  await room.context().close()
}

test('on a phone: 联系客服 on an order opens a full-screen conversation; agent answers, ends; the user rates', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { buyer, orderNo, title } = await buyerWithOrder('csp')
  const page = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `/buyer/orderDetail.html?orderNo=${orderNo}`,
    {
      viewport: PHONE_390,
      isMobile: true,
      hasTouch: true,
      userAgent: ANDROID_UA,
    },
  )
  await page.getByRole('button', { name: 'customer-service 联系客服' }).tap()
  const sheet = page.getByRole('dialog', { name: '在线客服' })
  await expect(sheet).toBeVisible()
  // the whole screen, nothing wider than it
  const box = (await sheet.boundingBox())!
  expect(Math.round(box.width)).toBe(PHONE_390.width)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_390.width)
  // the order is attached
  await expect(sheet.getByLabel('咨询关联')).toContainText(`订单 ${orderNo}`)
  await expect(sheet.getByRole('link', { name: title })).toBeVisible()
  // the agent answers in the console's 客服工作台 (the admin holds cs:conversation:answer)
  const agentPage = await loginAs(
    browser,
    DEMO_USERS.admin.username,
    DEMO_USERS.admin.password,
    '/console/cs/workbench',
    { viewport: { width: 1366, height: 900 } },
  )
  await expect(agentPage.getByText('客服工作台').first()).toBeVisible()
  await converse(page, sheet, orderNo, 'cs-phone', agentPage)
  await agentPage.context().close()
  await roomShowsStaff(browser, buyer, orderNo)
})

test('on a desktop: the side bar’s 在线客服 opens the panel and resumes the conversation', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { buyer, orderNo } = await buyerWithOrder('csd')
  const page = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `/buyer/orderDetail.html?orderNo=${orderNo}`,
    {
      viewport: { width: 1366, height: 900 },
    },
  )
  await page.getByRole('button', { name: 'customer-service 联系客服' }).click()
  const panel = page.getByRole('dialog', { name: '在线客服' })
  await expect(panel).toBeVisible()
  const box = (await panel.boundingBox())!
  expect(box.width).toBeLessThan(500)
  await panel.getByLabel('消息内容').fill('第一条：请帮我看看这个订单')
  await panel.getByRole('button', { name: /^发\s*送$/ }).click()
  await expect(panel.getByRole('log').getByText('第一条：请帮我看看这个订单')).toBeVisible()
  // closed and opened again from the side bar: the same conversation, its history kept
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await page.getByRole('button', { name: '在线客服' }).click()
  await expect(panel.getByRole('log').getByText('第一条：请帮我看看这个订单')).toBeVisible()
  await expect(panel.getByLabel('咨询关联')).toContainText(`订单 ${orderNo}`)
  await page.screenshot({ path: 'test-results/cs-desktop-panel.png' })
  // the phone test drives the console's 客服工作台; here the agent goes through its API (quicker)
  await converse(page, panel, orderNo, 'cs-desktop')
  await roomShowsStaff(browser, buyer, orderNo)
})

test('desktop client: the customer-service window’s route holds the conversation; the badge counts replies', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { buyer, orderNo } = await buyerWithOrder('csw')
  const main = await installFakeDesktop(page, buyer.token)
  await page.setViewportSize({ width: 440, height: 680 })
  // what the shell's window loads when 在线客服 was asked from the order
  await page.goto(`${E2E_DESKTOP_RENDERER_ORIGIN}/service/chat.html?orderNo=${orderNo}`)
  const root = page.locator('.cs-page')
  await expect(root.getByLabel('咨询关联')).toContainText(`订单 ${orderNo}`)
  // the window shows the conversation alone: no brand bar, no footer
  await expect(page.locator('.standalone-header')).toBeHidden()
  // a link of the window opens the main window, not this one
  const agent = await converse(page, root, orderNo, 'cs-window')
  await root
    .getByRole('link', { name: `验证工号 ${agent.staffNo}` })
    .first()
    .click()
  await expect
    .poll(() => main.called('workbenchOpenMain').at(-1))
    .toEqual([`/platform/customServiceVerify.html?channel=STAFF_NO&value=${agent.staffNo}`])
  expect(page.url()).toContain('/service/chat.html')

  // a reply while the user is elsewhere (the main window): the tray badge counts it, a notification says it
  await page.goto(`${E2E_DESKTOP_RENDERER_ORIGIN}/`)
  const streamOpen = page.waitForResponse((r) => r.url().includes('/user/message/stream?'))
  await streamOpen
  const before = (main.called('badgeSet').at(-1)?.[0] as number | undefined) ?? 0
  const token = buyer.token
  await ok('/cs/conversation/open', { token, body: { orderNo, client: 'desktop' } })
  const second = await agentTakes(orderNo)
  await agentSays(second.conversationId, '补充一下：卖家已经在交付了')
  // the reply (and the line saying the agent joined) are unread support replies
  await expect.poll(() => main.called('badgeSet').at(-1)?.[0] as number).toBeGreaterThan(before)
  await expect
    .poll(() => main.called('notifyShow').at(-1)?.[0])
    .toMatchObject({ kind: 'cs', title: '在线客服回复了您' })
})

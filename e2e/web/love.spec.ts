import { expect, test } from '../support/test'
import { newUser } from '../support/api'
import { loginAs } from '../support/ui'

test('a real-name user supports a guild and the board moves', async ({ page: visitorPage, browser }) => {
  // two browser contexts on a shared machine
  test.setTimeout(120_000)
  // a visitor sees the board; the buttons say why they are disabled
  await visitorPage.goto('/love.html')
  await expect(visitorPage.getByRole('heading', { name: '第一届公会荣耀助力赛', level: 1 })).toBeVisible()
  const visitorBoard = visitorPage.getByRole('list', { name: '助力排行榜' })
  await expect(visitorBoard.getByRole('listitem').nth(2)).toContainText('星辰公会')
  await expect(visitorPage.getByRole('button', { name: '为星辰公会助力' })).toBeDisabled()
  await expect(visitorBoard.getByRole('listitem').nth(2)).toContainText('登录后可助力')

  // a verified user: 星辰公会 (3rd, tied on 2 supports with a guild that got there earlier)
  const user = await newUser('love')
  const page = await loginAs(browser, user.username, user.password, '/love.html')
  const board = page.getByRole('list', { name: '助力排行榜' })
  const rows = board.getByRole('listitem')
  await expect(rows.nth(1)).toContainText('逐风者联盟')
  await expect(rows.nth(2)).toContainText('星辰公会')
  await expect(page.getByText('今日还可助力 3 次')).toBeVisible()

  await page.getByRole('button', { name: '为星辰公会助力' }).click()
  await expect(page.getByText('助力成功！今日已助力 1/3 次')).toBeVisible()
  // the board moved: 星辰公会 now 2nd with 3 supports, and it cannot be supported again today
  await expect(rows.nth(1)).toContainText('星辰公会')
  await expect(rows.nth(1).getByLabel('星辰公会助力数')).toContainText('3')
  await expect(rows.nth(2)).toContainText('逐风者联盟')
  await expect(page.getByRole('button', { name: '为星辰公会助力' })).toBeDisabled()
  await expect(rows.nth(1)).toContainText('今日已助力')
  await expect(page.getByText('今日还可助力 2 次')).toBeVisible()

  // the visitor's page catches up by polling
  await expect(visitorBoard.getByRole('listitem').nth(1)).toContainText('星辰公会', { timeout: 15_000 })
  await page.screenshot({ path: 'test-results/love-board.png', fullPage: true })
})

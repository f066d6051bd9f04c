/**
 * Saved searches end to end (docs/saved-searches.md): a buyer saves the list page's search, the
 * seller publishes a matching listing, the sweeper runs (the sandbox's run-now endpoint instead of
 * waiting for its interval) and the buyer finds the alert in the message centre and on 订阅搜索.
 */
import { expect, test } from '../support/test'
import { api, newUser, publishAccount } from '../support/api'
import { loginAs } from '../support/ui'

test('a saved search alerts its owner when a matching listing goes on sale', async ({ browser }) => {
  const buyer = await newUser('ssbuyer', 'Trade@2024', false)
  const games = (await api('/goods/game/getGames')).data as Array<{ gameId: number; nameCn: string }>
  const king = games.find((g) => g.nameCn === '王者荣耀')!
  const keyword = '订阅提醒端到端'
  const listPath = `/list.html?gameId=${king.gameId}&keyword=${encodeURIComponent(keyword)}`
  const areas = (await api(`/goods/game/getAreaServersByGameId?gameId=${king.gameId}`)).data as Array<{
    serverId: number
    name: string
    children: Array<{ serverId: number; name: string }>
  }>
  const [area] = areas
  const server = area.children[0]
  // the dialog names the area and server as the filters show them, not by their ids
  const page = await loginAs(
    browser,
    buyer.username,
    buyer.password,
    `${listPath}&areaId=${area.serverId}&serverId=${server.serverId}`,
  )
  await page.getByRole('button', { name: '保存搜索/订阅' }).click()
  const named = page.getByRole('dialog', { name: '保存搜索并订阅' })
  await expect(named.getByLabel('订阅名称')).toHaveValue(
    `王者荣耀 · ${area.name} · ${server.name} · 关键词“${keyword}”`.slice(0, 30),
  )
  await named.getByRole('button', { name: /取\s*消/ }).click()
  await expect(named).toBeHidden()
  await page.goto(listPath)

  await page.getByRole('button', { name: '保存搜索/订阅' }).click()
  const dialog = page.getByRole('dialog', { name: '保存搜索并订阅' })
  await expect(dialog.getByText(`条件：王者荣耀 · 关键词“${keyword}”`)).toBeVisible()
  await dialog.getByLabel('订阅名称').fill('王者端到端订阅')
  await dialog.getByRole('button', { name: '保存并订阅' }).click()
  await expect(page.getByText('订阅成功：有新商品上架或降价时会通知您')).toBeVisible()

  const listing = await publishAccount(52_000, `荣耀王者 ${keyword} 满级号`)
  const sweep = await api('/sandbox/savedSearch/sweep', { method: 'POST' })
  expect(sweep.code).toBe(200)

  await page.goto('/message/userMessage.html')
  const alert = page.getByRole('listitem', { name: '订阅提醒：「王者端到端订阅」有 1 件新商品' })
  await expect(alert).toBeVisible()
  await alert.getByRole('link', { name: `/detail/${listing.goodsId}.html` }).click()
  await expect(page).toHaveURL(new RegExp(`/detail/${listing.goodsId}\\.html$`))
  await expect(page.getByText(listing.title).first()).toBeVisible()

  await page.goto('/buyer/savedSearch.html')
  const row = page.getByRole('row', { name: /王者端到端订阅/ })
  await expect(row).toContainText(`王者荣耀 · 关键词“${keyword}”`)
  await expect(row).toContainText('1 件')
  await row.getByRole('button', { name: '打开' }).click()
  await expect(page).toHaveURL(new RegExp(`/list\\.html\\?gameId=${king.gameId}&keyword=`))
  await expect(page.getByText(listing.title)).toBeVisible()
})

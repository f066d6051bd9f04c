/**
 * Discovery end to end (docs/valuation.md): a listing's detail shows similar listings (loaded in the
 * browser after the server-rendered page), and after visiting two listings the second one's detail
 * lists the first under 最近浏览; the list page's keyword box suggests a title while typing.
 */
import { expect, test } from '../support/test'
import { api, publishAccount } from '../support/api'

const stamp = Date.now().toString(36)
const WORD = `星辰${stamp}`

test('the detail shows similar listings and, after two visits, the recently viewed one', async ({ page }) => {
  // far above the demo prices, so these two are each other's nearest listings
  const first = await publishAccount(888_888_800, `${WORD} 甲号`)
  const second = await publishAccount(888_889_900, `${WORD} 乙号`)

  await page.goto(`/detail/${first.goodsId}.html`)
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  const similar = page.getByRole('region', { name: '相似商品' })
  await expect(similar.getByText(second.title)).toBeVisible()
  // nothing was viewed before in this browser except this listing itself: no 最近浏览 yet
  await expect(page.getByRole('region', { name: '最近浏览' })).toHaveCount(0)

  await similar.getByText(second.title).click()
  await expect(page).toHaveURL(new RegExp(`/detail/${second.goodsId}\\.html$`))
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible()
  const recent = page.getByRole('region', { name: '最近浏览' })
  await expect(recent.getByText(first.title)).toBeVisible()
  await expect(recent.getByText(second.title)).toHaveCount(0)

  // a fresh server-rendered load reads the list after hydration (no mismatch, still there)
  await page.reload()
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  await expect(page.getByRole('region', { name: '最近浏览' }).getByText(first.title)).toBeVisible()
})

test('the list page keyword box suggests a title', async ({ page }) => {
  const listing = await publishAccount(777_777_700, `${WORD} 建议号`)
  const games = (await api('/goods/game/getGames')).data as Array<{ gameId: number; nameCn: string }>
  const king = games.find((g) => g.nameCn === '王者荣耀')!
  await page.goto(`/list.html?gameId=${king.gameId}`)
  await expect(page.locator('#root[data-hydrated]')).toBeAttached()
  await page.getByRole('combobox', { name: '搜索商品关键词' }).pressSequentially(WORD, { delay: 20 })
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: listing.title })
  await expect(option).toBeVisible()
  await option.click()
  await expect(page).toHaveURL(
    new RegExp(`keyword=${encodeURIComponent(listing.title).replace(/%20/g, '(\\+|%20)')}`),
  )
  await expect(page.locator('.goods-grid').getByText(listing.title)).toBeVisible()
})

/**
 * A new visitor sees valuation and 同类成交价 on the seeded listings (issue 33): the demo seed sells
 * accounts like a few on-sale ones (real orders), so their detail pages show the verdict next to
 * the price and the price history of comparable deals, on a phone as on a desktop.
 */
import { expect, test } from '../support/test'
import { api } from '../support/api'

test('a seeded account listing shows its valuation and the prices of comparable deals', async ({
  browser,
}) => {
  // the seeded on-sale accounts of 王者荣耀, the first game: the first one has comparable deals
  const games = (await api('/goods/game/getGames')).data as Array<{ gameId: number; nameCn: string }>
  const king = games.find((g) => g.nameCn === '王者荣耀')!
  const listings = (await api(`/goods/search?gameId=${king.gameId}&goodsType=ACCOUNT&pageNum=1&pageSize=50`))
    .rows as Array<{ goodsId: number }>
  let goodsId = 0
  for (const { goodsId: id } of listings.sort((a, b) => a.goodsId - b.goodsId)) {
    if ((await api(`/discover/valuation/${id}`)).data?.estimate) {
      goodsId = id
      break
    }
  }
  expect(goodsId).toBeGreaterThan(0)

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await page.goto(`/detail/${goodsId}.html`)
    await expect(page.getByTestId('price-verdict').first()).toHaveText(/(低于|高于|接近)近 90 天同类成交价/)
    const history = page.getByRole('region', { name: /同类成交价/ })
    await expect(history).toBeVisible()
    await expect(history).toContainText(/已完成的 \d+ 笔成交/)
    await context.close()
  }
})

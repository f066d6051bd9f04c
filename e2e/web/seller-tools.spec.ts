/**
 * Bulk tools of 我出售的商品 end to end (docs/seller-tools.md): a new seller ticks two of their
 * listings, lowers both prices by 10 % after looking at the preview and sees the new prices in the
 * list; then takes one of them down.
 */
import { expect, test } from '../support/test'
import sharp from 'sharp'
import { E2E_API_ORIGIN } from '../../playwright.config'
import { api, newUser, type TestUser } from '../support/api'
import { loginAs } from '../support/ui'

const stamp = Date.now().toString(36)

/** The user publishes a 王者荣耀 account at `price` fen (with a screenshot); it goes on sale. */
async function publish(user: TestUser, title: string, price: number): Promise<number> {
  const games = (await api('/goods/game/getGames')).data as Array<{ gameId: number; nameCn: string }>
  const king = games.find((g) => g.nameCn === '王者荣耀')!
  const areas = (await api(`/goods/game/getAreaServersByGameId?gameId=${king.gameId}`)).data
  const shot = await sharp({ create: { width: 120, height: 100, channels: 3, background: '#59a' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(shot)], { type: 'image/png' }), 'shot.png')
  const upload = await (
    await fetch(`${E2E_API_ORIGIN}/api/goods/image/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    })
  ).json()
  const res = await api('/goods/seller/publish', {
    token: user.token,
    body: {
      gameId: king.gameId,
      goodsType: 'ACCOUNT',
      areaId: areas[0].serverId,
      serverId: areas[0].children[0].serverId,
      title,
      description: '端到端测试用账号',
      price,
      stock: 1,
      attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200 },
      imageIds: [upload.data.imageId],
    },
  })
  if (res.code !== 200 || res.data.status !== 'ON_SALE') throw new Error(`publish failed: ${res.msg}`)
  return res.data.goodsId
}

test('a seller lowers two prices by 10 % after a preview, then takes one listing down', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const seller = await newUser('st')
  const first = `批量甲 ${stamp}`
  const second = `批量乙 ${stamp}`
  await publish(seller, first, 10_000)
  await publish(seller, second, 5555)

  const page = await loginAs(browser, seller.username, seller.password, '/seller/sellGoods.html')
  const rowOf = (title: string) => page.getByRole('row').filter({ hasText: title })
  await expect(rowOf(first)).toContainText('¥100.00')
  await page.getByRole('checkbox', { name: `选择 ${first}` }).check()
  await page.getByRole('checkbox', { name: `选择 ${second}` }).check()
  await expect(page.getByText('已选 2 件')).toBeVisible()

  await page.getByRole('button', { name: '批量改价' }).click()
  const dialog = page.getByRole('dialog', { name: '批量改价（2 件）' })
  await dialog.getByRole('textbox', { name: '调整比例（%）' }).fill('-10')
  const preview = dialog.getByRole('region', { name: '新价格预览' })
  await expect(preview.getByRole('row').filter({ hasText: first })).toContainText('¥90.00')
  // 55.55 × 0.9 = 49.995 → ¥50.00 (rounded half up to the fen)
  await expect(preview.getByRole('row').filter({ hasText: second })).toContainText('¥50.00')
  await dialog.getByRole('button', { name: '确认改价 2 件' }).click()

  await expect(page.getByRole('status').filter({ hasText: '成功 2 件' })).toBeVisible()
  await expect(rowOf(first)).toContainText('¥90.00')
  await expect(rowOf(second)).toContainText('¥50.00')
  await expect(page.getByText(/^已选/)).toHaveCount(0)

  await page.getByRole('checkbox', { name: `选择 ${second}` }).check()
  await page.getByRole('button', { name: '批量下架' }).click()
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click()
  await expect(page.getByRole('status').filter({ hasText: '成功 1 件' })).toBeVisible()
  await expect(rowOf(second)).toContainText('已下架')
  await expect(rowOf(first)).toContainText('在售')
  await page.context().close()
})

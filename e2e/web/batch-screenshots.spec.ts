/**
 * Batch publish with screenshots (issue 33), on the real server: the seller uploads a sheet of two
 * account rows and a zip with the screenshots of one of them; the preview says before anything is
 * saved that row 1 goes on sale and row 2 will not (no screenshot); after publishing the page says
 * the real outcome — never 已发布 2 件 — and row 1 is on sale in public with its two screenshots.
 * The page also fits a 390 px phone.
 */
import { readFileSync } from 'node:fs'
import { zipSync } from 'fflate'
import { expect, test } from '../support/test'
import { pngOf } from '../support/api'
import { choose, loginAs } from '../support/ui'

const stamp = Date.now().toString(36)

test('a batch with a zip of screenshots puts the rows that have them on sale and says so', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await loginAs(browser, 'seller', 'Seller@123', '/seller/busPublish.html')
  await choose(page, '选择游戏', '王者荣耀')
  await page
    .locator('label')
    .filter({ hasText: /^账号$/ })
    .click()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: /下载 CSV 模板/ }).click()
  const header = readFileSync((await (await downloading).path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]!
    .split(',')
  const row = (n: number): Record<string, string> => ({
    标题: `截图批量 ${stamp} 第${n}号`,
    描述: '批量发布，截图在压缩包里',
    '价格(元)': `${200 + n}.00`,
    库存: '1',
    平台: 'iOS',
    大区: '苹果QQ区',
    服务器: '1区 梦回长安',
    段位: '钻石',
    英雄数量: '80',
    皮肤数量: '150',
  })
  const csv = [
    header.join(','),
    ...[row(1), row(2)].map((r) => header.map((c) => r[c] ?? '').join(',')),
  ].join('\r\n')
  await page.locator('.batch-dragger input[type="file"]').setInputFiles({
    name: 'batch.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  })
  // without screenshots neither row would go on sale: the preview says so before anything is saved
  await expect(page.locator('.batch-stats')).toContainText('直接上架0')
  await expect(page.getByText('2 行发布后不会直接上架')).toBeVisible()

  const zip = zipSync({
    '1-1.png': new Uint8Array(await pngOf(200, 60, 60, 480, 360)),
    '1-2.png': new Uint8Array(await pngOf(60, 60, 200, 480, 360)),
    'notes.txt': new Uint8Array(Buffer.from('说明')),
  })
  await page.locator('.batch-shots__picker input[type="file"]').setInputFiles({
    name: 'shots.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  })
  await expect(page.getByText('shots.zip', { exact: true })).toBeVisible()
  const stats = page.locator('.batch-stats')
  await expect(stats).toContainText('可发布2')
  await expect(stats).toContainText('直接上架1')
  await expect(stats).toContainText('暂不上架1')
  const first = page.locator('tr', { hasText: `截图批量 ${stamp} 第1号` })
  await expect(first).toContainText('发布后上架')
  await expect(first).toContainText('截图 2 张')
  const second = page.locator('tr', { hasText: `截图批量 ${stamp} 第2号` })
  await expect(second).toContainText('发布后暂不上架')
  await expect(second).toContainText('请上传至少 1 张截图后上架')
  await expect(page.getByText('notes.txt（文件名不是行号）')).toBeVisible()

  await page.getByRole('button', { name: /发布有效行（2）/ }).click()
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click()
  await expect(page.locator('.ant-result-title')).toHaveText('已创建 2 件商品：上架 1 件，暂未上架 1 件')
  await expect(page.getByText(/已发布 2 件/)).toHaveCount(0)
  const result = page.getByRole('list', { name: '发布结果' })
  await expect(result.locator('li', { hasText: '第1号' })).toContainText('已上架')
  await expect(result.locator('li', { hasText: '第2号' })).toContainText('暂未上架')

  // row 1 is on sale in public, with the zip's two screenshots
  const search = await page.request.get(
    `/api/goods/search?keyword=${encodeURIComponent(`截图批量 ${stamp}`)}`,
  )
  const found = (await search.json()) as { rows: Array<{ goodsId: number; title: string }> }
  expect(found.rows.map((r) => r.title)).toEqual([`截图批量 ${stamp} 第1号`])
  await page.goto(`/detail/${found.rows[0]!.goodsId}.html`)
  await expect(page.getByRole('heading', { name: `截图批量 ${stamp} 第1号` })).toBeVisible()
  await expect(page.getByRole('listbox', { name: '截图缩略图' }).locator('img')).toHaveCount(2)
  await page.context().close()
})

test('the batch page fits a 390 px phone', async ({ browser }) => {
  const page = await loginAs(browser, 'seller', 'Seller@123', '/seller/busPublish.html', {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  await choose(page, '选择游戏', '王者荣耀')
  await page
    .locator('label')
    .filter({ hasText: /^账号$/ })
    .click()
  await expect(page.getByRole('button', { name: /添加截图压缩包/ })).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
  await page.context().close()
})

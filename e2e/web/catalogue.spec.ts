/**
 * The catalogue end to end, on the real server and database: a seller publishes an account
 * with two screenshots through the UI; a buyer finds it on /list.html by game, server and price
 * range, opens it and sees the watermarked image, follows it and sees it on /buyer/follow.html; the
 * seller takes it off the shelf and it leaves the search; a batch file with one bad row publishes the
 * rest and reports the bad one.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '../support/test'
import { pngOf } from '../support/api'
import { choose, loginAs } from '../support/ui'

test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
/** HTML in a title must come back as text */
const TITLE = `E2E 王者荣耀 全英雄 <i>${stamp}</i>`
const PRICE = '4321.09'

let goodsId = 0
let uploaded: Buffer[] = []
let listUrl = ''

test('a seller publishes an account with two screenshots through the UI', async ({ browser }) => {
  test.setTimeout(90_000)
  const page = await loginAs(browser, 'seller', 'Seller@123', '/seller/selectType.html')

  await page.getByRole('radio', { name: '王者荣耀' }).click()
  await page.getByRole('button', { name: /^账号/ }).click()
  await expect(page).toHaveURL(/\/seller\/completeInfo\.html\?gameId=\d+&goodsType=ACCOUNT$/)

  await page.locator('label').filter({ hasText: /^iOS$/ }).click()
  await choose(page, '大区', '苹果QQ区')
  await choose(page, '服务器', '2区 稷下学院')
  await choose(page, '段位', '最强王者')
  await page.getByRole('spinbutton', { name: '英雄数量' }).fill('118')
  await page.getByRole('spinbutton', { name: '皮肤数量' }).fill('356')
  await page.getByRole('textbox', { name: '商品标题' }).fill(TITLE)
  await page.getByRole('textbox', { name: '商品描述' }).fill('端到端测试发布的账号，可换绑。')
  await page.getByRole('textbox', { name: '价格（元）' }).fill(PRICE)

  uploaded = [await pngOf(200, 40, 40, 480, 360), await pngOf(40, 120, 220, 480, 360)]
  await page.locator('.shots input[type="file"]').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: uploaded[0]! },
    { name: 'second.png', mimeType: 'image/png', buffer: uploaded[1]! },
  ])
  await expect(page.locator('.shot__img')).toHaveCount(2, { timeout: 20_000 })
  await expect(page.locator('.shot__cover')).toHaveCount(1)

  await page.getByRole('button', { name: '发布商品' }).click()
  await expect(page).toHaveURL(/\/seller\/publishSuccessed\.html\?goodsId=\d+$/)
  goodsId = Number(new URL(page.url()).searchParams.get('goodsId'))
  await expect(page.locator('.ant-result-title')).toHaveText('发布成功')
  await expect(page.getByText(TITLE)).toBeVisible()
  await page.context().close()
})

test('a buyer finds it by game, server and price, sees the watermarked image, follows it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  expect(goodsId).toBeGreaterThan(0)
  const page = await loginAs(browser, 'buyer', 'Buyer@123', '/list.html')

  await choose(page, '选择游戏', '王者荣耀')
  await expect(page).toHaveURL(/gameId=\d+/)
  await page.getByRole('group', { name: '大区' }).getByRole('button', { name: '苹果QQ区' }).click()
  await page.getByRole('group', { name: '服务器' }).getByRole('button', { name: '2区 稷下学院' }).click()
  await page.getByRole('textbox', { name: '最低价（元）' }).fill('4321')
  await page.getByRole('textbox', { name: '最高价（元）' }).fill('4321.5')
  await page.getByRole('button', { name: /确\s*定/ }).click()
  await expect(page).toHaveURL(/areaId=\d+&serverId=\d+&priceMin=4321&priceMax=4321\.5/)
  listUrl = page.url()

  const card = page.getByRole('article', { name: TITLE })
  await expect(card).toBeVisible()
  await expect(page.locator('.list-total')).toContainText('共 1 件商品')
  await expect(card).toContainText('¥4,321.09')
  // the title is text: no <i> element was made from it
  await expect(card.locator('i', { hasText: stamp })).toHaveCount(0)

  // the same search after a reload (the URL holds it)
  await page.reload()
  await expect(page.getByRole('article', { name: TITLE })).toBeVisible()

  await page.getByRole('article', { name: TITLE }).getByRole('link', { name: TITLE }).click()
  await expect(page).toHaveURL(new RegExp(`/detail/${goodsId}\\.html$`))
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible()

  const image = page.locator('img.gallery__image')
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  const src = (await image.getAttribute('src'))!
  expect(src).toMatch(/^\/api\/goods\/image\/file\/[a-f0-9]{32}\.jpg$/)
  const served = await (await page.request.get(src)).body()
  // processed by the server: re-encoded as JPEG with the watermark, not the bytes we sent
  expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
  expect(served.equals(uploaded[0]!)).toBe(false)
  expect(served.equals(uploaded[1]!)).toBe(false)
  await expect(page.getByRole('option', { name: /第 \d 张截图/ })).toHaveCount(2)

  await page.getByRole('button', { name: /关注商品/ }).click()
  await expect(page.getByRole('button', { name: /已关注/ })).toBeVisible()

  await page.goto('/buyer/follow.html')
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row).toBeVisible()
  await expect(row).toContainText('¥4,321.09')
  await expect(row).toContainText('未变化')
  await page.context().close()
})

test('the seller takes it off the shelf and it leaves the search', async ({ browser }) => {
  test.setTimeout(60_000)
  expect(listUrl).not.toBe('')
  const page = await loginAs(browser, 'seller', 'Seller@123', '/seller/sellGoods.html')
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: /^下\s*架$/ }).click()
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click()
  await expect(page.getByText('已下架').first()).toBeVisible()
  await expect(row.locator('.ant-tag')).toContainText('已下架')

  await page.goto(listUrl)
  await expect(page.getByText('没有找到符合条件的商品')).toBeVisible()
  await expect(page.getByRole('article', { name: TITLE })).toHaveCount(0)
  await page.context().close()
})

test('a batch file with one bad row publishes the rest and reports the bad one', async ({ browser }) => {
  test.setTimeout(90_000)
  const page = await loginAs(browser, 'seller', 'Seller@123', '/seller/busPublish.html')
  await choose(page, '选择游戏', '王者荣耀')
  await page
    .locator('label')
    .filter({ hasText: /^账号$/ })
    .click()

  // the template comes through the request layer (with the login) and is saved from an object URL
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: /下载 CSV 模板/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const header = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]!
    .split(',')
  expect(header.slice(0, 3)).toEqual(['标题', '描述', '价格(元)'])

  const good = (n: number): Record<string, string> => ({
    标题: `批量 ${stamp} 第${n}号`,
    描述: '批量发布',
    '价格(元)': `${100 + n}.50`,
    库存: '1',
    平台: 'iOS',
    大区: '苹果QQ区',
    服务器: '1区 梦回长安',
    段位: '钻石',
    英雄数量: '80',
    皮肤数量: '150',
  })
  const rows = [good(1), { ...good(2), '价格(元)': '0' }, good(3)]
  const csv = [header.join(','), ...rows.map((r) => header.map((c) => r[c] ?? '').join(','))].join('\r\n')
  await page.locator('.batch-dragger input[type="file"]').setInputFiles({
    name: 'batch.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  })

  const stats = page.locator('.batch-stats')
  await expect(stats).toContainText('总行数3')
  await expect(stats).toContainText('可发布2')
  await expect(stats).toContainText('有错误1')
  const bad = page.locator('tr.batch-row--bad')
  await expect(bad).toHaveCount(1)
  await expect(bad).toContainText(`批量 ${stamp} 第2号`)
  await expect(bad).toContainText(/价格/)

  await page.getByRole('button', { name: /发布有效行（2）/ }).click()
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click()
  // account rows without screenshots are created off the shelf: the result says so (issue 33)
  await expect(page.locator('.ant-result-title')).toHaveText('已创建 2 件商品：上架 0 件，暂未上架 2 件')
  await expect(page.getByText(/另有 1 行因错误未发布/)).toBeVisible()

  await page.goto(`/seller/sellGoods.html?keyword=${encodeURIComponent(stamp)}`)
  await expect(page.getByText(`批量 ${stamp} 第1号`)).toBeVisible()
  await expect(page.getByText(`批量 ${stamp} 第3号`)).toBeVisible()
  await expect(page.getByText(`批量 ${stamp} 第2号`)).toHaveCount(0)
  await page.context().close()
})

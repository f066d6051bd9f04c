/**
 * Batch publish with screenshots (issue 33): the zip's rows, its limits, the preview's verdict per
 * row before anything is saved, and the real outcome after publishing.
 */
import { zipSync, type Zippable } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchPublishedSummary, GOODS_LIMITS, GOODS_MSG } from '../../../shared/api'
import { call, type Json, type TestApp } from '../../test-utils'
import {
  flatImage,
  postMultipart,
  startSellerApp,
  type GameFixture,
  type NewUser,
} from '../goods/test-helpers'
import { readScreenshotZip, rowOf, ZIP_LIMITS } from './screenshots'

const HEADER = ['标题', '描述', '价格(元)', '库存', '平台', '大区', '服务器', '段位', '英雄数量', '皮肤数量']
const row = (title: string, patch: Record<string, string> = {}) => {
  const base: Record<string, string> = {
    标题: title,
    描述: '批量导入的账号',
    '价格(元)': '188.00',
    库存: '1',
    大区: '安卓QQ区',
    服务器: '1区 梦回长安',
    段位: '荣耀王者',
    英雄数量: '100',
    皮肤数量: '200',
    ...patch,
  }
  return HEADER.map((h) => base[h] ?? '').join(',')
}
const csv = (rows: string[]) => Buffer.from([HEADER.join(','), ...rows].join('\r\n') + '\r\n')
const zip = (files: Zippable) => Buffer.from(zipSync(files, { level: 6 }))

describe('the screenshot zip', () => {
  it('matches images to rows by name or by folder, in order, and reports the rest', async () => {
    const png = new Uint8Array(await flatImage(120, 100))
    const read = readScreenshotZip(
      zip({
        '3-2.png': png,
        '3-1.jpg': png,
        '5.webp': png,
        'shots/4/b.png': png,
        'shots/4/a.png': png,
        '__MACOSX/._3-1.jpg': png,
        '.DS_Store': png,
        'readme.txt': new Uint8Array([1, 2]),
        '6-1.gif': png,
      }),
    )
    const names = (rowNo: number) => read.byRow.get(rowNo)?.map((i) => i.name)
    expect(names(3)).toEqual(['3-1.jpg', '3-2.png'])
    expect(names(4)).toEqual(['shots/4/a.png', 'shots/4/b.png'])
    expect(names(5)).toEqual(['5.webp'])
    expect(read.byRow.get(3)![0]!.data?.length).toBe(png.length)
    // a file named for a row but not an image: the row hears why
    expect(read.byRow.get(6)).toEqual([{ name: '6-1.gif', data: null, problem: GOODS_MSG.IMAGE_FORMAT }])
    expect(read.unmatched).toEqual(['readme.txt'])
    expect(rowOf('12_3.JPG')).toEqual({ rowNo: 12, order: 3, ext: 'JPG' })
    expect(rowOf('封面.jpg')).toBeNull()
  })

  it('refuses unsafe paths, zip bombs, too many entries, too much unpacked and what is no zip', () => {
    const message = (f: () => unknown) => {
      try {
        f()
      } catch (err) {
        return (err as Error).message
      }
      return 'no error'
    }
    const one = new Uint8Array(200)
    expect(message(() => readScreenshotZip(zip({ '../1-1.jpg': one })))).toContain(GOODS_MSG.BATCH_ZIP_PATH)
    expect(message(() => readScreenshotZip(zip({ 'a/../../1.jpg': one })))).toContain(
      GOODS_MSG.BATCH_ZIP_PATH,
    )
    // 1 MiB of zeros packs into about a kilobyte: far past any image's ratio
    expect(message(() => readScreenshotZip(zip({ '1-1.jpg': new Uint8Array(1024 * 1024) })))).toBe(
      GOODS_MSG.BATCH_ZIP_BOMB,
    )
    const many: Zippable = {}
    for (let i = 0; i < 5; i++) many[`${i + 1}.jpg`] = [one, { level: 0 }]
    expect(message(() => readScreenshotZip(zip(many), { ...ZIP_LIMITS, maxEntries: 4 }))).toBe(
      GOODS_MSG.BATCH_ZIP_TOO_MANY,
    )
    expect(message(() => readScreenshotZip(zip(many), { ...ZIP_LIMITS, maxUnpackedBytes: 900 }))).toBe(
      GOODS_MSG.BATCH_ZIP_UNPACKED,
    )
    // an image past 5 MB is not unpacked; its row says so
    const big = readScreenshotZip(zip(many), { ...ZIP_LIMITS, maxImageBytes: 100 })
    expect(big.byRow.get(1)).toEqual([{ name: '1.jpg', data: null, problem: GOODS_MSG.IMAGE_TOO_LARGE }])
    expect(message(() => readScreenshotZip(Buffer.from('1-1.jpg')))).toBe(GOODS_MSG.BATCH_ZIP_BAD)
    // a damaged zip (its end cut off)
    const whole = zip({ '1.jpg': [one, { level: 0 }] })
    expect(message(() => readScreenshotZip(whole.subarray(0, whole.length - 30)))).toBe(
      GOODS_MSG.BATCH_ZIP_BAD,
    )
  })

  it('says 已发布 N 件 only when every listing went on sale', () => {
    expect(batchPublishedSummary({ published: 3, onSale: 3, rows: [] })).toBe('已发布 3 件商品，全部上架')
  })
})

describe('batch publish with screenshots', () => {
  let t: TestApp
  let king: GameFixture
  let seller: NewUser

  beforeAll(async () => {
    ;({ t, king, seller } = await startSellerApp('shot', 'shou'))
  })
  afterAll(() => t.close())

  const preview = async (sheet: Buffer, images?: Buffer): Promise<Json> => {
    const form = new FormData()
    form.append('gameId', String(king.game.gameId))
    form.append('goodsType', 'ACCOUNT')
    form.append('file', new Blob([new Uint8Array(sheet)]), 'goods.csv')
    if (images) form.append('images', new Blob([new Uint8Array(images)]), 'shots.zip')
    const res = new Response(form)
    return postMultipart(t.app, '/api/goods/seller/batch/preview', seller.token, {
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type')! },
    })
  }
  const publish = (batchId: string) =>
    call(t.app, 'POST', '/api/goods/seller/batch/publish', { token: seller.token, body: { batchId } })
  const imageCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('goods_images')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', seller.userId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('tells each row its outcome before the upload is committed, then the real one', async () => {
    const png = new Uint8Array(await flatImage(160, 120))
    const jpeg = new Uint8Array(await flatImage(160, 120, 'jpeg'))
    const sheet = csv([
      row('截图账号 一号'),
      row('截图账号 二号'),
      row('截图账号 三号'),
      row('截图账号 四号', { 描述: '加v seller888 详聊' }),
      row('截图账号 五号', { 段位: '宇宙王者' }),
    ])
    const images = zip({
      '1-1.png': png,
      '1-2.jpg': jpeg,
      '2/a.png': png,
      // row 3: no screenshot; row 4: one, but contact details
      '4.png': png,
      '5.png': png,
      // an image that is not one
      '2/broken.jpg': new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5]),
      '9-1.png': png,
      'cover.png': png,
    })
    const before = await imageCount()
    const res = await preview(sheet, images)
    expect(res.code).toBe(200)
    const rows = res.data.rows as Json[]
    expect(res.data).toMatchObject({ totalRows: 5, validRows: 3, invalidRows: 2, onSaleRows: 1 })
    expect(rows[0]).toMatchObject({ rowNo: 1, ok: true, outcome: 'ON_SALE', images: ['1-1.png', '1-2.jpg'] })
    expect(rows[0].notes).toBeUndefined()
    // a bad image keeps the row from being published, with the file named
    expect(rows[1]).toMatchObject({ rowNo: 2, ok: false, images: ['2/a.png', '2/broken.jpg'] })
    expect(rows[1].outcome).toBeUndefined()
    expect(rows[1].errors).toEqual(['截图 2/broken.jpg：图片文件已损坏，无法读取'])
    expect(rows[2]).toMatchObject({
      rowNo: 3,
      ok: true,
      outcome: 'OFF_SHELF',
      notes: [`发布后暂不上架：${GOODS_MSG.SCREENSHOT_HOLD}`],
    })
    expect(rows[3]).toMatchObject({ rowNo: 4, ok: true, outcome: 'AUDITING' })
    expect(rows[3].notes[0]).toContain('需人工审核')
    expect(rows[4]).toMatchObject({ rowNo: 5, ok: false, errors: ['段位取值不正确'] })
    expect(res.data.unmatchedImages).toEqual(['cover.png（文件名不是行号）', '9-1.png（文件里没有第 9 行）'])
    // the usable screenshots are stored as the seller's unused images (1-1, 1-2, 2/a, 4, 5)
    expect(await imageCount()).toBe(before + 5)

    const done = await publish(res.data.batchId)
    expect(done).toMatchObject({
      code: 200,
      msg: '已创建 3 件商品：上架 1 件，待审核 1 件，暂未上架 1 件',
      data: { published: 3, onSale: 1, held: 2 },
    })
    expect(done.data.rows).toEqual([
      { rowNo: 1, goodsId: done.data.goodsIds[0], title: '截图账号 一号', status: 'ON_SALE' },
      {
        rowNo: 3,
        goodsId: done.data.goodsIds[1],
        title: '截图账号 三号',
        status: 'OFF_SHELF',
        reason: GOODS_MSG.SCREENSHOT_HOLD,
      },
      {
        rowNo: 4,
        goodsId: done.data.goodsIds[2],
        title: '截图账号 四号',
        status: 'AUDITING',
        reason: expect.stringContaining('需人工审核'),
      },
    ])
    // on sale, in public, with its two screenshots in the zip's order
    const detail = await call(t.app, 'GET', `/api/goods/detail/${done.data.goodsIds[0]}`)
    expect(detail.code).toBe(200)
    expect(detail.data.images).toHaveLength(2)
    expect(detail.data.images[0].width).toBe(160)
  })

  it('refuses a zip that is no zip or too large, naming the zip', async () => {
    expect(await preview(csv([row('截图账号 六号')]), Buffer.from('not a zip'))).toMatchObject({
      code: 400,
      msg: GOODS_MSG.BATCH_ZIP_BAD,
    })
    const tooLarge = Buffer.alloc(GOODS_LIMITS.batchZipMaxBytes + 1, 1)
    expect(await preview(csv([row('截图账号 七号')]), tooLarge)).toMatchObject({
      code: 400,
      msg: GOODS_MSG.BATCH_ZIP_TOO_LARGE,
    })
  }, 90_000)
})

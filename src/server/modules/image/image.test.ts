import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOODS_MSG } from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import { call, type TestApp } from '../../test-utils'
import {
  flatImage,
  kingAccount,
  multipart,
  postMultipart,
  publish,
  startSellerApp,
  uploadImage,
  type GameFixture,
  type NewUser,
} from '../goods/test-helpers'
import { sniffImageType } from './service'
import { watermarkFor } from './watermark'

/** Mean absolute difference per channel between a region of two same-size raw RGB images. */
async function regionDiff(
  a: Buffer,
  b: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  const [ra, rb] = await Promise.all(
    [a, b].map((img) => sharp(img).extract(region).removeAlpha().raw().toBuffer()),
  )
  let sum = 0
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i] - rb[i])
  return sum / ra.length
}

describe('goods images', () => {
  let t: TestApp
  let king: GameFixture
  let seller: NewUser
  let other: NewUser

  beforeAll(async () => {
    ;({ t, king, seller, other } = await startSellerApp('img', 'imo'))
  })
  afterAll(() => t.close())

  const file = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url })
    return res
  }

  it('accepts a real PNG, re-encodes it as JPEG with the watermark in the bottom-right corner', async () => {
    const source = await flatImage(800, 600, 'png')
    const res = await uploadImage(t.app, seller.token, source, 'screenshot.png')
    expect(res).toMatchObject({ code: 200, data: { width: 800, height: 600 } })
    expect(res.data.imageId).toMatch(/^[a-f0-9]{32}$/)

    const served = await file(res.data.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const out = served.rawPayload
    expect(sniffImageType(out)).toBe('jpeg')
    const meta = await sharp(out).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 })

    // the mark sits in the bottom-right corner: pixels there differ from the source, the top-left is untouched
    const flatJpeg = await sharp(source).jpeg({ quality: 90 }).toBuffer()
    const mark = watermarkFor(800, 600)
    const corner = await regionDiff(out, flatJpeg, {
      left: mark.left,
      top: mark.top,
      width: mark.width,
      height: mark.height,
    })
    const elsewhere = await regionDiff(out, flatJpeg, { left: 0, top: 0, width: 200, height: 150 })
    expect(corner).toBeGreaterThan(10)
    expect(elsewhere).toBeLessThan(2)

    const thumb = await file(res.data.thumbUrl)
    expect(thumb.statusCode).toBe(200)
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(360)
  })

  it('accepts JPEG and WebP, caps the size, strips EXIF and turns photos upright', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
      .toBuffer()
    expect((await sharp(big).metadata()).exif).toBeDefined()
    const res = await uploadImage(t.app, seller.token, big, 'photo.jpg')
    expect(res.data).toMatchObject({ width: 1920, height: 1280 })
    const out = (await file(res.data.url)).rawPayload
    const meta = await sharp(out).metadata()
    expect(meta.exif).toBeUndefined()
    expect(out.includes(Buffer.from('secret-owner'))).toBe(false)

    // EXIF orientation 6 (rotate 90°): a 400×200 picture comes back 200×400
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await uploadImage(t.app, seller.token, rotated, 'r.jpg')).data).toMatchObject({
      width: 200,
      height: 400,
    })

    const webp = await flatImage(640, 480, 'webp')
    expect((await uploadImage(t.app, seller.token, webp, 'x.webp')).code).toBe(200)

    // grey with alpha, 16-bit, CMYK: all come back as ordinary sRGB JPEGs
    const grey = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer()
    const deep = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer()
    const cmyk = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a05030' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer()
    for (const [name, data] of [
      ['grey.png', grey],
      ['deep.png', deep],
      ['cmyk.jpg', cmyk],
    ] as const) {
      const res = await uploadImage(t.app, seller.token, data, name)
      expect(res.code, name).toBe(200)
      const meta = await sharp((await file(res.data.url)).rawPayload).metadata()
      expect(meta, name).toMatchObject({ format: 'jpeg', space: 'srgb', width: 300, height: 200 })
    }
  })

  it('checks the content, not the name: a text file named .jpg, a tiny picture, a broken JPEG', async () => {
    const text = Buffer.from('这不是图片，只是一段文字。'.repeat(100))
    expect(await uploadImage(t.app, seller.token, text, 'photo.jpg')).toMatchObject({
      code: 400,
      msg: GOODS_MSG.IMAGE_FORMAT,
    })
    const gif = Buffer.from(
      'GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x00\x00\x00\x00\x00,',
      'latin1',
    )
    expect(await uploadImage(t.app, seller.token, gif, 'a.png')).toMatchObject({
      code: 400,
      msg: GOODS_MSG.IMAGE_FORMAT,
    })
    expect(await uploadImage(t.app, seller.token, await flatImage(50, 50), 'tiny.png')).toMatchObject({
      code: 400,
      msg: '图片尺寸太小，宽和高至少 100 像素',
    })
    const jpeg = await flatImage(300, 300, 'jpeg')
    expect(await uploadImage(t.app, seller.token, jpeg.subarray(0, 200), 'cut.jpg')).toMatchObject({
      code: 400,
      msg: '图片文件已损坏，无法读取',
    })
    // no file at all, or not multipart
    expect(
      await postMultipart(t.app, '/api/goods/image/upload', seller.token, await multipart({ a: 'b' })),
    ).toMatchObject({
      code: 400,
      msg: GOODS_MSG.IMAGE_REQUIRED,
    })
    expect(
      await call(t.app, 'POST', '/api/goods/image/upload', { token: seller.token, body: { file: 'x' } }),
    ).toMatchObject({
      code: 400,
      msg: GOODS_MSG.IMAGE_REQUIRED,
    })
    expect(await uploadImage(t.app, '', await flatImage(200, 200))).toMatchObject({
      code: 401,
      msg: MSG.UNAUTHORIZED,
    })
  })

  it('refuses a 50 MiB upload with a Chinese message over real HTTP and keeps serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const huge = Buffer.alloc(50 * 1024 * 1024, 0xab)
    huge.set(await flatImage(200, 200, 'png'))
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(huge)], { type: 'image/png' }), 'huge.png')
    const started = Date.now()
    const res = await fetch(`${address}/api/goods/image/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${seller.token}` },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ code: 400, msg: GOODS_MSG.IMAGE_TOO_LARGE })
    expect(Date.now() - started).toBeLessThan(15_000)
    // nothing was stored, and the server still answers
    const games = (await (await fetch(`${address}/api/goods/game/getGames`)).json()) as { code: number }
    expect(games.code).toBe(200)
    const small = await uploadImage(t.app, seller.token, await flatImage(200, 200))
    expect(small.code).toBe(200)
  })

  it('answers WebP at the same address to a browser that takes it, and a screen-wide copy, made once and kept', async () => {
    const res = await uploadImage(t.app, seller.token, await flatImage(1600, 1200, 'png'))
    const { imageId } = res.data
    const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
    const stored = () => readdir(join(t.dataDir, 'uploads'))
    expect(await stored()).not.toContain(`${imageId}_t.webp`)

    for (const [url, width] of [
      [res.data.thumbUrl, 360],
      [res.data.mediumUrl, 800],
      [res.data.url, 1600],
    ] as const) {
      const jpeg = await file(url)
      // asked twice at the same moment: both get the same WebP
      const [webp, again] = await Promise.all(
        [1, 2].map(() => t.app.inject({ method: 'GET', url, headers: { accept } })),
      )
      expect(webp.headers['content-type']).toBe('image/webp')
      expect(webp.headers.vary).toMatch(/accept/i)
      expect(jpeg.headers.vary).toMatch(/accept/i)
      expect(sniffImageType(webp.rawPayload)).toBe('webp')
      expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width })
      expect(webp.rawPayload.length).toBeLessThan(jpeg.rawPayload.length)
      expect(again.rawPayload.equals(webp.rawPayload)).toBe(true)
      // a client that does not name WebP (a script's fetch, an old browser) still gets the JPEG
      expect(jpeg.headers['content-type']).toBe('image/jpeg')
      expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width })
    }
    // kept beside the JPEG: the next visitor's request reads them
    expect(await stored()).toEqual(
      expect.arrayContaining([
        `${imageId}_t.webp`,
        `${imageId}.webp`,
        `${imageId}_m.jpg`,
        `${imageId}_m.webp`,
      ]),
    )
    // only our pictures' names, as before: no WebP address of its own, nothing made for a missing file
    for (const name of ['.jpg', '_m.jpg']) {
      const missing = `/api/goods/image/file/${'b'.repeat(32)}${name}`
      const none = await t.app.inject({ method: 'GET', url: missing, headers: { accept } })
      expect(none.json()).toMatchObject({ code: 404, msg: MSG.NOT_FOUND })
    }
    expect(await stored()).not.toContain(`${'b'.repeat(32)}_m.jpg`)
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/goods/image/file/${imageId}_t.webp`,
      headers: { accept },
    })
    expect(direct.json()).toMatchObject({ code: 404 })
  })

  it('serves files only by their strict names', async () => {
    for (const name of [
      '..%2F..%2Fmarket.db',
      '%2e%2e%2fkeys',
      'market.db',
      `${'a'.repeat(32)}.png`,
      `${'g'.repeat(32)}.jpg`,
    ]) {
      const res = await file(`/api/goods/image/file/${name}`)
      expect(res.json(), name).toMatchObject({ code: expect.any(Number) })
      expect([400, 404]).toContain(res.json().code)
    }
    expect((await file(`/api/goods/image/file/${'a'.repeat(32)}.jpg`)).json()).toMatchObject({
      code: 404,
      msg: MSG.NOT_FOUND,
    })
  })

  it("links images to a listing in order; they must be the seller's own and unused", async () => {
    const up = async (token: string) =>
      (await uploadImage(t.app, token, await flatImage(320, 240))).data.imageId
    const a = await up(seller.token)
    const b = await up(seller.token)
    const foreign = await up(other.token)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { imageIds: [b, a] }))
    const detail = (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data
    expect(detail.images.map((i: { imageId: string }) => i.imageId)).toEqual([b, a])
    expect(detail.coverUrl).toBe(`/api/goods/image/file/${b}_t.jpg`)

    const refused = { code: 400, msg: GOODS_MSG.IMAGE_NOT_AVAILABLE }
    expect(
      await call(t.app, 'POST', '/api/goods/seller/publish', {
        token: seller.token,
        body: kingAccount(king, { imageIds: [a] }),
      }),
    ).toMatchObject(refused)
    expect(
      await call(t.app, 'POST', '/api/goods/seller/publish', {
        token: seller.token,
        body: kingAccount(king, { imageIds: [foreign] }),
      }),
    ).toMatchObject(refused)
    const thirteen = Array.from({ length: 13 }, (_, i) => i.toString(16).padStart(32, '0'))
    expect(
      await call(t.app, 'POST', '/api/goods/seller/publish', {
        token: seller.token,
        body: kingAccount(king, { imageIds: thirteen }),
      }),
    ).toMatchObject({
      code: 400,
      msg: '商品图片最多 12 项',
    })

    // editing keeps a, drops b (b becomes free again)
    await call(t.app, 'POST', '/api/goods/seller/update', {
      token: seller.token,
      body: { ...kingAccount(king, { imageIds: [a] }), goodsId },
    })
    expect(
      (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).data.images.map(
        (i: { imageId: string }) => i.imageId,
      ),
    ).toEqual([a])
    expect(await publish(t.app, seller.token, kingAccount(king, { imageIds: [b] }))).toBeGreaterThan(goodsId)

    const files = await readdir(join(t.dataDir, 'uploads'))
    expect(files).toContain(`${a}.jpg`)
    expect(files).toContain(`${a}_t.jpg`)
  })
})

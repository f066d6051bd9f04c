/**
 * Goods images: checked by content (magic bytes, then sharp must decode it as JPEG/PNG/WebP),
 * turned upright, scaled into GOODS_LIMITS.imageMaxDimension, flattened on white, watermarked and
 * re-encoded as JPEG at IMAGE_QUALITY (metadata such as EXIF/GPS is not carried over), plus a
 * thumbnail made once. Files go to the file storage (storage/files.ts: UPLOAD_DIR or DATA_DIR/uploads by
 * default) with random names; the table records owner,
 * size and the listing that uses the image.
 *
 * A browser that takes WebP gets each picture as WebP at the same address (`servedFile`): made from
 * the JPEG the first time it is asked for and kept beside it as `<name>.webp`; so is the screen-wide
 * copy `<id>_m.jpg` that phones get through the gallery's srcset (docs/ssr.md "Images").
 */
import { randomBytes } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { GOODS_LIMITS, GOODS_MSG, IMAGE, type GoodsImage } from '../../../shared/api'
import { fillPath } from '../../../shared/api/contract'
import { API_BASE, IMAGE_QUALITY } from '../../../shared/constants'
import type { Db } from '../../db'
import type { FileStorage, StoredFile } from '../../storage/files'
import type { GoodsImagesTable } from './tables'
import { badRequest } from '../../http/errors'
import { imageRepo } from './repo'
import { watermarkFor } from './watermark'

/** `<id>.jpg` the picture, `_t` its thumbnail, `_m` its screen-wide copy (made when first asked for) */
const FILE_NAME = /^([a-f0-9]{32})(_t|_m)?\.jpg$/
const MIN_SIDE = 100
/** decoding bombs: a 5 MiB PNG can claim gigapixels */
const MAX_INPUT_PIXELS = 50_000_000
const THUMB_QUALITY = 80
const MEDIUM_QUALITY = 85
/** WebP at this quality looks like the JPEG it is made from, a quarter to a third smaller */
const WEBP_QUALITY = 80

/** JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP RIFF....WEBP */
export function sniffImageType(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png'
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp'
  return null
}

export const imageUrl = (id: string) => `${API_BASE}${fillPath(IMAGE.file.path, { name: `${id}.jpg` })}`
export const thumbUrl = (id: string) => `${API_BASE}${fillPath(IMAGE.file.path, { name: `${id}_t.jpg` })}`
const mediumUrl = (id: string) => `${API_BASE}${fillPath(IMAGE.file.path, { name: `${id}_m.jpg` })}`

const toImage = (row: Pick<GoodsImagesTable, 'id' | 'width' | 'height'>): GoodsImage => ({
  imageId: row.id,
  url: imageUrl(row.id),
  mediumUrl: mediumUrl(row.id),
  thumbUrl: thumbUrl(row.id),
  width: row.width,
  height: row.height,
})

export interface ProcessedImage {
  full: Buffer
  thumb: Buffer
  width: number
  height: number
  thumbWidth: number
  thumbHeight: number
}

/** Decode, upright, scale, watermark, re-encode; throws the Chinese 400 for anything not a usable image. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (!sniffImageType(input)) throw badRequest(GOODS_MSG.IMAGE_FORMAT)
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw badRequest('图片文件已损坏，无法读取')
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw badRequest(GOODS_MSG.IMAGE_FORMAT)
  if (!meta.width || !meta.height) throw badRequest('图片文件已损坏，无法读取')
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw badRequest(GOODS_MSG.IMAGE_TOO_MANY_PIXELS)
  if (Math.min(meta.width, meta.height) < MIN_SIDE)
    throw badRequest(`图片尺寸太小，宽和高至少 ${MIN_SIDE} 像素`)

  let base: { data: Buffer; info: OutputInfo }
  try {
    base = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: GOODS_LIMITS.imageMaxDimension,
        height: GOODS_LIMITS.imageMaxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw badRequest('图片文件已损坏，无法读取')
  }
  const { width, height, channels } = base.info
  const mark = watermarkFor(width, height)
  let full: Buffer
  let thumb: { data: Buffer; info: OutputInfo }
  try {
    full = await sharp(base.data, { raw: { width, height, channels } })
      .composite([{ input: mark.svg, left: mark.left, top: mark.top }])
      .jpeg({ quality: IMAGE_QUALITY })
      .toBuffer()
    thumb = await sharp(full)
      .resize({
        width: GOODS_LIMITS.thumbMaxDimension,
        height: GOODS_LIMITS.thumbMaxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: THUMB_QUALITY })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw badRequest('图片处理失败，请换一张图片重试')
  }
  return {
    full,
    thumb: thumb.data,
    width,
    height,
    thumbWidth: thumb.info.width,
    thumbHeight: thumb.info.height,
  }
}

/** A file as served: its bytes and their type. */
export interface ServedFile extends StoredFile {
  type: 'image/jpeg' | 'image/webp'
}

export function imageService(deps: { db: Db; files: FileStorage; now: () => number }) {
  const repo = imageRepo(deps.db)
  const { files } = deps
  /** copies being made, by name: requests at the same moment wait for the one encoding */
  const making = new Map<string, Promise<StoredFile | null>>()

  /**
   * The stored file `name`, else made from `source` by `encode`, kept and returned; null when there
   * is no source or it cannot be encoded (an unreadable file is served as it is).
   */
  function derived(
    name: string,
    source: () => Promise<StoredFile | null>,
    encode: (image: Sharp) => Sharp,
  ): Promise<StoredFile | null> {
    let pending = making.get(name)
    if (!pending) {
      pending = (async () => {
        const kept = await files.get(name)
        if (kept) return kept
        const from = await source()
        if (!from) return null
        try {
          await files.put(name, await encode(sharp(await buffer(from.open()))).toBuffer())
        } catch {
          return null
        }
        return files.get(name)
      })().finally(() => making.delete(name))
      making.set(name, pending)
    }
    return pending
  }

  /** A picture's JPEG: the stored one, or its screen-wide copy made from the picture. */
  function jpegOf(name: string): Promise<StoredFile | null> {
    if (!name.endsWith('_m.jpg')) return files.get(name)
    const size = GOODS_LIMITS.mediumMaxDimension
    return derived(
      name,
      () => files.get(name.replace('_m.jpg', '.jpg')),
      (image) =>
        image
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: MEDIUM_QUALITY }),
    )
  }

  /** The WebP copy of a picture's JPEG, made and kept the first time. */
  const webpOf = (name: string) =>
    derived(
      name.replace(/\.jpg$/, '.webp'),
      () => jpegOf(name),
      (image) => image.webp({ quality: WEBP_QUALITY }),
    )

  return {
    async upload(ownerId: number, input: Buffer): Promise<GoodsImage> {
      const image = await processImage(input)
      const id = randomBytes(16).toString('hex')
      await files.put(`${id}.jpg`, image.full)
      await files.put(`${id}_t.jpg`, image.thumb)
      const row = {
        id,
        owner_id: ownerId,
        goods_id: null,
        sort: 0,
        width: image.width,
        height: image.height,
        thumb_width: image.thumbWidth,
        thumb_height: image.thumbHeight,
        bytes: image.full.length,
        created_at: deps.now(),
      }
      await repo.insert(row)
      return toImage(row)
    },

    /**
     * A picture's JPEG (the screen-wide copy made when asked for); null for a name that is not ours
     * or a picture that does not exist.
     */
    async fileOf(name: string): Promise<StoredFile | null> {
      return FILE_NAME.test(name) ? jpegOf(name) : null
    },

    /**
     * The file at a picture's address: WebP for a browser that takes it, else the JPEG (copies made
     * the first time they are asked for); null for a name that is not ours or a picture that does
     * not exist.
     */
    async servedFile(name: string, webp: boolean): Promise<ServedFile | null> {
      if (!FILE_NAME.test(name)) return null
      const copy = webp ? await webpOf(name) : null
      if (copy) return { ...copy, type: 'image/webp' }
      const jpeg = await jpegOf(name)
      return jpeg && { ...jpeg, type: 'image/jpeg' }
    },

    /**
     * Links the images to a listing in display order (inside the caller's transaction): each must
     * be the caller's and unused, or already this listing's. Images the listing no longer lists are
     * unlinked.
     */
    async attach(trx: Db, ownerId: number, goodsId: number | null, imageIds: string[]) {
      const rows = await imageRepo(trx).findMany(imageIds)
      const usable = (id: string) => {
        const row = rows.find((r) => r.id === id)
        return row && row.owner_id === ownerId && (row.goods_id === null || row.goods_id === goodsId)
      }
      if (!imageIds.every(usable)) throw badRequest(GOODS_MSG.IMAGE_NOT_AVAILABLE)
      if (goodsId === null) return
      const tx = imageRepo(trx)
      await tx.detachOthers(goodsId, imageIds)
      for (const [i, id] of imageIds.entries()) await tx.attach(id, goodsId, i)
    },

    /**
     * A new, unused copy of one of the owner's images (same files under a new name, no second
     * watermark): e.g. an AI drawing used as a listing cover. Null when it is not the owner's.
     */
    async duplicate(ownerId: number, sourceId: string): Promise<GoodsImage | null> {
      const [source] = await repo.findMany([sourceId])
      if (!source || source.owner_id !== ownerId) return null
      const id = randomBytes(16).toString('hex')
      for (const suffix of ['', '_t']) {
        const file = await files.get(`${sourceId}${suffix}.jpg`)
        if (!file) return null
        await files.put(`${id}${suffix}.jpg`, await buffer(file.open()))
      }
      const row = { ...source, id, goods_id: null, sort: 0, created_at: deps.now() }
      await repo.insert(row)
      return toImage(row)
    },

    /**
     * An avatar: the user's uploaded, unused image cropped to a 256×256 square around its centre,
     * stored as a new file; answers its URL (the account module keeps it on the user).
     */
    async squareAvatar(ownerId: number, imageId: string): Promise<string> {
      const [row] = await repo.findMany([imageId])
      if (!row || row.owner_id !== ownerId || row.goods_id !== null)
        throw badRequest(GOODS_MSG.IMAGE_NOT_AVAILABLE)
      const source = await files.get(`${imageId}.jpg`)
      if (!source) throw badRequest(GOODS_MSG.IMAGE_NOT_AVAILABLE)
      const square = await sharp(await buffer(source.open()))
        .resize(256, 256, { fit: 'cover', position: 'centre' })
        .jpeg({ quality: IMAGE_QUALITY })
        .toBuffer()
      const id = randomBytes(16).toString('hex')
      await files.put(`${id}.jpg`, square)
      return imageUrl(id)
    },

    /** Whether the image exists and this user uploaded it (an image sent in 售前咨询). */
    async owns(ownerId: number, imageId: string): Promise<boolean> {
      const [row] = await repo.findMany([imageId])
      return Boolean(row && Number(row.owner_id) === ownerId)
    },

    /** The images with these ids, in the given order (ids that do not exist are skipped). */
    async byIds(imageIds: string[]): Promise<GoodsImage[]> {
      const rows = await repo.findMany(imageIds)
      return imageIds.flatMap((id) => {
        const row = rows.find((r) => r.id === id)
        return row ? [toImage(row)] : []
      })
    },

    async imagesOf(goodsId: number): Promise<GoodsImage[]> {
      return (await repo.ofGoods([goodsId])).map(toImage)
    },
  }
}

export type ImageService = ReturnType<typeof imageService>

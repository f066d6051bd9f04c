/**
 * Batch publish: a template per game and goods type (CSV or XLSX), a preview that reads a filled
 * file and checks every row exactly like single publish (checkListing), stored for a day, and the
 * publish of its valid rows in one transaction, once, by its owner.
 * Screenshots come in a zip beside the file, named by row (screenshots.ts); the preview checks each
 * with the image module's checks and stores it as the seller's unused image, and the row's listing
 * carries them. An account row with none is created off the shelf with the reason 请上传至少 1 张
 * 截图后上架 (the seller edits it to add screenshots, then relists it); a row with contact details is
 * held for review like a single listing. The preview says each row's outcome (on sale, held, or not
 * published and why) before anything is saved, and the publish answers the state each listing is in.
 */
import { randomBytes } from 'node:crypto'
import {
  GOODS_LIMITS,
  GOODS_MSG,
  type BatchOutcome,
  type BatchPreview,
  type BatchPublishedRow,
  type BatchPublishResult,
  type BatchRowResult,
  type GoodsType,
  type GoodsTypeConfig,
} from '../../../shared/api'
import type { Db } from '../../db'
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors'
import type { UploadedFile } from '../../plugins/multipart'
import { listingRules, type GameRules, type GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import type { ImageService } from '../image/service'
import { checkListing, type ListingHold, type ValidListing } from '../goods/validate'
import { csvRows, decodeCsv, isZip, xlsxRows, type Rows } from './parse'
import { batchRepo } from './repo'
import { readScreenshotZip, type RowImage, type ScreenshotZip } from './screenshots'
import { csvTemplate, readRows, templateFileName, xlsxTemplate } from './template'

const BATCH_TTL_MS = 24 * 60 * 60 * 1000

interface StoredRow extends BatchRowResult {
  listing?: ValidListing
}

/** a row may have no screenshot: an account row is then held off the shelf instead of being refused */
const BATCH_CHECK = { screenshotsLater: true } as const

/** What the preview tells about a valid row that will not go on sale by itself. */
const holdNote = (hold: ListingHold) =>
  hold.status === 'OFF_SHELF' ? `发布后暂不上架：${hold.remark}` : hold.remark

const REVIEW_NOTE = '发布后需平台审核，审核通过后上架'

export interface TemplateFile {
  fileName: string
  contentType: string
  body: Buffer
}

export function batchService(deps: {
  db: Db
  games: GameService
  goods: GoodsService
  images: ImageService
  now: () => number
}) {
  const { db, games, goods, images, now } = deps
  const repo = batchRepo(db)

  async function typeOf(
    gameId: number,
    goodsType: GoodsType,
  ): Promise<{ rules: GameRules; type: GoodsTypeConfig }> {
    const rules = await listingRules(games, gameId)
    if (!rules.enabled) throw badRequest('该游戏已停用，暂不能发布商品')
    const type = rules.config.goodsTypes.find((t) => t.goodsType === goodsType)
    if (!type) throw badRequest('该游戏不支持此商品类型')
    return { rules, type }
  }

  async function rowsOf(file: UploadedFile): Promise<Rows> {
    const max = GOODS_LIMITS.batchMaxRows
    if (isZip(file.buffer)) return xlsxRows(file.buffer, max)
    if (/\.xlsx?$/i.test(file.filename)) throw badRequest(GOODS_MSG.BATCH_BAD_FILE)
    return csvRows(decodeCsv(file.buffer), max)
  }

  /**
   * The row's screenshots checked and stored as the owner's unused images (the image module's checks:
   * type by content, size, pixels): their ids, and the problem of each unusable one.
   */
  async function storeImages(userId: number, list: RowImage[]): Promise<{ ids: string[]; errors: string[] }> {
    const ids: string[] = []
    const errors: string[] = []
    if (list.length > GOODS_LIMITS.imagesMax) {
      errors.push(`截图最多 ${GOODS_LIMITS.imagesMax} 张，压缩包里该行有 ${list.length} 张`)
      return { ids, errors }
    }
    for (const image of list) {
      if (!image.data) {
        errors.push(`截图 ${image.name}：${image.problem}`)
        continue
      }
      try {
        ids.push((await images.upload(userId, image.data)).imageId)
      } catch (err) {
        if (!(err instanceof ApiError)) throw err
        errors.push(`截图 ${image.name}：${err.message}`)
      }
    }
    return { ids, errors }
  }

  return {
    async template(gameId: number, goodsType: GoodsType, format: 'csv' | 'xlsx'): Promise<TemplateFile> {
      const { rules, type } = await typeOf(gameId, goodsType)
      const fileName = templateFileName(rules.game.nameCn, goodsType, format)
      return format === 'csv'
        ? { fileName, contentType: 'text/csv; charset=utf-8', body: csvTemplate(type) }
        : {
            fileName,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            body: await xlsxTemplate(rules, type),
          }
    },

    async preview(
      userId: number,
      gameId: number,
      goodsType: GoodsType,
      file: UploadedFile,
      zipFile?: UploadedFile,
    ): Promise<BatchPreview> {
      const { rules, type } = await typeOf(gameId, goodsType)
      const rows = await rowsOf(file)
      if (rows.length < 2) throw badRequest('文件中没有商品数据，请在表头下方逐行填写')
      const { headerProblem, readings } = readRows(rows, rules, type)
      if (headerProblem) throw badRequest(headerProblem)
      const zip: ScreenshotZip = zipFile
        ? readScreenshotZip(zipFile.buffer)
        : { byRow: new Map(), unmatched: [] }
      const unmatchedImages = [...zip.unmatched.map((name) => `${name}（文件名不是行号）`)]
      const strayRows = [...zip.byRow.keys()].filter((rowNo) => rowNo < 1 || rowNo > readings.length)
      for (const rowNo of strayRows.sort((a, b) => a - b))
        for (const image of zip.byRow.get(rowNo)!)
          unmatchedImages.push(`${image.name}（文件里没有第 ${rowNo} 行）`)
      const status = await goods.newListingStatus()

      const stored: StoredRow[] = []
      for (const [i, reading] of readings.entries()) {
        const rowNo = i + 1
        const shots = await storeImages(userId, zip.byRow.get(rowNo) ?? [])
        const result = checkListing({ ...reading.input!, imageIds: shots.ids }, rules, BATCH_CHECK)
        const errors = [...reading.errors, ...shots.errors]
        if (!result.ok) {
          for (const e of result.errors) {
            // an unreadable price was reported once already
            if (reading.price === null && e.startsWith('价格')) continue
            if (!errors.includes(e)) errors.push(e)
          }
        }
        const ok = errors.length === 0 && result.ok
        const hold = ok && result.ok ? result.listing.hold : null
        const outcome: BatchOutcome | undefined = ok ? (hold?.status ?? status) : undefined
        const notes = hold ? [holdNote(hold)] : outcome === 'AUDITING' ? [REVIEW_NOTE] : []
        stored.push({
          rowNo,
          ok,
          errors,
          title: reading.title,
          price: reading.price,
          ...(notes.length ? { notes } : {}),
          ...(zip.byRow.has(rowNo) ? { images: zip.byRow.get(rowNo)!.map((image) => image.name) } : {}),
          ...(outcome ? { outcome } : {}),
          ...(ok && result.ok ? { listing: result.listing } : {}),
        })
      }

      const at = now()
      await repo.deleteExpired(at)
      const batchId = randomBytes(16).toString('hex')
      const validRows = stored.filter((r) => r.ok).length
      await repo.insert({
        id: batchId,
        owner_id: userId,
        game_id: gameId,
        goods_type: goodsType,
        rows_json: JSON.stringify(stored),
        total_rows: stored.length,
        valid_rows: validRows,
        created_at: at,
        expires_at: at + BATCH_TTL_MS,
        published_at: null,
      })
      return {
        batchId,
        gameId,
        goodsType,
        totalRows: stored.length,
        validRows,
        invalidRows: stored.length - validRows,
        onSaleRows: stored.filter((r) => r.outcome === 'ON_SALE').length,
        rows: stored.map(({ listing: _listing, ...row }) => row),
        unmatchedImages,
      }
    },

    /** Publishes the batch's valid rows in one transaction; a batch publishes once, by its owner. */
    async publish(userId: number, batchId: string): Promise<BatchPublishResult> {
      const batch = await repo.find(batchId)
      if (!batch || batch.expires_at < now()) throw notFound(GOODS_MSG.BATCH_NOT_FOUND)
      if (batch.owner_id !== userId) throw forbidden()
      if (batch.published_at !== null) throw badRequest(GOODS_MSG.BATCH_PUBLISHED)
      const rows = (JSON.parse(batch.rows_json) as StoredRow[]).filter((r) => r.ok && r.listing)
      if (rows.length === 0) throw badRequest(GOODS_MSG.BATCH_EMPTY)

      // the game's config may have changed since the preview: every row is checked again
      const rules = await games.rules(batch.game_id)
      const listings = rows.map((row) => {
        const result = checkListing(row.listing!, rules, BATCH_CHECK)
        if (!result.ok)
          throw badRequest(`第 ${row.rowNo} 行：${result.errors[0]}（商品配置已变化，请重新上传预览）`)
        return result.listing
      })

      await goods.saleGate(userId)
      const status = await goods.newListingStatus()
      const goodsIds = await db.transaction().execute(async (trx) => {
        if (!(await batchRepo(trx).markPublished(batchId, now()))) throw badRequest(GOODS_MSG.BATCH_PUBLISHED)
        return goods.createListings(trx, userId, listings, status)
      })
      const published: BatchPublishedRow[] = rows.map((row, i) => {
        const hold = listings[i]!.hold
        const state: BatchOutcome = hold?.status ?? status
        return {
          rowNo: row.rowNo,
          goodsId: goodsIds[i]!,
          title: listings[i]!.title,
          status: state,
          ...(hold ? { reason: hold.remark } : state === 'AUDITING' ? { reason: REVIEW_NOTE } : {}),
        }
      })
      const onSale = published.filter((r) => r.status === 'ON_SALE').length
      return { published: goodsIds.length, goodsIds, held: goodsIds.length - onSale, onSale, rows: published }
    },
  }
}

export type BatchService = ReturnType<typeof batchService>

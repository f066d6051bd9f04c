/**
 * Batch publish: a template per game and goods type (CSV or XLSX), a preview that reads a filled
 * file and checks every row exactly like single publish (checkListing), stored for a day, and the
 * publish of its valid rows in one transaction, once, by its owner.
 * A spreadsheet carries no images: an account row is created off the shelf with the reason
 * 请上传至少 1 张截图后上架 (the seller edits it to add screenshots, then relists it); a row with
 * contact details is held for review like a single listing. The preview notes both on the row.
 */
import { randomBytes } from 'node:crypto'
import {
  GOODS_LIMITS,
  GOODS_MSG,
  type BatchPreview,
  type BatchPublishResult,
  type BatchRowResult,
  type GoodsType,
  type GoodsTypeConfig,
} from '../../../shared/api'
import type { Db } from '../../db'
import { badRequest, forbidden, notFound } from '../../http/errors'
import type { UploadedFile } from '../../plugins/multipart'
import { listingRules, type GameRules, type GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import { checkListing, type ListingHold, type ValidListing } from '../goods/validate'
import { csvRows, decodeCsv, isZip, xlsxRows, type Rows } from './parse'
import { batchRepo } from './repo'
import { csvTemplate, readRows, templateFileName, xlsxTemplate } from './template'

const BATCH_TTL_MS = 24 * 60 * 60 * 1000

interface StoredRow extends BatchRowResult {
  listing?: ValidListing
}

/** rows carry no images: an account row is held off the shelf instead of being refused */
const BATCH_CHECK = { screenshotsLater: true } as const

/** What the preview tells about a valid row that will not go on sale by itself. */
const holdNote = (hold: ListingHold) =>
  hold.status === 'OFF_SHELF' ? `发布后暂不上架：${hold.remark}` : hold.remark

export interface TemplateFile {
  fileName: string
  contentType: string
  body: Buffer
}

export function batchService(deps: { db: Db; games: GameService; goods: GoodsService; now: () => number }) {
  const { db, games, goods, now } = deps
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
    ): Promise<BatchPreview> {
      const { rules, type } = await typeOf(gameId, goodsType)
      const rows = await rowsOf(file)
      if (rows.length < 2) throw badRequest('文件中没有商品数据，请在表头下方逐行填写')
      const { headerProblem, readings } = readRows(rows, rules, type)
      if (headerProblem) throw badRequest(headerProblem)

      const stored: StoredRow[] = readings.map((reading, i) => {
        const result = checkListing(reading.input!, rules, BATCH_CHECK)
        const errors = [...reading.errors]
        if (!result.ok) {
          for (const e of result.errors) {
            // an unreadable price was reported once already
            if (reading.price === null && e.startsWith('价格')) continue
            if (!errors.includes(e)) errors.push(e)
          }
        }
        const ok = errors.length === 0 && result.ok
        const hold = ok && result.ok ? result.listing.hold : null
        return {
          rowNo: i + 1,
          ok,
          errors,
          title: reading.title,
          price: reading.price,
          ...(hold ? { notes: [holdNote(hold)] } : {}),
          ...(ok && result.ok ? { listing: result.listing } : {}),
        }
      })

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
        rows: stored.map(({ listing: _listing, ...row }) => row),
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
      return { published: goodsIds.length, goodsIds, held: listings.filter((l) => l.hold).length }
    },
  }
}

export type BatchService = ReturnType<typeof batchService>

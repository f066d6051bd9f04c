import type { FastifyPluginAsync } from 'fastify'
import {
  BATCH,
  GOODS_LIMITS,
  GOODS_MSG,
  GOODS_TYPES,
  batchPublishedSummary,
  type GoodsType,
} from '../../../shared/api'
import { route, uid } from '../../http/route'
import { badRequest, invalid } from '../../http/errors'
import { readMultipart } from '../../plugins/multipart'
import { rateLimit } from '../../plugins/rate-limit'
import type { BatchService } from './service'

/** attachment; filename="…" (ASCII fallback) plus filename*= UTF-8 for the Chinese name */
const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * gameId and goodsType of a preview: form fields, or the query string. A multipart form is not checked
 * by the schema, so these stand in for it (the validator's messages and reason).
 */
function previewTarget(fields: Record<string, string>, query: { gameId?: number; goodsType?: GoodsType }) {
  const given = fields.gameId?.trim() ?? (query.gameId === undefined ? '' : String(query.gameId))
  const goodsType = (fields.goodsType?.trim() || query.goodsType) as GoodsType | undefined
  if (given === '') throw invalid('游戏编号不能为空')
  const gameId = Number(given)
  if (!Number.isInteger(gameId) || gameId < 1) throw invalid('游戏编号必须是整数')
  if (!goodsType) throw invalid('商品类型不能为空')
  if (!(GOODS_TYPES as readonly string[]).includes(goodsType)) throw invalid('商品类型取值不正确')
  return { gameId, goodsType }
}

export const batchRoutes: FastifyPluginAsync<{ batch: BatchService; now: () => number }> = async (
  app,
  { batch, now },
) => {
  route(app, BATCH.template, async (r, reply) => {
    const { gameId, goodsType, format = 'xlsx' } = r.query
    const file = await batch.template(gameId, goodsType, format)
    return reply
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'no-store')
      .type(file.contentType)
      .send(file.body)
  })

  route(app, BATCH.preview, { onRequest: rateLimit({ max: 30, windowMs: 60_000, now }) }, async (r) => {
    // the sheet (field `file`) and the screenshot zip (field `images`, optional)
    const { fields, files, oversized } = await readMultipart(r, {
      maxFileBytes: GOODS_LIMITS.batchZipMaxBytes,
      missingFileMessage: GOODS_MSG.BATCH_FILE_REQUIRED,
      maxFiles: 2,
    })
    if (oversized.includes('images')) throw badRequest(GOODS_MSG.BATCH_ZIP_TOO_LARGE)
    if (oversized.length > 0) throw badRequest(GOODS_MSG.BATCH_FILE_TOO_LARGE)
    const file = files.find((f) => f.fieldname !== 'images')
    const zip = files.find((f) => f.fieldname === 'images')
    if (!file || file.buffer.length === 0) throw badRequest(GOODS_MSG.BATCH_FILE_REQUIRED)
    if (file.buffer.length > GOODS_LIMITS.batchMaxBytes) throw badRequest(GOODS_MSG.BATCH_FILE_TOO_LARGE)
    const { gameId, goodsType } = previewTarget(fields, r.query)
    return batch.preview(uid(r), gameId, goodsType, file, zip && zip.buffer.length > 0 ? zip : undefined)
  })

  route(app, BATCH.publish, { message: batchPublishedSummary }, (r) => batch.publish(uid(r), r.body.batchId))
}

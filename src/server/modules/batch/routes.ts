import type { FastifyPluginAsync } from 'fastify'
import {
  Code,
  GOODS_LIMITS,
  GOODS_MSG,
  GOODS_PATHS,
  batchPreviewQuerySchema,
  batchPublishBodySchema,
  batchTemplateQuerySchema,
  type GoodsType,
} from '../../../shared/api'
import { sessionOf } from '../../plugins/auth'
import { ApiError, ok } from '../../plugins/envelope'
import { readMultipart } from '../../plugins/multipart'
import { rateLimit } from '../../plugins/rate-limit'
import type { BatchService } from './service'

type TemplateQuery = { format?: 'csv' | 'xlsx'; gameId: number; goodsType: GoodsType }

/** attachment; filename="…" (ASCII fallback) plus filename*= UTF-8 for the Chinese name */
const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

const GOODS_TYPES = ['ACCOUNT', 'COIN', 'ITEM', 'RECHARGE']

/** gameId and goodsType of a preview: form fields, or the query string. */
function previewTarget(fields: Record<string, string>, query: Partial<TemplateQuery>) {
  const given = fields.gameId?.trim() ?? (query.gameId === undefined ? '' : String(query.gameId))
  const goodsType = (fields.goodsType?.trim() || query.goodsType) as GoodsType | undefined
  if (given === '') throw new ApiError(Code.BAD_REQUEST, '游戏编号不能为空')
  const gameId = Number(given)
  if (!Number.isInteger(gameId) || gameId < 1) throw new ApiError(Code.BAD_REQUEST, '游戏编号必须是整数')
  if (!goodsType) throw new ApiError(Code.BAD_REQUEST, '商品类型不能为空')
  if (!GOODS_TYPES.includes(goodsType)) throw new ApiError(Code.BAD_REQUEST, '商品类型取值不正确')
  return { gameId, goodsType }
}

export const batchRoutes: FastifyPluginAsync<{ batch: BatchService; now: () => number }> = async (
  app,
  { batch, now },
) => {
  const auth = { config: { auth: true } }

  app.get<{ Querystring: TemplateQuery }>(
    GOODS_PATHS.batchTemplate,
    { ...auth, schema: { querystring: batchTemplateQuerySchema } },
    async (request, reply) => {
      const { gameId, goodsType, format = 'xlsx' } = request.query
      const file = await batch.template(gameId, goodsType, format)
      return reply
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.body)
    },
  )

  app.post<{ Querystring: Partial<TemplateQuery> }>(
    GOODS_PATHS.batchPreview,
    {
      ...auth,
      schema: { querystring: batchPreviewQuerySchema },
      onRequest: rateLimit({ max: 30, windowMs: 60_000, now }),
    },
    async (request) => {
      const { fields, file, tooLarge } = await readMultipart(request, {
        maxFileBytes: GOODS_LIMITS.batchMaxBytes,
        missingFileMessage: GOODS_MSG.BATCH_FILE_REQUIRED,
      })
      if (tooLarge || !file) throw new ApiError(Code.BAD_REQUEST, GOODS_MSG.BATCH_FILE_TOO_LARGE)
      if (file.buffer.length === 0) throw new ApiError(Code.BAD_REQUEST, GOODS_MSG.BATCH_FILE_REQUIRED)
      const { gameId, goodsType } = previewTarget(fields, request.query)
      return ok(await batch.preview(sessionOf(request).userId, gameId, goodsType, file))
    },
  )

  app.post<{ Body: { batchId: string } }>(
    GOODS_PATHS.batchPublish,
    { ...auth, schema: { body: batchPublishBodySchema } },
    async (request) => {
      const result = await batch.publish(sessionOf(request).userId, request.body.batchId)
      return ok(result, `成功发布 ${result.published} 件商品`)
    },
  )
}

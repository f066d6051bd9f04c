import { createReadStream } from 'node:fs'
import type { FastifyPluginAsync } from 'fastify'
import { Code, GOODS_LIMITS, GOODS_MSG, GOODS_PATHS, imageFileParamsSchema } from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import { sessionOf } from '../../plugins/auth'
import { ApiError, ok } from '../../plugins/envelope'
import { readMultipart } from '../../plugins/multipart'
import { rateLimit } from '../../plugins/rate-limit'
import type { ImageService } from './service'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Upload (logged in, multipart field `file`, one per request) and the served files (public, cached). */
export const imageRoutes: FastifyPluginAsync<{ images: ImageService; now: () => number }> = async (
  app,
  { images, now },
) => {
  app.post(
    GOODS_PATHS.uploadImage,
    { config: { auth: true }, onRequest: rateLimit({ max: 60, windowMs: 60_000, now }) },
    async (request) => {
      const { file, tooLarge } = await readMultipart(request, {
        maxFileBytes: GOODS_LIMITS.imageMaxBytes,
        missingFileMessage: GOODS_MSG.IMAGE_REQUIRED,
      })
      if (tooLarge || !file) throw new ApiError(Code.BAD_REQUEST, GOODS_MSG.IMAGE_TOO_LARGE)
      if (file.buffer.length === 0) throw new ApiError(Code.BAD_REQUEST, GOODS_MSG.IMAGE_REQUIRED)
      return ok(await images.upload(sessionOf(request).userId, file.buffer), '上传成功')
    },
  )

  app.get<{ Params: { name: string } }>(
    GOODS_PATHS.imageFile,
    { schema: { params: imageFileParamsSchema } },
    async (request, reply) => {
      const file = await images.fileOf(request.params.name)
      if (!file) throw new ApiError(Code.NOT_FOUND, MSG.NOT_FOUND)
      return reply
        .header('cache-control', IMMUTABLE)
        .header('content-length', file.size)
        .type('image/jpeg')
        .send(createReadStream(file.path))
    },
  )
}

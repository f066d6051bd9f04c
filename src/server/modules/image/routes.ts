import type { FastifyPluginAsync } from 'fastify'
import { GOODS_LIMITS, GOODS_MSG, IMAGE } from '../../../shared/api'
import { route, uid } from '../../http/route'
import { badRequest, notFound } from '../../http/errors'
import { readMultipart } from '../../plugins/multipart'
import { rateLimit } from '../../plugins/rate-limit'
import type { ImageService } from './service'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Upload (logged in, multipart field `file`, one per request) and the served files (public, cached). */
export const imageRoutes: FastifyPluginAsync<{ images: ImageService; now: () => number }> = async (
  app,
  { images, now },
) => {
  route(
    app,
    IMAGE.upload,
    { message: '上传成功', onRequest: rateLimit({ max: 60, windowMs: 60_000, now }) },
    async (r) => {
      const { file, tooLarge } = await readMultipart(r, {
        maxFileBytes: GOODS_LIMITS.imageMaxBytes,
        missingFileMessage: GOODS_MSG.IMAGE_REQUIRED,
      })
      if (tooLarge || !file) throw badRequest(GOODS_MSG.IMAGE_TOO_LARGE)
      if (file.buffer.length === 0) throw badRequest(GOODS_MSG.IMAGE_REQUIRED)
      return images.upload(uid(r), file.buffer)
    },
  )

  // one address per picture: WebP to a browser whose Accept names it, JPEG to everything else
  route(app, IMAGE.file, async (r, reply) => {
    const file = await images.servedFile(r.params.name, /\bimage\/webp\b/.test(r.headers.accept ?? ''))
    if (!file) throw notFound()
    return reply
      .header('cache-control', IMMUTABLE)
      .header('vary', 'accept')
      .header('content-length', file.size)
      .type(file.type)
      .send(file.open())
  })
}

import type { FastifyPluginAsync } from 'fastify'
import { PATHS, noticeIdParamsSchema, noticeListQuerySchema } from '../../../shared/api'
import { ok, table } from '../../plugins/envelope'
import type { NoticeFilter } from './repo'
import type { NoticeService } from './service'

export const noticeRoutes: FastifyPluginAsync<{ notices: NoticeService }> = async (app, { notices }) => {
  app.get<{ Querystring: NoticeFilter }>(
    PATHS.noticeList,
    { schema: { querystring: noticeListQuerySchema } },
    async (request) => table(await notices.page(request.query)),
  )

  app.get<{ Params: { noticeId: number } }>(
    PATHS.noticeDetail,
    { schema: { params: noticeIdParamsSchema } },
    async (request) => ok(await notices.detail(request.params.noticeId)),
  )
}

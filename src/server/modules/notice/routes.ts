import type { FastifyPluginAsync } from 'fastify'
import { NOTICE } from '../../../shared/api'
import { route } from '../../http/route'
import type { NoticeService } from './service'

export const noticeRoutes: FastifyPluginAsync<{ notices: NoticeService }> = async (app, { notices }) => {
  route(app, NOTICE.list, (r) => notices.page(r.query))
  route(app, NOTICE.detail, (r) => notices.detail(r.params.noticeId))
}

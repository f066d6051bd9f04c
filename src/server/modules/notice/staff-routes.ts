import type { FastifyPluginAsync } from 'fastify'
import { NOTICE_ADMIN } from '../../../shared/api'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { NoticeAdminService } from './admin'

/** Console: 公告与攻略 (permissions system:notice:list / system:notice:edit, checked by route()). */
export const noticeAdminRoutes: FastifyPluginAsync<{ admin: NoticeAdminService }> = async (
  app,
  { admin },
) => {
  route(app, NOTICE_ADMIN.list, (r) => admin.list(r.query))
  route(app, NOTICE_ADMIN.detail, (r) => admin.detail(r.query.noticeId))
  route(app, NOTICE_ADMIN.preview, (r) => admin.preview(r.body.content))
  route(app, NOTICE_ADMIN.save, { message: '保存成功' }, (r) => admin.save(actorOf(r), r.body))
  route(app, NOTICE_ADMIN.publish, { message: '已发布' }, (r) => admin.publish(actorOf(r), r.body.noticeId))
  route(app, NOTICE_ADMIN.unpublish, { message: '已下线' }, (r) =>
    admin.unpublish(actorOf(r), r.body.noticeId),
  )
  route(app, NOTICE_ADMIN.remove, { message: '已删除' }, (r) => admin.remove(actorOf(r), r.body.noticeId))
}

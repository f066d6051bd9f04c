import type { FastifyPluginAsync } from 'fastify'
import { NOTICE_STAFF } from '../../../shared/api'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { NoticeStaffService } from './staff'

/** Staff: 公告与攻略 (permissions system:notice:list / system:notice:edit, checked by route()). */
export const noticeStaffRoutes: FastifyPluginAsync<{ staff: NoticeStaffService }> = async (
  app,
  { staff },
) => {
  route(app, NOTICE_STAFF.list, (r) => staff.list(r.query))
  route(app, NOTICE_STAFF.detail, (r) => staff.detail(r.query.noticeId))
  route(app, NOTICE_STAFF.preview, (r) => staff.preview(r.body.content))
  route(app, NOTICE_STAFF.save, { message: '保存成功' }, (r) => staff.save(actorOf(r), r.body))
  route(app, NOTICE_STAFF.publish, { message: '已发布' }, (r) => staff.publish(actorOf(r), r.body.noticeId))
  route(app, NOTICE_STAFF.unpublish, { message: '已下线' }, (r) =>
    staff.unpublish(actorOf(r), r.body.noticeId),
  )
  route(app, NOTICE_STAFF.remove, { message: '已删除' }, (r) => staff.remove(actorOf(r), r.body.noticeId))
}

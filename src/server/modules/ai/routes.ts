import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { AI, AI_STAFF } from '../../../shared/api'
import { route, sessionOrNull, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import type { AiService } from './service'

/** AI drawing: options, jobs, works, gallery, reactions, and the staff tools (permission strings). */
export const aiRoutes: FastifyPluginAsync<{ ai: AiService; now: () => number }> = async (
  app,
  { ai, now },
) => {
  const viewer = (r: Parameters<typeof sessionOrNull>[0]) => sessionOrNull(r)?.userId ?? null

  route(app, AI.options, (r) => ai.options(viewer(r)))
  route(
    app,
    AI.create,
    // per client address, on top of the per-user quota and concurrency limit
    { message: '已提交，正在排队', onRequest: rateLimit({ max: 20, windowMs: 60_000, now }) },
    (r) => ai.create(uid(r), r.body),
  )
  route(app, AI.jobs, (r) => ai.jobs(uid(r), r.query))
  route(app, AI.job, (r) => ai.job(uid(r), r.params.jobId))
  route(app, AI.cancel, { message: '已取消' }, (r) => ai.cancel(uid(r), r.body.jobId))

  route(app, AI.myWorks, (r) => ai.myWorks(uid(r), r.query))
  route(app, AI.gallery, { onRequest: rateLimit({ max: 300, windowMs: 60_000, now }) }, (r) =>
    ai.gallery(viewer(r), r.query),
  )
  route(app, AI.detail, (r) => ai.detail(viewer(r), r.params.workId))
  route(app, AI.publish, { message: (_res, r) => (r.body.publish ? '已发布到画廊' : '已从画廊撤回') }, (r) =>
    ai.publish(uid(r), r.body.workId, r.body.publish),
  )
  route(app, AI.remove, { message: '已删除' }, (r) => ai.remove(uid(r), r.body.workId))
  route(app, AI.like, { onRequest: rateLimit({ max: 120, windowMs: 60_000, now }) }, (r) =>
    ai.like(uid(r), r.body.workId, r.body.on),
  )
  route(app, AI.favourite, { onRequest: rateLimit({ max: 120, windowMs: 60_000, now }) }, (r) =>
    ai.favourite(uid(r), r.body.workId, r.body.on),
  )
  route(app, AI.favourites, (r) => ai.favourites(uid(r), r.query))
  route(app, AI.download, (r) => ai.download(uid(r), r.body.workId))
  route(app, AI.useAsAvatar, { message: '已设为头像' }, (r) => ai.useAsAvatar(uid(r), r.body.workId))
  route(app, AI.useAsCover, { message: '已生成商品封面图片' }, (r) => ai.useAsCover(uid(r), r.body.workId))

  route(app, AI_STAFF.works, (r) => ai.staff.staffWorks(r.query))
  route(app, AI_STAFF.hide, { message: '已隐藏' }, (r) =>
    ai.staff.hide(actorOf(r), r.body.workId, r.body.reason),
  )
  route(app, AI_STAFF.unhide, { message: '已取消隐藏' }, (r) => ai.staff.unhide(actorOf(r), r.body.workId))
  route(app, AI_STAFF.words, (r) => ai.staff.words(r.query))
  route(app, AI_STAFF.addWord, { message: '已添加' }, (r) => ai.staff.addWord(actorOf(r), r.body.word))
  route(app, AI_STAFF.removeWord, { message: '已删除' }, (r) =>
    ai.staff.removeWord(actorOf(r), r.body.wordId),
  )
}

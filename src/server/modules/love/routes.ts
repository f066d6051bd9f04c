import type { FastifyPluginAsync } from 'fastify'
import { LOVE, LOVE_STAFF } from '../../../shared/api/love'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { actorOf } from '../oplog/service'
import type { LoveService } from './service'

/** 公会助力: the public board, a user's supports (rate limited per address), staff management. */
export const loveRoutes: FastifyPluginAsync<{ love: LoveService; now: () => number }> = async (
  app,
  { love, now },
) => {
  route(app, LOVE.board, () => love.board())
  route(app, LOVE.mine, (r) => love.mine(uid(r), r.query.activityId))
  route(
    app,
    LOVE.support,
    { message: '助力成功', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => love.support(uid(r), r.body.guildId, r.ip),
  )

  route(app, LOVE_STAFF.activityList, (r) => love.activities(r.query))
  route(app, LOVE_STAFF.activityAdd, { message: '已创建' }, (r) => love.staff.addActivity(actorOf(r), r.body))
  route(app, LOVE_STAFF.activityEdit, { message: '已保存' }, (r) => {
    const { activityId, ...body } = r.body
    return love.staff.editActivity(actorOf(r), activityId, body)
  })
  route(app, LOVE_STAFF.activityRemove, { message: '已删除' }, (r) =>
    love.staff.removeActivity(actorOf(r), r.body.activityId),
  )
  route(app, LOVE_STAFF.guildList, (r) => love.guilds(r.query.activityId))
  route(app, LOVE_STAFF.guildAdd, { message: '已添加' }, (r) => love.staff.addGuild(actorOf(r), r.body))
  route(app, LOVE_STAFF.guildEdit, { message: '已保存' }, (r) => {
    const { guildId, ...body } = r.body
    return love.staff.editGuild(actorOf(r), guildId, body)
  })
  route(app, LOVE_STAFF.guildRemove, { message: '已删除' }, (r) =>
    love.staff.removeGuild(actorOf(r), r.body.guildId),
  )
  route(app, LOVE_STAFF.supportList, (r) => love.supports(r.query))
  route(app, LOVE_STAFF.voidSupports, { message: '已作废' }, (r) =>
    love.staff.voidSupports(actorOf(r), r.body),
  )
}

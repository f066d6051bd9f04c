import type { FastifyPluginAsync } from 'fastify'
import { AGENCY, AGENCY_STAFF, GAME } from '../../../shared/api'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { actorOf } from '../oplog/service'
import type { AgencyService } from './service'

/** 代售: the owner's applications and sold orders; staff (代售审核) verify, publish and deliver. */
export const agencyRoutes: FastifyPluginAsync<{ agency: AgencyService; now: () => number }> = async (
  app,
  { agency, now },
) => {
  route(
    app,
    AGENCY.apply,
    { message: '代售申请已提交', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => agency.apply(uid(r), r.body),
  )
  route(app, AGENCY.terms, async (r) => ({
    gameId: r.params.gameId,
    commissionPercent: await agency.percentOf(r.params.gameId),
  }))
  route(app, AGENCY.my, (r) => agency.my(uid(r), r.query))
  route(app, AGENCY.detail, (r) => agency.detail(uid(r), r.params.applicationId))
  route(app, AGENCY.withdraw, { message: '已撤回' }, (r) => agency.withdraw(uid(r), r.body.applicationId))
  route(app, AGENCY.orders, (r) => agency.orders(uid(r), r.query))
  route(app, AGENCY.ordersExport, { message: '导出成功' }, (r) => agency.exportOrders(uid(r), r.body ?? {}))
  route(app, GAME.myAgencySale, (r) => agency.myGames(uid(r)))

  route(app, AGENCY_STAFF.list, (r) => agency.list(r.query))
  route(app, AGENCY_STAFF.detail, (r) => agency.staffDetail(r.params.applicationId))
  route(app, AGENCY_STAFF.credentials, (r) => agency.credentials(actorOf(r), r.body.applicationId))
  route(app, AGENCY_STAFF.take, { message: '已受理' }, (r) => agency.take(actorOf(r), r.body.applicationId))
  route(app, AGENCY_STAFF.check, { message: '验号结果已保存' }, (r) =>
    agency.check(actorOf(r), r.body.applicationId, r.body.checks),
  )
  route(app, AGENCY_STAFF.reject, { message: '已驳回' }, (r) =>
    agency.reject(actorOf(r), r.body.applicationId, r.body.reason),
  )
  route(app, AGENCY_STAFF.publish, { message: '已上架' }, (r) =>
    agency.publish(actorOf(r), r.body.applicationId, r.body.price),
  )
  route(app, AGENCY_STAFF.deliver, { message: '已交付' }, (r) =>
    agency.deliver(actorOf(r), r.body.applicationId, r.body.fields),
  )
}

import type { FastifyPluginAsync } from 'fastify'
import { PROTECTION, PROTECTION_STAFF } from '../../../shared/api/protection'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { actorOf } from '../oplog/service'
import type { ProtectionService } from './service'

/** 包赔 (docs/recovery-protection.md): listing terms, an order's protection, claims, staff decisions. */
export const protectionRoutes: FastifyPluginAsync<{
  protection: ProtectionService
  now: () => number
}> = async (app, { protection, now }) => {
  route(app, PROTECTION.options, () => protection.options())
  route(app, PROTECTION.terms, (r) => protection.terms(r.params.goodsId))
  route(app, PROTECTION.order, (r) => protection.order(uid(r), r.params.orderNo))
  route(
    app,
    PROTECTION.claim,
    { message: '理赔申请已提交', onRequest: rateLimit({ max: 10, windowMs: 60_000, now }) },
    (r) => protection.fileClaim(uid(r), r.body),
  )
  route(app, PROTECTION.extra, { message: '已更新额外包赔' }, (r) =>
    protection.extra(uid(r), r.body.orderNo, r.body.add),
  )
  route(app, PROTECTION_STAFF.list, (r) => protection.list(r.query))
  route(app, PROTECTION_STAFF.detail, (r) => protection.detail(r.params.claimId))
  route(app, PROTECTION_STAFF.decide, { message: '操作成功' }, (r) => protection.decide(actorOf(r), r.body))
}

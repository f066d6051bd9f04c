import type { FastifyPluginAsync } from 'fastify'
import { BULK, WORKBENCH, type BulkResult } from '../../../shared/api'
import { route, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { sellerToolsService, type SellerToolsDeps } from './service'

/** 成功 18 件，失败 2 件 — the detail per listing is in the result (docs/seller-tools.md). */
const outcome = ({ done, failed }: BulkResult) =>
  failed === 0 ? `成功 ${done} 件` : `成功 ${done} 件，失败 ${failed} 件`

/** Bulk actions on 我出售的商品 and the desktop workbench's summary. */
export const sellerToolsRoutes: FastifyPluginAsync<SellerToolsDeps> = async (app, deps) => {
  const tools = sellerToolsService(deps)
  // one bulk request is up to 100 transactions: at most 30 a minute per address and action
  const bulk = () => ({
    message: outcome,
    onRequest: rateLimit({ max: 30, windowMs: 60_000, now: deps.now }),
  })
  route(app, BULK.offShelf, bulk(), (r) => tools.offShelf(uid(r), r.body.goodsIds))
  route(app, BULK.onShelf, bulk(), (r) => tools.onShelf(uid(r), r.body.goodsIds))
  route(app, BULK.price, bulk(), (r) =>
    tools.price(uid(r), r.body.goodsIds, { mode: r.body.mode, value: r.body.value }),
  )
  route(app, BULK.push, bulk(), (r) => tools.push(uid(r), r.body.goodsIds, r.body.hours))
  route(app, WORKBENCH.summary, (r) => tools.workbench(uid(r)))
}

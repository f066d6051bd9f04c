import type { FastifyPluginAsync } from 'fastify'
import { BULK, WORKBENCH, type BulkResult } from '../../../shared/api'
import { route, uid } from '../../http/route'
import { sellerToolsService, type SellerToolsDeps } from './service'

/** 成功 18 件，失败 2 件 — the detail per listing is in the result (docs/seller-tools.md). */
const outcome = ({ done, failed }: BulkResult) =>
  failed === 0 ? `成功 ${done} 件` : `成功 ${done} 件，失败 ${failed} 件`

/** Bulk actions on 我出售的商品 and the desktop workbench's summary. */
export const sellerToolsRoutes: FastifyPluginAsync<SellerToolsDeps> = async (app, deps) => {
  const tools = sellerToolsService(deps)
  route(app, BULK.offShelf, { message: outcome }, (r) => tools.offShelf(uid(r), r.body.goodsIds))
  route(app, BULK.onShelf, { message: outcome }, (r) => tools.onShelf(uid(r), r.body.goodsIds))
  route(app, BULK.price, { message: outcome }, (r) =>
    tools.price(uid(r), r.body.goodsIds, { mode: r.body.mode, value: r.body.value }),
  )
  route(app, BULK.push, { message: outcome }, (r) => tools.push(uid(r), r.body.goodsIds, r.body.hours))
  route(app, WORKBENCH.summary, (r) => tools.workbench(uid(r)))
}

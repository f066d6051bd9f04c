/**
 * The staff side of listings (docs/console.md, 商品审核): the review queue and every listing, approve
 * or reject listings in review (all or none, with a reason the seller reads), and forced take-down.
 * Each change, its search entries and its operation-log row (modules/oplog) are one transaction;
 * the search caches are cleared after it.
 */
import { GOODS_MSG, type AuditGoodsBody, type GoodsStatus } from '../../../shared/api'
import type { StaffGoodsQuery, StaffGoods } from '../../../shared/api/goods'
import type { Db, DbDialect } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { goodsRepo, type GoodsRepo } from './repo'

export function goodsStaff(deps: {
  db: Db
  dialect: DbDialect
  now: () => number
  repo: GoodsRepo
  /** rewrites a listing's search entries in the change's transaction */
  syncSearch: (trx: Db, goodsId: number) => Promise<void>
  /** clears the search caches (after the commit) */
  invalidate: () => void
}) {
  const { db, dialect, now, repo, syncSearch, invalidate } = deps

  async function staffDecide(
    actor: Actor,
    goodsIds: number[],
    approve: boolean,
    reason: string,
  ): Promise<number> {
    const ids = [...new Set(goodsIds)]
    await db.transaction().execute(async (trx) => {
      const tx = goodsRepo(trx, dialect)
      for (const goodsId of ids) {
        const row = await tx.find(goodsId, { lock: true })
        if (!row) throw notFound(GOODS_MSG.NOT_FOUND)
        if (row.status !== 'AUDITING')
          throw badRequest(ids.length === 1 ? '商品不在审核中' : `商品 ${goodsId} 不在审核中`)
        const at = now()
        const after = {
          status: approve ? ('ON_SALE' as const) : ('OFF_SHELF' as const),
          audit_remark: approve ? '' : `审核未通过：${reason.trim()}`,
        }
        await tx.update(goodsId, { ...after, updated_at: at, ...(approve ? { on_sale_at: at } : {}) })
        await syncSearch(trx, goodsId)
        await record(trx, {
          actor,
          module: 'goods',
          action: approve ? 'approve' : 'reject',
          target: goodsId,
          before: { status: row.status, auditRemark: row.audit_remark },
          after,
          detail: reason,
          at,
        })
      }
    })
    invalidate()
    return ids.length
  }

  return {
    /** Staff (permission-declared endpoint): approve or reject one listing in review. */
    async audit(actor: Actor, body: AuditGoodsBody): Promise<GoodsStatus> {
      const reason = body.approve ? '' : body.reason?.trim() || '商品信息不符合发布规范'
      await staffDecide(actor, [body.goodsId], body.approve, reason)
      return body.approve ? 'ON_SALE' : 'OFF_SHELF'
    },

    /** Staff: every listing but deleted ones, newest first; status AUDITING is the review queue. */
    async staffPage(q: StaffGoodsQuery): Promise<Page<StaffGoods>> {
      const page = await repo.staffPage(q)
      return {
        total: Number(page.total),
        rows: page.rows.map((r) => ({
          goodsId: r.id,
          title: r.title,
          gameId: r.game_id,
          gameName: r.game_name,
          goodsType: r.goods_type,
          price: Number(r.price),
          stock: Number(r.stock),
          status: r.status,
          sellerId: r.seller_id,
          sellerName: r.seller_name,
          auditRemark: r.audit_remark,
          held: r.status === 'AUDITING' && r.audit_remark !== '',
          createdAt: Number(r.created_at),
          updatedAt: Number(r.updated_at),
        })),
      }
    },

    /** Staff: approve or reject listings in review, all or none; each change logged with it. */
    staffDecide,

    /** Staff: forced take-down of a listing on sale or in review; the seller reads the reason. */
    async takedown(actor: Actor, goodsId: number, reason: string) {
      await db.transaction().execute(async (trx) => {
        const tx = goodsRepo(trx, dialect)
        const row = await tx.find(goodsId, { lock: true })
        if (!row) throw notFound(GOODS_MSG.NOT_FOUND)
        if (row.status !== 'ON_SALE' && row.status !== 'AUDITING')
          throw badRequest('只能下架在售或审核中的商品')
        const at = now()
        const after = { status: 'OFF_SHELF' as const, audit_remark: `平台下架：${reason.trim()}` }
        await tx.update(goodsId, { ...after, updated_at: at })
        await syncSearch(trx, goodsId)
        await record(trx, {
          actor,
          module: 'goods',
          action: 'takedown',
          target: goodsId,
          before: { status: row.status, auditRemark: row.audit_remark },
          after,
          detail: reason,
          at,
        })
      })
      invalidate()
    },
  }
}

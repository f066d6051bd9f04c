/** SQL of followed listings (goods_follows). */
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'

export function followRepo(db: Db) {
  return {
    /** true when a new follow was stored (false: it existed). */
    async add(userId: number, goodsId: number, price: number, at: number): Promise<boolean> {
      const result = await db
        .insertInto('goods_follows')
        .values({ user_id: userId, goods_id: goodsId, price_at_follow: price, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    async remove(userId: number, goodsId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('goods_follows')
        .where('user_id', '=', userId)
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    async has(userId: number, goodsId: number): Promise<boolean> {
      const row = await db
        .selectFrom('goods_follows')
        .select('goods_id')
        .where('user_id', '=', userId)
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Every listing the user follows. */
    async goodsIdsOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('goods_follows')
        .select('goods_id')
        .where('user_id', '=', userId)
        .execute()
      return rows.map((r) => r.goods_id)
    },

    /** The user's follows of these listings, newest first. */
    page(userId: number, goodsIds: number[], query: { pageNum?: number; pageSize?: number }) {
      const q = db
        .selectFrom('goods_follows as f')
        .select(['f.goods_id', 'f.price_at_follow', 'f.created_at'])
        .where('f.user_id', '=', userId)
        .where('f.goods_id', 'in', goodsIds.length > 0 ? goodsIds : [0])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.goods_id', 'desc')
      return fetchPage(q, query)
    },
  }
}

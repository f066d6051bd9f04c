/** SQL of followed listings (goods_follows) and the listings' follow counts. */
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

    async addCount(goodsId: number, delta: number) {
      await db
        .updateTable('goods')
        .set((eb) => ({ follow_count: eb('follow_count', '+', delta) }))
        .where('id', '=', goodsId)
        .execute()
    },

    /** The user's follows of listings that still exist (deleted ones drop out), newest first. */
    page(userId: number, query: { pageNum?: number; pageSize?: number }) {
      const q = db
        .selectFrom('goods_follows as f')
        .innerJoin('goods as g', 'g.id', 'f.goods_id')
        .select(['f.goods_id', 'f.price_at_follow', 'f.created_at', 'g.price'])
        .where('f.user_id', '=', userId)
        .where('g.deleted_at', 'is', null)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.goods_id', 'desc')
      return fetchPage(q, query)
    },
  }
}

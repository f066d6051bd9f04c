/** SQL of delivery accounts: encrypted credentials of a seller's account listings. */
import { sql, type SqlBool } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import { containsPattern } from '../goods/search-text'

export function deliveryRepo(db: Db) {
  return {
    find(goodsId: number) {
      return db
        .selectFrom('goods_delivery_accounts')
        .selectAll()
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
    },

    /** Whether the listing is switched to automatic delivery (the flag lives on the listing). */
    async autoDelivery(goodsId: number): Promise<boolean> {
      const row = await db
        .selectFrom('goods')
        .select('auto_delivery')
        .where('id', '=', goodsId)
        .where('goods_type', '=', 'ACCOUNT')
        .executeTakeFirst()
      return row?.auto_delivery === 1
    },

    async save(row: { goods_id: number; seller_id: number; fields_enc: string; now: number }) {
      await db
        .insertInto('goods_delivery_accounts')
        .values({
          goods_id: row.goods_id,
          seller_id: row.seller_id,
          fields_enc: row.fields_enc,
          created_at: row.now,
          updated_at: row.now,
        })
        .onConflict((oc) =>
          oc.column('goods_id').doUpdateSet({ fields_enc: row.fields_enc, updated_at: row.now }),
        )
        .execute()
    },

    async remove(goodsId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('goods_delivery_accounts')
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** The seller's account listings (not deleted), newest first, with their saved credentials if any. */
    page(
      sellerId: number,
      query: { pageNum?: number; pageSize?: number; gameId?: number; keyword?: string },
    ) {
      let q = db
        .selectFrom('goods')
        .leftJoin('goods_delivery_accounts as d', 'd.goods_id', 'goods.id')
        .select([
          'goods.id',
          'goods.title',
          'goods.game_id',
          'goods.status',
          'goods.auto_delivery',
          'd.fields_enc',
          'd.updated_at',
        ])
        .where('goods.seller_id', '=', sellerId)
        .where('goods.goods_type', '=', 'ACCOUNT')
        .where('goods.deleted_at', 'is', null)
        .orderBy('goods.id', 'desc')
      if (query.gameId) q = q.where('goods.game_id', '=', query.gameId)
      if (query.keyword?.trim())
        q = q.where(sql<SqlBool>`goods.title like ${containsPattern(query.keyword.trim())} escape '\\'`)
      return fetchPage(q, query)
    },
  }
}

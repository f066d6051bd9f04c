/** SQL of delivery accounts: encrypted credentials of a seller's account listings. */
import type { Db } from '../../db'

export function deliveryRepo(db: Db) {
  return {
    find(goodsId: number) {
      return db
        .selectFrom('goods_delivery_accounts')
        .selectAll()
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
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

    /** The saved delivery accounts of these listings. */
    findMany(goodsIds: number[]) {
      if (goodsIds.length === 0) return Promise.resolve([])
      return db.selectFrom('goods_delivery_accounts').selectAll().where('goods_id', 'in', goodsIds).execute()
    },
  }
}

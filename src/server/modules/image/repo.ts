/** SQL of the image module: uploaded goods images and their link to a listing. */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { GoodsImagesTable } from './tables'

export function imageRepo(db: Db) {
  return {
    async insert(row: Insertable<GoodsImagesTable>) {
      await db.insertInto('goods_images').values(row).execute()
    },

    findMany(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db.selectFrom('goods_images').selectAll().where('id', 'in', ids).execute()
    },

    ofGoods(goodsIds: number[]) {
      if (goodsIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('goods_images')
        .selectAll()
        .where('goods_id', 'in', goodsIds)
        .orderBy('goods_id')
        .orderBy('sort')
        .execute()
    },

    async attach(id: string, goodsId: number, sort: number) {
      await db.updateTable('goods_images').set({ goods_id: goodsId, sort }).where('id', '=', id).execute()
    },

    /** Unlinks the listing's images that are not in `keep` (they may be used again). */
    async detachOthers(goodsId: number, keep: string[]) {
      let query = db
        .updateTable('goods_images')
        .set({ goods_id: null, sort: 0 })
        .where('goods_id', '=', goodsId)
      if (keep.length > 0) query = query.where('id', 'not in', keep)
      await query.execute()
    },
  }
}

/** SQL of batch publish: stored previews (goods_batches). */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { GoodsBatchesTable } from './tables'

export function batchRepo(db: Db) {
  return {
    async insert(row: Insertable<GoodsBatchesTable>) {
      await db.insertInto('goods_batches').values(row).execute()
    },

    find(batchId: string) {
      return db.selectFrom('goods_batches').selectAll().where('id', '=', batchId).executeTakeFirst()
    },

    /** Claims the batch for publishing: false when it was published already (or concurrently). */
    async markPublished(batchId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('goods_batches')
        .set({ published_at: at })
        .where('id', '=', batchId)
        .where('published_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteExpired(now: number) {
      await db.deleteFrom('goods_batches').where('expires_at', '<', now).execute()
    },
  }
}

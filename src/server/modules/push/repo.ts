/** SQL of goods pushes (goods_pushes). */
import { sql, type Insertable } from 'kysely'
import type { Db, DbDialect } from '../../db'
import { fetchPage } from '../../db/paging'
import type { GoodsPushesTable } from './tables'

export function pushRepo(db: Db, dialect: DbDialect) {
  return {
    async countOnDay(sellerId: number, day: string): Promise<number> {
      const row = await db
        .selectFrom('goods_pushes')
        .select(sql<number>`count(*)`.as('n'))
        .where('seller_id', '=', sellerId)
        .where('day', '=', day)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Serialises one seller's pushes on PostgreSQL (the daily quota is read then written). */
    async lockSeller(sellerId: number) {
      if (dialect === 'postgres')
        await db.selectFrom('users').select('id').where('id', '=', sellerId).forUpdate().execute()
    },

    async insert(row: Insertable<GoodsPushesTable>) {
      await db.insertInto('goods_pushes').values(row).execute()
    },

    page(sellerId: number, query: { pageNum?: number; pageSize?: number }) {
      const q = db
        .selectFrom('goods_pushes as p')
        .select(['p.id', 'p.goods_id', 'p.start_at', 'p.end_at'])
        .where('p.seller_id', '=', sellerId)
        .orderBy('p.id', 'desc')
      return fetchPage(q, query)
    },
  }
}

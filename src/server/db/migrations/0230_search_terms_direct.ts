import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

/**
 * PostgreSQL: the GIN index of goods.search_terms takes listing changes directly (fastupdate off)
 * instead of queueing them in a pending list that every keyword search would scan until the next
 * vacuum; what is queued now is moved into the index. SQLite keeps goods_fts (nothing to do). See
 * docs/scaling.md, "Search on PostgreSQL".
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return
    await sql`alter index goods_search_terms set (fastupdate = off)`.execute(db)
    await sql`select gin_clean_pending_list('goods_search_terms'::regclass)`.execute(db)
  },
})
export default migration

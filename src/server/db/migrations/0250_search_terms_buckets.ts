import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

/** SEARCH_BUCKET_BITS of search-text.ts when this was written: a migration does not change with the code */
const BUCKET_BITS = 17

/**
 * PostgreSQL: every term of goods.search_terms is prefixed with its listing's id range (`7:王者`, see
 * search-text.ts), so a capped keyword count reads the GIN index one range at a time, newest first,
 * and stops early for a common keyword. The index is dropped and built again around the rewrite (one
 * sort instead of a GIN insert per term). SQLite keeps goods_fts (nothing to do). See
 * docs/scaling.md, "Search on PostgreSQL".
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return
    await sql`drop index goods_search_terms`.execute(db)
    await sql`update goods
      set search_terms = array(
        select (id >> ${sql.lit(BUCKET_BITS)})::text || ':' || t from unnest(search_terms) with ordinality u(t, i) order by i)
      where search_terms is not null`.execute(db)
    await sql`create index goods_search_terms on goods using gin (search_terms) with (fastupdate = off)`.execute(
      db,
    )
  },
})
export default migration

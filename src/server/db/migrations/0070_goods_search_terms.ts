import { sql } from 'kysely'
import type { GoodsType } from '../../../shared/api'
import { searchTerms } from '../../modules/goods/search-text'
import type { MigrationFactory } from './helpers'

/**
 * Keyword search on PostgreSQL with an index: goods.search_terms (text[]) holds an ON_SALE listing's
 * title bigrams and filter tokens — the same tokens SQLite's goods_fts indexes (search-text.ts) — under
 * a GIN index, so "title contains 王者荣耀" first finds the listings having all of 王者 者荣 荣耀
 * (`search_terms @> …`), then checks the title itself. Bigrams serve 2-character Chinese keywords,
 * which a trigram index cannot. Null when not on sale. SQLite keeps goods_fts (nothing to do).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return
    await sql`alter table goods add column search_terms text[]`.execute(db)
    const rows = await sql<{
      id: number
      title: string
      game_id: number
      goods_type: string
      server_id: number | null
      area_id: number | null
      platform: string | null
    }>`select id, title, game_id, goods_type, server_id, area_id, platform from goods
       where status = 'ON_SALE' and deleted_at is null`.execute(db)
    for (const r of rows.rows) {
      const terms = searchTerms(r.title, {
        gameId: r.game_id,
        goodsType: r.goods_type as GoodsType,
        serverId: r.server_id,
        areaId: r.area_id,
        platform: r.platform,
      })
      await sql`update goods set search_terms = ${terms} where id = ${r.id}`.execute(db)
    }
    await sql`create index goods_search_terms on goods using gin (search_terms)`.execute(db)
  },
})
export default migration

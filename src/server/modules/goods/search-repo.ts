/**
 * SQL of the search: the search structures (goods_attr_index and, on SQLite, goods_fts) and the
 * search queries themselves. Search reads only ON_SALE listings and picks one of three paths:
 *  - keyword on SQLite: FTS5 finds the candidates (keyword within game/type/server/area/platform); up
 *    to FTS_CANDIDATES of them are filtered and sorted by id, beyond that the keyword is common and
 *    the sorted scan below is cheap (matches are dense), with the count taken from FTS;
 *  - attribute filters: one range of goods_attr_index in the sort's order (sort keys are copied in);
 *  - otherwise a range of the goods index matching the sort, filters checked inside the index (for
 *    filters of game, type, area, server and platform alone: prepared statements, search-tokens.ts).
 * Counts stop at the cap (`count(*)` over a LIMITed subquery), so no query counts a huge result.
 */
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { GoodsSort, GoodsType } from '../../../shared/api'
import type { Db, DbDialect } from '../../db'
import type { Database } from '../../db/schema'
import type { GoodsAttrIndexTable } from './tables'
import {
  bucketTermsMatch,
  FTS_CANDIDATES,
  keywordIndex,
  keywordTerms,
  SORT_KEYS,
  titleContains,
} from './search-keyword'
import { onlyTokens, orderPlain, tokenCount, tokenPage } from './search-tokens'
import { bucketTerms, ftsQuery, SEARCH_GAP, type ParsedKeyword } from './search-text'

export { FTS_CANDIDATES, titleContains }

export interface SearchFilter {
  gameId?: number
  goodsType?: GoodsType
  platform?: string
  areaId?: number
  serverId?: number
  priceMin?: number
  priceMax?: number
  sellerId?: number
  /** only listings with 包赔 (goods.protection_days > 0) */
  protection?: true
  attrs: Array<{ key: string; value: string }>
  keyword: ParsedKeyword | null
}

/** A price range matching more than this is filtered while walking the sort's index. */
const PRICE_RANGE_SMALL = 2000

export interface SearchEntry {
  goodsId: number
  gameId: number
  goodsType: GoodsType
  serverId: number | null
  pushAt: number
  price: number
  pairs: Array<{ key: string; value: string }>
  /** goods_fts text (SQLite) */
  ftsText: string
}

export function searchRepo(db: Db, dialect: DbDialect) {
  const keywords = keywordIndex(db, dialect)
  /** The goods filters on the `goods` table (plain and FTS paths). */
  function plainQuery(
    f: SearchFilter,
    opts: {
      ids?: number[]
      likeRuns: string[]
      priceByIndex: boolean
      tokensChecked: boolean
      /**
       * PostgreSQL: the listing holds the keyword's terms of the bucket `bk` (the query is read
       * through keywords.cappedCount / candidatesPage, which join the buckets)
       */
      byTerms?: boolean
    },
  ) {
    let q = db.selectFrom('goods')
    if (opts.ids) {
      // the id list drives the query: keep the planner off the status/sort indexes
      q = q
        .where('id', 'in', opts.ids.length > 0 ? opts.ids : [0])
        .where(sql<SqlBool>`+goods.status = 'ON_SALE'`)
    } else {
      q = q.where('status', '=', 'ON_SALE')
    }
    if (!opts.tokensChecked) {
      if (f.gameId !== undefined) q = q.where('game_id', '=', f.gameId)
      if (f.goodsType) q = q.where('goods_type', '=', f.goodsType)
      if (f.platform) q = q.where('platform', '=', f.platform)
      if (f.areaId !== undefined) q = q.where('area_id', '=', f.areaId)
      if (f.serverId !== undefined) q = q.where('server_id', '=', f.serverId)
    }
    // a shop never shows its owner's 官方代售 listings (the platform sells them, docs/agency-sale.md)
    if (f.sellerId !== undefined)
      q = q.where('seller_id', '=', f.sellerId).where('agency_application_id', 'is', null)
    if (f.protection) q = q.where('protection_days', '>', 0)
    const price = opts.priceByIndex ? sql.ref('goods.price') : sql`+goods.price`
    if (f.priceMin !== undefined) q = q.where(price, '>=', f.priceMin)
    if (f.priceMax !== undefined) q = q.where(price, '<=', f.priceMax)
    for (const { key, value } of f.attrs) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('goods_attr_index as b')
            .select(sql`1`.as('one'))
            .where('b.game_id', '=', f.gameId ?? 0)
            .where('b.attr_key', '=', key)
            .where('b.attr_value', '=', value)
            .whereRef('b.goods_id', '=', 'goods.id'),
        ),
      )
    }
    // PostgreSQL: the GIN index of search_terms finds the candidates, the title check below is exact
    if (opts.byTerms) q = q.where(bucketTermsMatch)
    for (const run of opts.likeRuns) q = q.where(titleContains(dialect, 'goods.title', run))
    return q
  }

  /** Attribute path: one (game, key, value) range of goods_attr_index drives the query. */
  function attrQuery(f: SearchFilter, likeRuns: string[]) {
    const [driver, ...others] = f.attrs
    const gameId = f.gameId ?? 0
    let q = db
      .selectFrom('goods_attr_index as a')
      .where('a.game_id', '=', gameId)
      .where('a.attr_key', '=', driver.key)
      .where('a.attr_value', '=', driver.value)
    if (f.goodsType) q = q.where('a.goods_type', '=', f.goodsType)
    if (f.serverId !== undefined) q = q.where('a.server_id', '=', f.serverId)
    if (f.priceMin !== undefined) q = q.where('a.price', '>=', f.priceMin)
    if (f.priceMax !== undefined) q = q.where('a.price', '<=', f.priceMax)
    for (const { key, value } of others) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('goods_attr_index as b')
            .select(sql`1`.as('one'))
            .where('b.game_id', '=', gameId)
            .where('b.attr_key', '=', key)
            .where('b.attr_value', '=', value)
            .whereRef('b.goods_id', '=', 'a.goods_id'),
        ),
      )
    }
    const needsGoods =
      f.platform || f.areaId !== undefined || f.sellerId !== undefined || f.protection || likeRuns.length > 0
    if (needsGoods) {
      q = q.where((eb) => {
        let sub = eb
          .selectFrom('goods as g')
          .select(sql`1`.as('one'))
          .whereRef('g.id', '=', 'a.goods_id')
        if (f.platform) sub = sub.where('g.platform', '=', f.platform)
        if (f.areaId !== undefined) sub = sub.where('g.area_id', '=', f.areaId)
        if (f.protection) sub = sub.where('g.protection_days', '>', 0)
        if (f.sellerId !== undefined)
          sub = sub.where('g.seller_id', '=', f.sellerId).where('g.agency_application_id', 'is', null)
        for (const run of likeRuns) sub = sub.where(titleContains(dialect, 'g.title', run))
        return eb.exists(sub)
      })
    }
    return q
  }

  function orderAttr<O>(
    q: SelectQueryBuilder<Database & { a: GoodsAttrIndexTable }, 'a', O>,
    sort: GoodsSort,
  ) {
    // the attribute index copies the sort keys; its listing id is goods_id
    for (const [column, direction] of SORT_KEYS[sort])
      q = q.orderBy(column === 'id' ? 'a.goods_id' : `a.${column}`, direction)
    return q
  }

  /** count(*) of a filtered query, stopping at cap + 1 rows. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table alias; only 1 is selected
  async function cappedCount(query: SelectQueryBuilder<Database, any, object>, cap: number): Promise<number> {
    const limited = query.select(sql`1`.as('one')).limit(cap + 1)
    const { rows } = await sql<{ n: number }>`select count(*) as n from (${limited}) t`.execute(db)
    return Number(rows[0].n)
  }

  /**
   * The exact ON_SALE count from goods_counts when the filter only names game, type, area, server
   * and platform; null otherwise.
   */
  async function counterTotal(f: SearchFilter): Promise<number | null> {
    return onlyTokens(f) ? tokenCount(db, f) : null
  }

  /** A price range small enough to read through the price index, then sort. */
  async function priceRangeIsSmall(f: SearchFilter): Promise<boolean> {
    if (f.priceMin === undefined && f.priceMax === undefined) return false
    let q = db.selectFrom('goods').where('status', '=', 'ON_SALE')
    if (f.gameId !== undefined) q = q.where('game_id', '=', f.gameId)
    if (f.serverId !== undefined) q = q.where('server_id', '=', f.serverId)
    if (f.priceMin !== undefined) q = q.where('price', '>=', f.priceMin)
    if (f.priceMax !== undefined) q = q.where('price', '<=', f.priceMax)
    return (await cappedCount(q, PRICE_RANGE_SMALL)) <= PRICE_RANGE_SMALL
  }

  /** PostgreSQL, a keyword with at most FTS_CANDIDATES matches: sorted and counted from its candidates. */
  async function pgCandidates(
    f: SearchFilter,
    kw: ParsedKeyword,
    sort: GoodsSort,
    offset: number,
    limit: number,
    count: { cap: number; known?: number },
  ) {
    const terms = keywordTerms(kw, f)
    const matches = () =>
      plainQuery(f, { likeRuns: kw.runs, priceByIndex: true, tokensChecked: true, byTerms: true })
    const page = await keywords.candidatesPage(matches(), terms, sort, offset, limit)
    return { ids: page.ids, count: count.known ?? page.count, cap: count.cap }
  }

  return {
    // ------------------------------------------------------------------ search

    /**
     * One page of ids in the sort's order plus the count: exact up to `cap`, cap + 1 meaning "more"
     * (`known`: a cached count, then none is taken). The answer's `cap` is the one applied (lower
     * for common keywords, see FTS_CANDIDATES).
     */
    async search(
      f: SearchFilter,
      sort: GoodsSort,
      offset: number,
      limit: number,
      count: { cap: number; known?: number },
    ): Promise<{ ids: number[]; count: number; cap: number }> {
      const kw = f.keyword
      let likeRuns = kw ? kw.runs : []

      if (kw && kw.phrases.length > 0) {
        const match = dialect === 'sqlite' ? ftsQuery(kw.phrases, f) : ''
        const keywordOnly =
          f.priceMin === undefined &&
          f.priceMax === undefined &&
          f.sellerId === undefined &&
          !f.protection &&
          f.attrs.length === 0
        let n: number
        if (dialect === 'postgres' && keywordOnly) {
          // the keyword's own matches are the candidates: counted and paged by one read of the index
          const stopAt = FTS_CANDIDATES + 1
          const page = await keywords.candidatesPage(
            keywords.matches(kw),
            keywordTerms(kw, f),
            sort,
            offset,
            limit,
            stopAt,
          )
          if (page.count <= FTS_CANDIDATES)
            return { ids: page.ids, count: count.known ?? page.count, cap: count.cap }
          n = page.count
        } else n = await keywords.count(kw, f, match, FTS_CANDIDATES)
        // SQLite's phrases check the runs of 2+ characters; PostgreSQL's count checks every run
        const singleRuns = dialect === 'sqlite' ? kw.runs.filter((r) => [...r].length < 2) : []
        if (n <= FTS_CANDIDATES) {
          if (dialect === 'postgres') return await pgCandidates(f, kw, sort, offset, limit, count)
          const ids = await keywords.ftsIds(match, FTS_CANDIDATES)
          const base = () =>
            plainQuery(f, { ids, likeRuns: singleRuns, priceByIndex: false, tokensChecked: true })
          const page = await orderPlain(base().select('id'), sort).limit(limit).offset(offset).execute()
          const total = count.known ?? (await cappedCount(base(), count.cap))
          return { ids: page.map((r) => r.id), count: total, cap: count.cap }
        }
        // A common keyword: walk the sort's index and check titles (matches are dense, so a page is
        // found quickly). Its count stops at FTS_CANDIDATES: counting on through the intersection of
        // long posting lists would cost more than the page itself.
        const ftsKnowsAll = singleRuns.length === 0 && keywordOnly
        count = { cap: FTS_CANDIDATES, known: count.known ?? (ftsKnowsAll ? n : undefined) }
        likeRuns = kw.runs
      }

      if (f.attrs.length > 0 && f.gameId !== undefined) {
        const page = await orderAttr(attrQuery(f, likeRuns).select('a.goods_id'), sort)
          .limit(limit)
          .offset(offset)
          .execute()
        const total = count.known ?? (await cappedCount(attrQuery(f, likeRuns), count.cap))
        return { ids: page.map((r) => r.goods_id), count: total, cap: count.cap }
      }

      // the ON_SALE counters answer beside the page (two connections of the pool on PostgreSQL)
      const counted = count.known === undefined ? counterTotal(f) : Promise.resolve(null)
      const paged = (async () => {
        if (onlyTokens(f)) return tokenPage(db, f, sort, limit, offset)
        const sortUsesPrice = sort === 'price_asc' || sort === 'price_desc'
        const priceByIndex = sortUsesPrice || (await priceRangeIsSmall(f))
        const base = plainQuery(f, { likeRuns, priceByIndex, tokensChecked: false })
        return orderPlain(base.select('id'), sort).limit(limit).offset(offset).execute()
      })()
      const [exact, page] = await Promise.all([counted, paged])
      // the count of a common keyword on PostgreSQL reads the keyword index bucket by bucket
      const byTerms = dialect === 'postgres' && kw !== null && kw.phrases.length > 0
      const countQuery = () => plainQuery(f, { likeRuns, priceByIndex: true, tokensChecked: false, byTerms })
      const total =
        count.known ??
        exact ??
        (byTerms
          ? await keywords.cappedCount(countQuery(), keywordTerms(kw, f), count.cap)
          : await cappedCount(countQuery(), count.cap))
      return { ids: page.map((r) => r.id), count: total, cap: count.cap }
    },

    /** The rows of a list (search, seller, shop, follow), any state; order is the caller's. */
    async gameOfServer(serverId: number): Promise<number | null> {
      const row = await db
        .selectFrom('game_servers')
        .select('game_id')
        .where('id', '=', serverId)
        .executeTakeFirst()
      return row?.game_id ?? null
    },

    async homeIds(kind: 'recommended' | 'newest', limit: number): Promise<number[]> {
      let q = db.selectFrom('goods').select('id').where('status', '=', 'ON_SALE')
      q =
        kind === 'recommended'
          ? q.orderBy('push_at', 'desc').orderBy('view_count', 'desc').orderBy('id', 'desc')
          : q.orderBy('id', 'desc')
      return (await q.limit(limit).execute()).map((r) => r.id)
    },

    // ------------------------------------------------------------------ search structures

    /** Whether the listing has search entries now (it was ON_SALE at its last sync). */
    async inSearch(goodsId: number): Promise<boolean> {
      if (dialect === 'sqlite') {
        const row = await sql<{
          one: number
        }>`select 1 as one from goods_fts where rowid = ${goodsId}`.execute(db)
        return row.rows.length > 0
      }
      const row = await sql<{
        one: number
      }>`select 1 as one from goods where id = ${goodsId} and search_terms is not null`.execute(db)
      return row.rows.length > 0
    },

    /** Replaces the listing's search entries: none when it is not ON_SALE. */
    async replaceSearchEntry(goodsId: number, entry: SearchEntry | null) {
      await db.deleteFrom('goods_attr_index').where('goods_id', '=', goodsId).execute()
      if (dialect === 'sqlite') await sql`delete from goods_fts where rowid = ${goodsId}`.execute(db)
      if (!entry) {
        if (dialect === 'postgres')
          await sql`update goods set search_terms = null where id = ${goodsId} and search_terms is not null`.execute(
            db,
          )
        return
      }
      if (entry.pairs.length > 0) {
        await db
          .insertInto('goods_attr_index')
          .values(
            entry.pairs.map((p) => ({
              game_id: entry.gameId,
              attr_key: p.key,
              attr_value: p.value,
              goods_id: goodsId,
              push_at: entry.pushAt,
              price: entry.price,
              goods_type: entry.goodsType,
              server_id: entry.serverId,
            })),
          )
          .execute()
      }
      if (dialect === 'sqlite')
        await sql`insert into goods_fts (rowid, terms) values (${goodsId}, ${entry.ftsText})`.execute(db)
      else {
        const terms = [...new Set(entry.ftsText.split(' '))].filter((t) => t !== SEARCH_GAP)
        await sql`update goods set search_terms = ${bucketTerms(goodsId, terms)}::text[] where id = ${goodsId}`.execute(
          db,
        )
      }
    },

    /** Copies changed sort keys into the attribute index. */
    async updateSearchKeys(goodsId: number, keys: { push_at?: number; price?: number }) {
      await db.updateTable('goods_attr_index').set(keys).where('goods_id', '=', goodsId).execute()
    },
  }
}

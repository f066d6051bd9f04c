/**
 * The keyword index of the search, per dialect: SQLite's goods_fts (FTS5 phrases of title bigrams) and
 * PostgreSQL's goods.search_terms (the same bigrams and filter tokens under a GIN index). Both answer
 * "how many ON_SALE listings of these filters contain the keyword", stopping at FTS_CANDIDATES + 1, so
 * search-repo.ts takes the same path on both: a rare keyword is answered from its candidates, a common
 * one by walking the sort's index (see docs/scaling.md, "Search on PostgreSQL").
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { GoodsSort } from '../../../shared/api'
import type { Db, DbDialect } from '../../db'
import type { Database } from '../../db/schema'
import {
  containsPattern,
  filterTokens,
  requiredTerms,
  SEARCH_BUCKET_BITS,
  type ParsedKeyword,
  type SearchFilterTokens,
} from './search-text'

/** Keyword matches up to this many are fetched from the keyword index and sorted directly. */
export const FTS_CANDIDATES = 2000

/** A text without upper/lower case forms (CJK, digits, punctuation): LIKE matches it as ILIKE does. */
function caseless(text: string): boolean {
  return text.toLowerCase() === text && text.toUpperCase() === text
}

/**
 * `column` contains the run (escaped), case-insensitive for ASCII (SQLite LIKE) or fully (ILIKE). On
 * PostgreSQL a run without case is matched with LIKE: the same rows, without folding every title.
 */
export function titleContains(dialect: DbDialect, column: string, run: string): Expression<SqlBool> {
  const like = dialect === 'postgres' && !caseless(run) ? 'ilike' : 'like'
  return sql<SqlBool>`${sql.ref(column)} ${sql.raw(like)} ${containsPattern(run)} escape '\\'`
}

/** The search_terms every match holds (PostgreSQL): the keyword's bigrams and the filters' tokens. */
export function keywordTerms(kw: ParsedKeyword, f: Partial<SearchFilterTokens>): string[] {
  return [...requiredTerms(kw), ...filterTokens(f)]
}

/**
 * PostgreSQL: the buckets of goods.search_terms newest first (search-text.ts), one row each with
 * `bk.terms`, the terms as stored in that bucket. A goods query holding `bucketTermsMatch`,
 * lateral-joined to it, reads the GIN index one bucket at a time, so a LIMIT stops the reading.
 */
function buckets(terms: string[]) {
  return sql`(select b, array(select b::text || ':' || t from unnest(${terms}::text[]) t) as terms
    from generate_series((select max(id) from goods) >> ${sql.lit(SEARCH_BUCKET_BITS)}, 0, -1) b) bk`
}

/** The keyword condition of a goods query joined to buckets(): the listing holds the bucket's terms. */
export const bucketTermsMatch = sql<SqlBool>`goods.search_terms @> bk.terms`

/** The order of each sort, as columns of a listing (id, push_at, price) and directions. */
export const SORT_KEYS: Record<
  GoodsSort,
  ReadonlyArray<readonly ['id' | 'push_at' | 'price', 'asc' | 'desc']>
> = {
  default: [
    ['push_at', 'desc'],
    ['id', 'desc'],
  ],
  price_asc: [
    ['price', 'asc'],
    ['id', 'asc'],
  ],
  price_desc: [
    ['price', 'desc'],
    ['id', 'desc'],
  ],
  newest: [['id', 'desc']],
}

/** ORDER BY of a sort over a derived table with id, push_at and price. */
export function sortSql(sort: GoodsSort) {
  return sql.raw(SORT_KEYS[sort].map(([column, direction]) => `${column} ${direction}`).join(', '))
}

export function keywordIndex(db: Db, dialect: DbDialect) {
  return {
    /** SQLite: up to `limit` goods_fts rowids matching the FTS5 query. */
    async ftsIds(match: string, limit: number): Promise<number[]> {
      const { rows } = await sql<{
        rowid: number
      }>`select rowid from goods_fts where goods_fts match ${match} limit ${limit}`.execute(db)
      return rows.map((r) => r.rowid)
    },

    /**
     * Listings containing every run within the filters' tokens, counted up to cap + 1: FTS5 phrases on
     * SQLite (`match`), the GIN index of search_terms plus the exact title check on PostgreSQL.
     */
    async count(
      kw: ParsedKeyword,
      f: Partial<SearchFilterTokens>,
      match: string,
      cap: number,
    ): Promise<number> {
      if (dialect === 'sqlite') {
        const { rows } = await sql<{
          n: number
        }>`select count(*) as n from (select rowid from goods_fts where goods_fts match ${match} limit ${cap + 1})`.execute(
          db,
        )
        return Number(rows[0].n)
      }
      return this.cappedCount(this.matches(kw), keywordTerms(kw, f), cap)
    },

    /** PostgreSQL: the goods holding the keyword's terms of the bucket `bk`, titles checked exactly. */
    matches(kw: ParsedKeyword) {
      let q = db.selectFrom('goods').where(bucketTermsMatch)
      for (const run of kw.runs) q = q.where(titleContains(dialect, 'goods.title', run))
      return q
    },

    /**
     * PostgreSQL: count(*) of a goods query holding `bucketTermsMatch`, bucket by bucket newest first,
     * stopping at cap + 1 rows (a common keyword is settled within the first buckets).
     */
    async cappedCount(
      where: SelectQueryBuilder<Database, 'goods', object>,
      terms: string[],
      cap: number,
    ): Promise<number> {
      const inner = where.select(sql`1`.as('one')).limit(cap + 1)
      const { rows } = await sql<{ n: number }>`select count(*) as n from (
          select 1 from ${buckets(terms)} cross join lateral (${inner}) x limit ${cap + 1}) t`.execute(db)
      return Number(rows[0].n)
    },

    /**
     * PostgreSQL: one page of the matches (`where` of goods holding `bucketTermsMatch`) in the sort's
     * order, with their count. The matches are read once through the GIN index, bucket by bucket
     * newest first (a materialized CTE keeps the planner off the sort's indexes; `offset 0` keeps each
     * bucket's read apart), then sorted. `stopAt`: the reading stops at that many matches (the count
     * then says only "at least"), so one query both counts a keyword up to the candidate limit and,
     * when it stays below it, answers its page.
     */
    async candidatesPage(
      where: SelectQueryBuilder<Database, 'goods', object>,
      terms: string[],
      sort: GoodsSort,
      offset: number,
      limit: number,
      stopAt?: number,
    ): Promise<{ ids: number[]; count: number }> {
      const stop = stopAt === undefined ? sql`` : sql`limit ${stopAt}`
      const inner = where.select(['goods.id', 'goods.push_at', 'goods.price'])
      const { rows } = await sql<{ ids: number[]; n: number }>`with m as materialized (
          select x.id, x.push_at, x.price from ${buckets(terms)}
          cross join lateral (${stopAt === undefined ? inner.offset(0) : inner.limit(stopAt)}) x ${stop})
        select (select count(*) from m) as n,
          array(select id from m order by ${sortSql(sort)} limit ${limit} offset ${offset}) as ids`.execute(
        db,
      )
      return { ids: rows[0].ids.map(Number), count: Number(rows[0].n) }
    },
  }
}

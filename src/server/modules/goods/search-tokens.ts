/**
 * The searches a list page asks most, filtered only by game, type, area, server and platform (what
 * the ON_SALE counters in goods_counts hold and the sort indexes start with): their page of ids and
 * their count as prepared statements, one per shape (which filters, which sort). Built, compiled
 * and run through Kysely on every request they cost several times what SQLite spends on them (a
 * game's first page without the answer cache: 6,600 → 9,600 req/s, docs/scaling.md "The list
 * endpoint"). search-repo.ts takes this path for such filters and builds the others itself.
 */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { GoodsSort } from '../../../shared/api'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'
import type { Database } from '../../db/schema'
import { SORT_KEYS } from './search-keyword'
import type { SearchFilter } from './search-repo'

/** ORDER BY of a sort on the goods table. */
export function orderPlain(q: SelectQueryBuilder<Database, 'goods', { id: number }>, sort: GoodsSort) {
  for (const [column, direction] of SORT_KEYS[sort]) q = q.orderBy(column, direction)
  return q
}

const TOKEN_COLUMNS = [
  ['gameId', 'game_id'],
  ['goodsType', 'goods_type'],
  ['areaId', 'area_id'],
  ['serverId', 'server_id'],
  ['platform', 'platform'],
] as const
type TokenColumn = (typeof TOKEN_COLUMNS)[number]

/** The filter names nothing else (no keyword, attribute, price range or shop). */
export const onlyTokens = (f: SearchFilter) =>
  !f.keyword &&
  f.attrs.length === 0 &&
  f.priceMin === undefined &&
  f.priceMax === undefined &&
  f.sellerId === undefined &&
  !f.protection

/** The filter's statement of its shape, made on first use; and the values it takes, in order. */
function shaped<Q>(
  cache: Map<string, Q>,
  f: SearchFilter,
  suffix: string,
  make: (columns: TokenColumn[]) => Q,
): { query: Q; values: Array<string | number> } {
  const columns = TOKEN_COLUMNS.filter(([field]) => f[field] !== undefined && f[field] !== '')
  const key = `${columns.map(([field]) => field).join()}|${suffix}`
  let query = cache.get(key)
  if (!query) cache.set(key, (query = make(columns)))
  return { query, values: columns.map(([field]) => f[field]!) }
}

const pageQuery = (columns: TokenColumn[], sort: GoodsSort) =>
  prepared((db: Db, ...values: Array<string | number>) => {
    let q = db.selectFrom('goods').select('id').where('status', '=', 'ON_SALE')
    columns.forEach(([, column], i) => (q = q.where(column, '=', values[i]!)))
    return orderPlain(q, sort)
      .limit(values[columns.length] as number)
      .offset(values[columns.length + 1] as number)
  })

const countQuery = (columns: TokenColumn[]) =>
  prepared((db: Db, ...values: Array<string | number>) => {
    let q = db.selectFrom('goods_counts').select(sql<number | null>`sum(n)`.as('n'))
    columns.forEach(([, column], i) => (q = q.where(column, '=', values[i]!)))
    return q
  })

const pages = new Map<string, ReturnType<typeof pageQuery>>()
const counts = new Map<string, ReturnType<typeof countQuery>>()

/** A page of ids of such a filter (`onlyTokens`) in the sort's order. */
export function tokenPage(db: Db, f: SearchFilter, sort: GoodsSort, limit: number, offset: number) {
  const { query, values } = shaped(pages, f, sort, (columns) => pageQuery(columns, sort))
  return query.all(db, ...values, limit, offset)
}

/** The exact ON_SALE count of such a filter, from goods_counts. */
export async function tokenCount(db: Db, f: SearchFilter): Promise<number> {
  const { query, values } = shaped(counts, f, '', countQuery)
  return Number((await query.first(db, ...values))?.n ?? 0)
}

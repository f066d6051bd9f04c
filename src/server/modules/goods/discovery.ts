/**
 * What the discover module asks of listings (docs/valuation.md, "Similar listings" and "Suggestions"):
 * similar listings of one listing, title suggestions for a keyword, and the place and attributes of
 * listings (the valuation's comparables). Each is a short, index-driven query; answers are kept a
 * little while and dropped on every listing change (the same signal as the search caches).
 */
import {
  DISCOVER_LIMITS,
  GOODS_MSG,
  type Attributes,
  type GoodsBrief,
  type GoodsType,
} from '../../../shared/api'
import type { Db, DbDialect } from '../../db'
import { notFound } from '../../http/errors'
import { goodsRepo } from './repo'
import { parseKeyword } from './search-text'
import { KeptCache, type Keepable } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import { GOODS_TOPIC } from './search'

const CACHE_MS = 30_000
/** candidates read on each side of the price */
const SIDE = DISCOVER_LIMITS.similarMax * 2
/** a listing on another server counts as this much further away in price (relative) */
const OTHER_SERVER_PENALTY = 0.15

export interface ListingFacts {
  goodsId: number
  gameId: number
  goodsType: GoodsType
  areaId: number | null
  serverId: number | null
  price: number
  attributes: Attributes
}

export function goodsDiscovery(deps: {
  db: Db
  dialect: DbDialect
  now: () => number
  briefs: (ids: number[]) => Promise<GoodsBrief[]>
  /** the channel of GOODS_TOPIC, which clears the answers */
  invalidation: Invalidation
}) {
  const { db, dialect, briefs } = deps
  const repo = goodsRepo(db, dialect)
  const kept = <V extends Keepable>(name: string, max: number) =>
    new KeptCache<string, V>({ name, max, ttlMs: CACHE_MS, clearedBy: [GOODS_TOPIC] }, deps)
  const similarCache = kept<GoodsBrief[]>('goods-similar', 2000)
  const suggestCache = kept<string[]>('goods-suggest', 5000)

  /** On-sale listings of the game and type with a price in [from, to], nearest to `price` first. */
  function side(
    f: { gameId: number; goodsType: GoodsType; exclude: number },
    dir: 'up' | 'down',
    price: number,
  ) {
    // goods_game_price_idx (status, game_id, price, id, goods_type, area_id, server_id, …) answers it
    let q = db
      .selectFrom('goods')
      .select(['id', 'price', 'server_id', 'seller_id'])
      .where('status', '=', 'ON_SALE')
      .where('game_id', '=', f.gameId)
      .where('goods_type', '=', f.goodsType)
      .where('id', '!=', f.exclude)
    q =
      dir === 'up'
        ? q
            .where('price', '>=', price)
            .where('price', '<=', price * 2)
            .orderBy('price', 'asc')
            .orderBy('id', 'asc')
        : q
            .where('price', '<', price)
            .where('price', '>=', Math.floor(price / 2))
            .orderBy('price', 'desc')
            .orderBy('id', 'desc')
    return q.limit(SIDE).execute()
  }

  return {
    /**
     * Similar listings: ON_SALE, same game and type, price within half to twice this one's, never
     * this listing. Nearest price first, another server counting as 15 % further away, the same
     * seller's listings after everyone else's. 404 when the listing is not shown to the public.
     */
    async similar(goodsId: number): Promise<GoodsBrief[]> {
      const cached = similarCache.get(String(goodsId))
      if (cached) return cached
      const row = await repo.find(goodsId)
      // who may see a listing at all: the detail's rule (service.ts, publiclyVisible)
      const visible =
        row !== undefined &&
        (row.status === 'ON_SALE' ||
          row.status === 'SOLD' ||
          (row.status === 'OFF_SHELF' && row.on_sale_at !== null && row.audit_remark === ''))
      if (!row || !visible) throw notFound(GOODS_MSG.NOT_FOUND)
      const price = Number(row.price)
      const f = { gameId: row.game_id, goodsType: row.goods_type, exclude: row.id }
      const [up, down] = await Promise.all([side(f, 'up', price), side(f, 'down', price)])
      const ranked = [...up, ...down]
        .map((c) => {
          const distance = Math.abs(Number(c.price) - price) / Math.max(price, 1)
          const otherServer = row.server_id !== null && c.server_id !== row.server_id
          return {
            id: c.id,
            sameSeller: c.seller_id === row.seller_id,
            score: distance + (otherServer ? OTHER_SERVER_PENALTY : 0),
          }
        })
        .sort((a, b) => Number(a.sameSeller) - Number(b.sameSeller) || a.score - b.score || a.id - b.id)
        .slice(0, DISCOVER_LIMITS.similarMax)
      const result = await briefs(ranked.map((r) => r.id))
      similarCache.set(String(goodsId), result)
      return result
    },

    /**
     * Titles of ON_SALE listings containing the keyword, found by the search's own index (FTS5
     * bigrams on SQLite, the search_terms GIN index on PostgreSQL), in the 综合 order, distinct;
     * nothing for a keyword without a run of two characters.
     */
    async suggest(q: { gameId?: number; goodsType?: GoodsType; keyword: string }): Promise<string[]> {
      const keyword = parseKeyword(q.keyword)
      // from two characters on: a run of two is a phrase of the bigram index; a single character
      // would walk the listings with LIKE, too much for every key press
      if (!keyword || keyword.phrases.length === 0) return []
      const key = `${q.gameId ?? ''}|${q.goodsType ?? ''}|${q.keyword.trim().toLowerCase()}`
      const cached = suggestCache.get(key)
      if (cached) return cached
      const found = await repo.search(
        { gameId: q.gameId, goodsType: q.goodsType, attrs: [], keyword },
        'default',
        0,
        DISCOVER_LIMITS.suggestMax * 3,
        // no count: only the first rows are wanted
        { cap: 1, known: 0 },
      )
      const rows =
        found.ids.length === 0
          ? []
          : await db.selectFrom('goods').select(['id', 'title']).where('id', 'in', found.ids).execute()
      const titles = new Map(rows.map((r) => [r.id, r.title.trim()]))
      const result = [...new Set(found.ids.map((id) => titles.get(id) ?? '').filter(Boolean))].slice(
        0,
        DISCOVER_LIMITS.suggestMax,
      )
      suggestCache.set(key, result)
      return result
    },

    /** Game, type, place, price and attributes of a listing not deleted (undefined otherwise). */
    async facts(goodsId: number): Promise<(ListingFacts & { publicToo: boolean }) | undefined> {
      const row = await repo.find(goodsId)
      if (!row) return undefined
      return {
        ...toFacts(row),
        publicToo:
          row.status === 'ON_SALE' ||
          row.status === 'SOLD' ||
          (row.status === 'OFF_SHELF' && row.on_sale_at !== null && row.audit_remark === ''),
      }
    },

    /** Place and attributes of these listings (any state: a sold listing's are the deal's). */
    async factsOf(ids: number[]): Promise<ListingFacts[]> {
      const out: ListingFacts[] = []
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500)
        const rows = await db
          .selectFrom('goods')
          .select(['id', 'game_id', 'goods_type', 'area_id', 'server_id', 'price', 'attrs'])
          .where('id', 'in', chunk)
          .execute()
        out.push(...rows.map(toFacts))
      }
      return out
    },
  }
}

function toFacts(row: {
  id: number
  game_id: number
  goods_type: GoodsType
  area_id: number | null
  server_id: number | null
  price: number
  attrs: string
}): ListingFacts {
  return {
    goodsId: row.id,
    gameId: row.game_id,
    goodsType: row.goods_type,
    areaId: row.area_id,
    serverId: row.server_id,
    price: Number(row.price),
    attributes: JSON.parse(row.attrs) as Attributes,
  }
}

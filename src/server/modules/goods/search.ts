/**
 * The buyer's search and the home shelves: a search query becomes repo filters (400 for filters the
 * game does not have), counts stop at GOODS_LIMITS.searchCountCap, expired pushes end before the 综合
 * order is read, and short caches (an identical search, its count, the home shelves; also each
 * listing's row as JSON, brief-json.ts, and the rendered pages) are cleared by every listing change
 * and every console change to a game (`invalidate`: GOODS_TOPIC), in every server process (kept
 * caches on the shared invalidation channel, cluster/cache.ts).
 * A search answers with its rows as JSON already (`SerializedPage`), which the answer cache keeps as
 * it is sent.
 */
import { GOODS_LIMITS, type GoodsBrief, type GoodsSearchQuery, type HomeGoods } from '../../../shared/api'
import { PAGINATION } from '../../../shared/constants'
import type { Db, DbDialect } from '../../db'
import { SerializedPage } from '../../plugins/envelope'
import type { GameService } from '../game/service'
import { goodsRepo, type SearchFilter } from './repo'
import { parseKeyword } from './search-text'
import { filterValue } from './validate'
import { badRequest } from '../../http/errors'
import { KeptCache, type Keepable } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'

/** The invalidation topic of listings: search answers, counts, home shelves (and pages built from them). */
export const GOODS_TOPIC = 'goods'

const HOME_SIZE = 10
const PUSH_SWEEP_EVERY_MS = 1000

/** A search answer: its rows as the listings' JSON, the count, whether the count stopped at the cap. */
export type SearchAnswer = SerializedPage<GoodsBrief, { totalCapped: boolean }>

export function goodsSearch(deps: {
  db: Db
  dialect: DbDialect
  games: GameService
  now: () => number
  /** ms an identical search answer may be reused (0: never) */
  searchCacheMs?: number
  /** the shared invalidation channel: a change in any process clears every process's caches */
  invalidation: Invalidation
  /** the list rows of these listings, in the same order */
  briefs: (ids: number[]) => Promise<GoodsBrief[]>
  /** the same as JSON (UTF-8), kept per listing (brief-json.ts) */
  briefJson: (ids: number[]) => Promise<Buffer[]>
}) {
  const { db, dialect, games, now, briefs } = deps
  const repo = goodsRepo(db, dialect)
  const off = deps.searchCacheMs === 0
  const kept = <V extends Keepable>(name: string, ttlMs: number, max: number) =>
    new KeptCache<string, V>({ name, max, ttlMs, clearedBy: [GOODS_TOPIC] }, deps)
  const pageCache = kept<SearchAnswer>('goods-search', deps.searchCacheMs ?? 3000, 2000)
  const countCache = kept<{ count: number; cap: number }>('goods-count', off ? 0 : 10_000, 5000)
  const homeCache = kept<HomeGoods>('goods-home', off ? 0 : 5000, 1)
  let lastSweep = 0

  /** Clears the caches of listings here at once and, through the shared channel, in the other processes. */
  const invalidate = () => deps.invalidation.emit(GOODS_TOPIC)

  /** Ends expired pushes at most once a second (the 综合 order reads push_at). */
  async function sweepPushes() {
    const at = now()
    if (at - lastSweep < PUSH_SWEEP_EVERY_MS) return
    lastSweep = at
    if (!(await repo.hasExpiredPush(at))) return
    await db.transaction().execute((trx) => goodsRepo(trx, dialect).clearExpiredPushes(at))
    invalidate()
  }

  /** Turns a search query into repo filters; 400 for filters the game does not have. */
  async function searchFilter(query: GoodsSearchQuery, attrs: Record<string, string>): Promise<SearchFilter> {
    let gameId = query.gameId
    if (gameId === undefined && (query.serverId !== undefined || query.areaId !== undefined)) {
      gameId = (await repo.gameOfServer((query.serverId ?? query.areaId)!)) ?? 0
    }
    if (query.priceMin !== undefined && query.priceMax !== undefined && query.priceMin > query.priceMax)
      throw badRequest('最低价不能高于最高价')
    const pairs: SearchFilter['attrs'] = []
    const keys = Object.keys(attrs)
    if (keys.length > 0) {
      if (gameId === undefined) throw badRequest('按属性筛选时请先选择游戏')
      const rules = await games.rules(gameId)
      const types = rules.config.goodsTypes.filter((t) => !query.goodsType || t.goodsType === query.goodsType)
      for (const key of keys) {
        const field = types.flatMap((t) => t.attributes).find((a) => a.key === key && a.filterable)
        if (!field) throw badRequest(`不支持的筛选条件：${key}`)
        const value = filterValue(field, attrs[key])
        if (value === null) throw badRequest(`${field.label}筛选值不正确`)
        pairs.push({ key, value })
      }
    }
    return {
      gameId,
      goodsType: query.goodsType,
      platform: query.platform?.trim() || undefined,
      areaId: query.areaId,
      serverId: query.serverId,
      priceMin: query.priceMin,
      priceMax: query.priceMax,
      sellerId: query.sellerId,
      ...(query.protection ? { protection: true as const } : {}),
      attrs: pairs,
      keyword: query.keyword ? parseKeyword(query.keyword) : null,
    }
  }

  return {
    invalidate,
    /** A cached answer of this exact search URL. */
    cachedSearch: (key: string) => pageCache.get(key),
    storeSearch: (key: string, result: SearchAnswer) => pageCache.set(key, result),

    /** A page of the search, its rows as the listings' JSON (the route sends them as they are). */
    async search(query: GoodsSearchQuery, attrs: Record<string, string>): Promise<SearchAnswer> {
      const pageNum = query.pageNum ?? PAGINATION.page
      const pageSize = query.pageSize ?? PAGINATION.limit
      const cap = GOODS_LIMITS.searchCountCap
      const offset = (pageNum - 1) * pageSize
      // Browsing stops at the cap: rows past it are never listed (a page across it is cut there), a
      // page that starts past it only takes the count.
      const beyondCap = offset >= cap
      const filter = await searchFilter(query, attrs)
      await sweepPushes()
      const countKey = JSON.stringify(filter)
      const cached = countCache.get(countKey)
      const found = await repo.search(
        filter,
        query.sort ?? 'default',
        beyondCap ? 0 : offset,
        beyondCap ? 0 : Math.min(pageSize, cap - offset),
        { cap: cached?.cap ?? cap, known: cached?.count },
      )
      if (!cached) countCache.set(countKey, { count: found.count, cap: found.cap })
      // a page past the last result is simply empty (with the total); past the cap while there are
      // more results than were counted, those results cannot be browsed
      if (beyondCap && found.count > found.cap) throw badRequest(`最多浏览前 ${cap} 条商品，请缩小筛选范围`)
      return new SerializedPage(await deps.briefJson(found.ids), Math.min(found.count, found.cap), {
        totalCapped: found.count > found.cap,
      })
    },

    async home(): Promise<HomeGoods> {
      const cached = homeCache.get('home')
      if (cached) return cached
      await sweepPushes()
      const [recommended, newest] = await Promise.all([
        repo.homeIds('recommended', HOME_SIZE).then((ids) => briefs(ids)),
        repo.homeIds('newest', HOME_SIZE).then((ids) => briefs(ids)),
      ])
      const home = { recommended, newest }
      homeCache.set('home', home)
      return home
    },
  }
}

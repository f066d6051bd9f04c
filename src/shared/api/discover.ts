/**
 * Discovery around a listing and the price estimate of account listings (docs/valuation.md,
 * docs/screens.md): similar listings, keyword suggestions of the list page, the price history of
 * comparable deals and the valuation of a listing or of a draft in the publish form. Money is
 * integer fen; times are epoch ms. Plain data: no Node, no DOM.
 */
import type { Static } from 'typebox'
import { data, endpoint, type QueryOf } from './contract'
import { id, oneOf, optional, strict, text, Type } from './fields'
import { GOODS_TYPES, goodsIdParams, type GoodsBrief } from './goods'
import type { PricePoint } from './trade'

export const DISCOVER_LIMITS = {
  /** similar listings shown under a detail */
  similarMax: 8,
  /** suggestions under the keyword box */
  suggestMax: 8,
  suggestKeywordMax: 50,
  /** listings remembered as recently viewed (in the browser only) */
  recentMax: 12,
} as const

/** Where the comparables of an estimate come from: the listing's server, its area, or the whole game. */
export type ValuationScope = 'server' | 'area' | 'game'

export const VALUATION_SCOPE_LABELS: Record<ValuationScope, string> = {
  server: '同服务器',
  area: '同大区',
  game: '同游戏',
}

/** The estimate of one account listing or draft: null when there are too few comparable deals. */
export interface Valuation {
  /** weighted 25 % / 50 % / 75 % points of the comparable deal prices, fen */
  estimate: { low: number; mid: number; high: number } | null
  /** comparable deals the estimate used (or found, when too few) */
  samples: number
  /** the fewest comparable deals an estimate needs */
  minSamples: number
  /** deals of the last this many days count */
  windowDays: number
  scope: ValuationScope
  /** why there is no estimate (样本不足, 仅账号类商品提供估价) */
  reason?: string
}

/** How a price compares with an estimate's middle: signed whole percent (−12 = 12 % below it). */
export function percentFromMid(price: number, mid: number): number {
  return Math.round(((price - mid) / mid) * 100)
}

/** Daily deal prices of deals comparable to a listing (same game and type, same server if it has one). */
export interface ComparablePrices {
  series: PricePoint[]
  deals: number
  days: number
  scope: ValuationScope
}

/** The draft's attributes arrive as `attrs[key]=value` query keys, like the search's filters. */
const draftFields = strict({
  gameId: id('游戏编号'),
  areaId: optional(id('大区')),
  serverId: optional(id('服务器')),
})
const draftQuery = Type.Unsafe<Static<typeof draftFields> & { attrs?: Record<string, string> }>({
  ...draftFields,
  patternProperties: { '^attrs\\[.{1,40}\\]$': { type: 'string', title: '商品属性', maxLength: 200 } },
})

export const DISCOVER = {
  /** on-sale listings of the same game and type at a price near this one's (not this one) */
  similar: endpoint({
    method: 'GET',
    path: '/discover/similar/:goodsId',
    access: 'public',
    params: goodsIdParams,
    answer: data<GoodsBrief[]>(),
  }),
  /** titles of on-sale listings containing the keyword (within a game when given); rate-limited */
  suggest: endpoint({
    method: 'GET',
    path: '/discover/suggest',
    access: 'public',
    query: strict({
      gameId: optional(id('游戏编号')),
      goodsType: optional(oneOf('商品类型', GOODS_TYPES)),
      keyword: text('关键词', DISCOVER_LIMITS.suggestKeywordMax),
    }),
    answer: data<string[]>(),
  }),
  /** daily prices of comparable finished deals over the last 90 days */
  prices: endpoint({
    method: 'GET',
    path: '/discover/prices/:goodsId',
    access: 'public',
    params: goodsIdParams,
    answer: data<ComparablePrices>(),
  }),
  /** the estimate of an account listing (docs/valuation.md); rate-limited */
  valuation: endpoint({
    method: 'GET',
    path: '/discover/valuation/:goodsId',
    access: 'public',
    params: goodsIdParams,
    answer: data<Valuation>(),
  }),
  /** the estimate of a draft account listing in the publish form; rate-limited */
  draftValuation: endpoint({
    method: 'GET',
    path: '/discover/valuation',
    access: 'user',
    query: draftQuery,
    answer: data<Valuation>(),
  }),
}

export type SuggestQuery = QueryOf<typeof DISCOVER.suggest>
export type DraftValuationQuery = QueryOf<typeof DISCOVER.draftValuation>

/**
 * Discovery and valuation (docs/valuation.md): similar listings and title suggestions through the
 * goods service, the price history of comparable deals and the estimate of an account listing (or
 * a draft) from finished deals through the trade service. The module owns no table; estimates are
 * kept a few minutes per listing / draft.
 */
import {
  Code,
  DISCOVER_LIMITS,
  GOODS_MSG,
  type Attributes,
  type AttributeField,
  type ComparablePrices,
  type GoodsType,
  type Valuation,
} from '../../../shared/api'
import { ApiError, badRequest, notFound } from '../../http/errors'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import type { ListingFacts } from '../goods/discovery'
import { KeptCache, type Keepable } from '../../cluster/cache'
import type { TradeService } from '../trade/service'
import { dailyPoints } from '../trade/records'
import { estimate, VALUATION_PARAMS, type ComparableDeal, type ValuationSubject } from './valuation'

const DAY = 24 * 60 * 60 * 1000
const CACHE_MS = 5 * 60_000
export const ACCOUNT_ONLY = '仅账号类商品提供估价'
export const TOO_FEW = '样本不足'

/** The attributes an estimate compares: the type's filterable ones, else all but free text. */
export function keyAttributes(fields: AttributeField[]): string[] {
  const filterable = fields.filter((f) => f.filterable && f.kind !== 'text')
  return (filterable.length > 0 ? filterable : fields.filter((f) => f.kind !== 'text')).map((f) => f.key)
}

/** A draft's `attrs[key]` text values as the listing would store them; 400 for unknown keys or bad numbers. */
export function draftAttributes(fields: AttributeField[], attrs: Record<string, string>): Attributes {
  const out: Attributes = {}
  for (const [key, raw] of Object.entries(attrs)) {
    const field = fields.find((f) => f.key === key)
    if (!field) throw badRequest(`不支持的商品属性：${key}`)
    const value = raw.trim()
    if (value === '') continue
    if (field.kind === 'number') {
      const n = Number(value)
      if (!Number.isFinite(n)) throw badRequest(`${field.label}必须是数字`)
      out[key] = n
    } else if (field.kind === 'boolean') out[key] = value === 'true' || value === '1'
    else if (field.kind === 'multiselect')
      out[key] = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    else out[key] = value
  }
  return out
}

export function discoverService(deps: {
  goods: GoodsService
  trade: TradeService
  games: GameService
  now: () => number
}) {
  const { goods, trade, games, now } = deps
  const found = goods.discovery
  // kept their few minutes whatever changes (an estimate may lag that long)
  const kept = <V extends Keepable>(name: string, max: number) =>
    new KeptCache<string, V>({ name, max, ttlMs: CACHE_MS }, { now })
  const estimates = kept<Valuation>('discover-estimates', 5000)
  const histories = kept<ComparablePrices>('discover-histories', 2000)
  const dealSets = kept<ComparableDeal[]>('discover-deal-sets', 200)

  /**
   * Finished deals of the game and type in the window, with the sold listings' place and attributes;
   * kept a few minutes per game and type, so valuing many listings of one game reads the deals once.
   */
  async function comparables(gameId: number, goodsType: GoodsType, days: number): Promise<ComparableDeal[]> {
    const key = `${gameId}|${goodsType}|${days}`
    const cached = dealSets.get(key)
    if (cached) return cached
    const loaded = await loadComparables(gameId, goodsType, days)
    dealSets.set(key, loaded)
    return loaded
  }

  async function loadComparables(
    gameId: number,
    goodsType: GoodsType,
    days: number,
  ): Promise<ComparableDeal[]> {
    const deals = await trade.finishedDeals(gameId, goodsType, now() - days * DAY)
    const facts = new Map<number, ListingFacts>(
      (await found.factsOf([...new Set(deals.map((d) => d.goodsId))])).map((f) => [f.goodsId, f]),
    )
    return deals.flatMap((d) => {
      const f = facts.get(d.goodsId)
      return f
        ? [
            {
              price: d.unitPrice,
              completedAt: d.completedAt,
              areaId: f.areaId,
              serverId: f.serverId,
              attributes: f.attributes,
            },
          ]
        : []
    })
  }

  async function fieldsOf(gameId: number, goodsType: GoodsType): Promise<AttributeField[]> {
    const rules = await games.rules(gameId)
    return rules.config.goodsTypes.find((t) => t.goodsType === goodsType)?.attributes ?? []
  }

  async function value(gameId: number, subject: ValuationSubject): Promise<Valuation> {
    const keys = keyAttributes(await fieldsOf(gameId, 'ACCOUNT'))
    const deals = await comparables(gameId, 'ACCOUNT', VALUATION_PARAMS.windowDays)
    const result = estimate(subject, deals, keys, now())
    return {
      ...result,
      minSamples: VALUATION_PARAMS.minSamples,
      windowDays: VALUATION_PARAMS.windowDays,
      ...(result.estimate ? {} : { reason: TOO_FEW }),
    }
  }

  async function publicFacts(goodsId: number) {
    const facts = await found.facts(goodsId)
    if (!facts?.publicToo) throw notFound(GOODS_MSG.NOT_FOUND)
    return facts
  }

  return {
    similar: (goodsId: number) => found.similar(goodsId),

    suggest: (q: { gameId?: number; goodsType?: GoodsType; keyword: string }) =>
      found.suggest({ ...q, keyword: q.keyword.slice(0, DISCOVER_LIMITS.suggestKeywordMax) }),

    /** Daily prices of deals of the same game and type (and server, when the listing has one), 90 days. */
    async prices(goodsId: number): Promise<ComparablePrices> {
      const cached = histories.get(String(goodsId))
      if (cached) return cached
      const facts = await publicFacts(goodsId)
      const days = VALUATION_PARAMS.windowDays
      const all = await comparables(facts.gameId, facts.goodsType, days)
      const scope = facts.serverId !== null ? 'server' : facts.areaId !== null ? 'area' : 'game'
      const deals = all
        .filter((d) =>
          scope === 'server'
            ? d.serverId === facts.serverId
            : scope === 'area'
              ? d.areaId === facts.areaId
              : true,
        )
        .sort((a, b) => a.completedAt - b.completedAt)
      const result: ComparablePrices = {
        series: dailyPoints(deals.map((d) => ({ amount: d.price, completed_at: d.completedAt }))),
        deals: deals.length,
        days,
        scope,
      }
      histories.set(String(goodsId), result)
      return result
    },

    /** The estimate of a listing the public may see; only account listings have one. */
    async valuation(goodsId: number): Promise<Valuation> {
      const cached = estimates.get(`g${goodsId}`)
      if (cached) return cached
      const facts = await publicFacts(goodsId)
      let result: Valuation
      if (facts.goodsType !== 'ACCOUNT') {
        result = {
          estimate: null,
          samples: 0,
          minSamples: VALUATION_PARAMS.minSamples,
          windowDays: VALUATION_PARAMS.windowDays,
          scope: 'game',
          reason: ACCOUNT_ONLY,
        }
      } else {
        result = await value(facts.gameId, facts)
      }
      estimates.set(`g${goodsId}`, result)
      return result
    },

    /** The estimate of a draft account listing: game, area/server and attribute text values. */
    async draftValuation(q: {
      gameId: number
      areaId?: number
      serverId?: number
      attrs: Record<string, string>
    }): Promise<Valuation> {
      let fields: AttributeField[]
      try {
        fields = await fieldsOf(q.gameId, 'ACCOUNT')
      } catch (err) {
        if (err instanceof ApiError && err.code === Code.NOT_FOUND) throw badRequest('游戏不存在')
        throw err
      }
      const subject: ValuationSubject = {
        areaId: q.areaId ?? null,
        serverId: q.serverId ?? null,
        attributes: draftAttributes(fields, q.attrs),
      }
      const key = `d${q.gameId}|${JSON.stringify(subject)}`
      const cached = estimates.get(key)
      if (cached) return cached
      const result = await value(q.gameId, subject)
      estimates.set(key, result)
      return result
    },
  }
}

export type DiscoverService = ReturnType<typeof discoverService>

/**
 * The state of /list.html lives in the URL, so a search can be shared, reloaded and walked with
 * back/forward. This module turns the query string into filters and back (canonical order, defaults
 * left out) and into the search call's query.
 *
 *   /list.html?gameId=3&goodsType=ACCOUNT&platform=PC&areaId=12&serverId=14
 *             &priceMin=100&priceMax=999.5&keyword=满级&attrs[rank]=王者&sort=price_asc&page=2&limit=30
 *
 * Prices are 元 in the URL (what people read), fen in the state and in the API.
 */
import type { AttributeField, GameConfig } from '@shared/api/game'
import {
  GOODS_LIMITS,
  GOODS_SORT_LABELS,
  type GoodsSearchQuery,
  type GoodsSort,
  type GoodsType,
} from '@shared/api/goods'
import { PAGINATION } from '@shared/constants'
import { isGoodsType } from '@renderer/api/goods'
import { attributeFieldsOf } from '@renderer/components/listing-attributes'
import { fenToYuan, yuanToFen } from '@renderer/utils/money'

export interface ListFilters {
  gameId?: number
  goodsType?: GoodsType
  platform?: string
  areaId?: number
  serverId?: number
  /** fen, inclusive */
  priceMin?: number
  priceMax?: number
  keyword?: string
  /** attribute filters: key → value */
  attrs: Record<string, string>
  sort: GoodsSort
  page: number
  limit: number
}

export const DEFAULT_FILTERS: ListFilters = {
  attrs: {},
  sort: 'default',
  page: PAGINATION.page,
  limit: PAGINATION.limit,
}

const KEYWORD_MAX = 50
const ATTR_PARAM = /^attrs\[([^[\]]{1,40})\]$/
const ATTR_VALUE_MAX = 50

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d{1,15}$/.test(text.trim())) return undefined
  const n = Number(text.trim())
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

function price(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined
  const fen = yuanToFen(text)
  return fen === null || fen > GOODS_LIMITS.priceMaxFen ? undefined : fen
}

function cleanText(text: string | null | undefined, max: number): string | undefined {
  const value = (text ?? '').trim().slice(0, max)
  return value === '' ? undefined : value
}

export function isGoodsSort(value: unknown): value is GoodsSort {
  return typeof value === 'string' && Object.hasOwn(GOODS_SORT_LABELS, value)
}

/** Filters of a query string; anything unreadable is left out (a bad link still opens the list). */
export function parseListQuery(search: string | URLSearchParams): ListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const attrs: Record<string, string> = {}
  for (const [name, value] of params) {
    const match = ATTR_PARAM.exec(name)
    const text = cleanText(value, ATTR_VALUE_MAX)
    if (match && text !== undefined) attrs[match[1] as string] = text
  }
  const goodsType = params.get('goodsType')
  const sort = params.get('sort')
  const limit = positiveInt(params.get('limit'))
  let priceMin = price(params.get('priceMin'))
  let priceMax = price(params.get('priceMax'))
  // a reversed range is what the user meant the other way round
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) {
    ;[priceMin, priceMax] = [priceMax, priceMin]
  }
  const filters: ListFilters = {
    gameId: positiveInt(params.get('gameId')),
    goodsType: isGoodsType(goodsType) ? goodsType : undefined,
    platform: cleanText(params.get('platform'), 20),
    areaId: positiveInt(params.get('areaId')),
    serverId: positiveInt(params.get('serverId')),
    priceMin,
    priceMax,
    keyword: cleanText(params.get('keyword'), KEYWORD_MAX),
    attrs,
    sort: isGoodsSort(sort) ? sort : 'default',
    page: positiveInt(params.get('page')) ?? PAGINATION.page,
    limit:
      limit !== undefined && (PAGINATION.pageSizes as readonly number[]).includes(limit)
        ? limit
        : PAGINATION.limit,
  }
  return compact(filters)
}

/** Drop undefined keys so parsed filters compare equal to built ones. */
function compact(filters: ListFilters): ListFilters {
  const out = { ...filters }
  for (const key of Object.keys(out) as Array<keyof ListFilters>) {
    if (out[key] === undefined) delete out[key]
  }
  return out
}

/** 100 fen → '1', 150 → '1.5', 199 → '1.99' (short 元 text for the URL and the inputs). */
export function shortYuan(fen: number): string {
  return fenToYuan(fen).replace(/\.?0+$/, '')
}

/** The query string of filters (no leading '?'), canonical order, defaults left out. */
export function toListSearch(filters: ListFilters): string {
  const params = new URLSearchParams()
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  set('gameId', filters.gameId)
  set('goodsType', filters.goodsType)
  set('platform', filters.platform)
  set('areaId', filters.areaId)
  set('serverId', filters.serverId)
  set('priceMin', filters.priceMin === undefined ? undefined : shortYuan(filters.priceMin))
  set('priceMax', filters.priceMax === undefined ? undefined : shortYuan(filters.priceMax))
  set('keyword', filters.keyword)
  for (const key of Object.keys(filters.attrs).sort()) set(`attrs[${key}]`, filters.attrs[key])
  if (filters.sort !== 'default') set('sort', filters.sort)
  if (filters.page !== PAGINATION.page) set('page', filters.page)
  if (filters.limit !== PAGINATION.limit) set('limit', filters.limit)
  // keep the brackets of attrs[key] readable in the address bar
  return params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')
}

export function listHref(filters: ListFilters): string {
  const search = toListSearch(filters)
  return search ? `/list.html?${search}` : '/list.html'
}

/** Fields whose change narrows the ones below it: game → type → platform → area → server, attrs. */
export type FilterPatch = Partial<Omit<ListFilters, 'page' | 'limit' | 'sort'>>

/**
 * Apply a change of the filter bar: page goes back to 1, and fields that depend on a changed one
 * are cleared (another game has other servers and attributes; another area other servers).
 */
export function applyFilter(filters: ListFilters, patch: FilterPatch): ListFilters {
  const next: ListFilters = {
    ...filters,
    ...patch,
    attrs: patch.attrs ?? filters.attrs,
    page: PAGINATION.page,
  }
  if ('gameId' in patch && patch.gameId !== filters.gameId) {
    delete next.platform
    delete next.areaId
    delete next.serverId
    next.attrs = {}
  }
  if ('goodsType' in patch && patch.goodsType !== filters.goodsType) next.attrs = patch.attrs ?? {}
  if ('platform' in patch && patch.platform !== filters.platform && !('areaId' in patch)) {
    delete next.areaId
    delete next.serverId
  }
  if ('areaId' in patch && patch.areaId !== filters.areaId && !('serverId' in patch)) delete next.serverId
  return compact(next)
}

/** The search call's query of the filters. */
export function toSearchQuery(filters: ListFilters): GoodsSearchQuery {
  const query: GoodsSearchQuery = {
    pageNum: filters.page,
    pageSize: filters.limit,
    sort: filters.sort,
  }
  if (filters.gameId !== undefined) query.gameId = filters.gameId
  if (filters.goodsType !== undefined) query.goodsType = filters.goodsType
  if (filters.platform !== undefined) query.platform = filters.platform
  if (filters.areaId !== undefined) query.areaId = filters.areaId
  if (filters.serverId !== undefined) query.serverId = filters.serverId
  if (filters.priceMin !== undefined) query.priceMin = filters.priceMin
  if (filters.priceMax !== undefined) query.priceMax = filters.priceMax
  if (filters.keyword !== undefined) query.keyword = filters.keyword
  if (Object.keys(filters.attrs).length > 0) query.attrs = { ...filters.attrs }
  return query
}

/**
 * Attribute filters the game's config offers (a shared or old link may carry others, which the
 * server would refuse): unknown keys and values are dropped. `fields` are the filterable fields.
 */
export function knownAttrs(
  attrs: Record<string, string>,
  fields: ReadonlyArray<{ key: string; kind: string; options?: string[] }>,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(attrs)) {
    const field = fields.find((f) => f.key === key)
    if (!field) continue
    if (
      field.kind === 'boolean' ? value === 'true' || value === 'false' : (field.options ?? []).includes(value)
    )
      out[key] = value
  }
  return out
}

/**
 * The attribute filters offered: those of the chosen goods type, or without a type those of all the
 * game's types (the server filters on any of them; a key shared by two types shows once).
 */
export function filterableOf(
  config: GameConfig | null | undefined,
  goodsType: GoodsType | undefined,
): AttributeField[] {
  if (!config) return []
  const fields = goodsType
    ? attributeFieldsOf(config, goodsType)
    : config.goodsTypes.flatMap((t) => t.attributes)
  const seen = new Set<string>()
  return fields.filter((f) => f.filterable && !seen.has(f.key) && (seen.add(f.key), true))
}

/**
 * The search query without the attribute filters this game no longer offers (a shared or old link
 * may carry them; the server would refuse the whole search).
 */
export function withKnownAttrs(
  query: GoodsSearchQuery,
  config: GameConfig | null | undefined,
  goodsType: GoodsType | undefined,
): GoodsSearchQuery {
  if (!query.attrs) return query
  const { attrs, ...rest } = query
  const known = knownAttrs(attrs, filterableOf(config, goodsType))
  return Object.keys(known).length > 0 ? { ...rest, attrs: known } : rest
}

/** True when anything narrows the search (the empty state then suggests clearing filters). */
export function hasNarrowing(filters: ListFilters): boolean {
  return (
    filters.goodsType !== undefined ||
    filters.platform !== undefined ||
    filters.areaId !== undefined ||
    filters.serverId !== undefined ||
    filters.priceMin !== undefined ||
    filters.priceMax !== undefined ||
    filters.keyword !== undefined ||
    Object.keys(filters.attrs).length > 0
  )
}

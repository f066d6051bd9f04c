/**
 * The list page's query (/list.html?…): the one reader and writer of it, shared by the renderer (the
 * page's state lives in the URL) and the server (saved searches store it and match new listings with
 * it, docs/saved-searches.md). Plain functions: no Node, no DOM.
 *
 *   /list.html?gameId=3&goodsType=ACCOUNT&platform=PC&areaId=12&serverId=14
 *             &priceMin=100&priceMax=999.5&keyword=满级&attrs[rank]=王者&sort=price_asc&page=2&limit=30
 *
 * Prices are 元 in the URL (what people read), fen in the state and in the API.
 */
import {
  GOODS_LIMITS,
  GOODS_SORT_LABELS,
  GOODS_TYPE_LABELS,
  GOODS_TYPES,
  type GoodsSort,
  type GoodsType,
} from './api/goods'
import type { GameArea, GoodsTypeConfig } from './api/game'
import { PAGINATION } from './constants'
import { fenToYuan, yuanToFen } from './money'

const isGoodsType = (value: unknown): value is GoodsType =>
  typeof value === 'string' && (GOODS_TYPES as readonly string[]).includes(value)

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
  /** only listings with 包赔 (`protection=1`; docs/recovery-protection.md, "In lists") */
  protection?: true
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
    protection: params.get('protection') === '1' ? true : undefined,
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
export function compact(filters: ListFilters): ListFilters {
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
  if (filters.protection) set('protection', 1)
  for (const key of Object.keys(filters.attrs).sort()) set(`attrs[${key}]`, filters.attrs[key])
  if (filters.sort !== 'default') set('sort', filters.sort)
  if (filters.page !== PAGINATION.page) set('page', filters.page)
  if (filters.limit !== PAGINATION.limit) set('limit', filters.limit)
  // keep the brackets of attrs[key] readable in the address bar
  return params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')
}

/** The path of the list page showing these filters. */
export function listHref(filters: ListFilters): string {
  const search = toListSearch(filters)
  return search ? `/list.html?${search}` : '/list.html'
}

/**
 * What a saved search keeps of a query: the conditions and the sort, not the page or its size
 * (opening it starts on page 1), as the canonical query string.
 */
export function savedSearchOf(search: string | URLSearchParams): { filters: ListFilters; query: string } {
  const filters: ListFilters = { ...parseListQuery(search), page: PAGINATION.page, limit: PAGINATION.limit }
  return { filters, query: toListSearch(filters) }
}

/** Names of the ids in a query, for describing it in words (unknown ones fall back to their ids). */
export interface FilterNames {
  game?: string
  area?: string
  server?: string
  /** attribute key → its label */
  attrLabels?: Record<string, string>
}

/**
 * The names of a query's game, area, server and attributes, from the game's data: the list page (its
 * 保存搜索/订阅 dialog) and the server (a saved search's name and alerts) name them alike. An
 * attribute's label is its label in the query's goods type, else in the first type that has it.
 */
export function filterNamesOf(
  filters: ListFilters,
  game: { nameCn: string } | undefined,
  areas: readonly GameArea[],
  goodsTypes: readonly GoodsTypeConfig[],
): FilterNames {
  const area = areas.find((a) => a.serverId === filters.areaId)
  const server = areas.flatMap((a) => a.children).find((s) => s.serverId === filters.serverId)
  const attrLabels: Record<string, string> = {}
  const ordered = [...goodsTypes].sort(
    (a, b) => Number(b.goodsType === filters.goodsType) - Number(a.goodsType === filters.goodsType),
  )
  for (const type of ordered) for (const field of type.attributes) attrLabels[field.key] ??= field.label
  return { game: game?.nameCn, area: area?.name, server: server?.name, attrLabels }
}

/**
 * The conditions of a query in words, e.g. 「王者荣耀 · 账号 · 安卓 · 微信区 · ¥100–¥999.5 · 关键词“满级” ·
 * 段位：王者」; the sort is named when it is not the default. 「全部商品」 when nothing narrows.
 */
export function describeFilters(filters: ListFilters, names: FilterNames = {}): string {
  const parts: string[] = []
  if (filters.gameId !== undefined) parts.push(names.game ?? `游戏 ${filters.gameId}`)
  if (filters.goodsType !== undefined) parts.push(GOODS_TYPE_LABELS[filters.goodsType])
  if (filters.platform !== undefined) parts.push(filters.platform)
  if (filters.areaId !== undefined) parts.push(names.area ?? `大区 ${filters.areaId}`)
  if (filters.serverId !== undefined) parts.push(names.server ?? `服务器 ${filters.serverId}`)
  const { priceMin, priceMax } = filters
  if (priceMin !== undefined && priceMax !== undefined)
    parts.push(`¥${shortYuan(priceMin)}–¥${shortYuan(priceMax)}`)
  else if (priceMin !== undefined) parts.push(`¥${shortYuan(priceMin)} 以上`)
  else if (priceMax !== undefined) parts.push(`¥${shortYuan(priceMax)} 以下`)
  if (filters.keyword !== undefined) parts.push(`关键词“${filters.keyword}”`)
  if (filters.protection) parts.push('包赔')
  for (const key of Object.keys(filters.attrs).sort()) {
    const value = filters.attrs[key] as string
    const shown = value === 'true' ? '是' : value === 'false' ? '否' : value
    parts.push(`${names.attrLabels?.[key] ?? key}：${shown}`)
  }
  if (parts.length === 0) parts.push('全部商品')
  if (filters.sort !== 'default') parts.push(`按${GOODS_SORT_LABELS[filters.sort]}`)
  return parts.join(' · ')
}

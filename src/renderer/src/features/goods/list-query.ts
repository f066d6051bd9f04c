/**
 * The list page's filters beyond the query string itself (@shared/list-query reads and writes that,
 * for the server too): applying a change of the filter bar, the search call's query, the attribute
 * filters a game offers.
 */
import type { AttributeField, GameConfig } from '@shared/api/game'
import type { GoodsSearchQuery, GoodsType } from '@shared/api/goods'
import { PAGINATION } from '@shared/constants'
import { compact, type ListFilters } from '@shared/list-query'
import { attributeFieldsOf } from '@renderer/components/listing-attributes'

export {
  DEFAULT_FILTERS,
  filterNamesOf,
  isGoodsSort,
  listHref,
  parseListQuery,
  shortYuan,
  toListSearch,
  type ListFilters,
} from '@shared/list-query'

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
  if (filters.protection) query.protection = true
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
    filters.protection !== undefined ||
    Object.keys(filters.attrs).length > 0
  )
}

/**
 * Whether a listing on sale matches a saved list-page query — the same conditions the search applies
 * (goods/search-repo.ts), checked in memory for one listing: game, type, platform, area, server, price
 * range (inclusive), every keyword run in the title (case-folded), every attribute filter among the
 * listing's filterable attribute pairs (attribute filters need the game, as in the search).
 */
import type { ListFilters } from '../../../shared/list-query'
import type { SaleFacts } from '../goods/service'
import { parseKeyword } from '../goods/search-text'

export function matchesQuery(filters: ListFilters, listing: SaleFacts): boolean {
  if (filters.gameId !== undefined && filters.gameId !== listing.gameId) return false
  if (filters.goodsType !== undefined && filters.goodsType !== listing.goodsType) return false
  if (filters.platform !== undefined && filters.platform !== listing.platform) return false
  if (filters.areaId !== undefined && filters.areaId !== listing.areaId) return false
  if (filters.serverId !== undefined && filters.serverId !== listing.serverId) return false
  if (filters.priceMin !== undefined && listing.price < filters.priceMin) return false
  if (filters.priceMax !== undefined && listing.price > filters.priceMax) return false
  if (filters.protection && listing.protectionDays <= 0) return false
  if (filters.keyword !== undefined) {
    const keyword = parseKeyword(filters.keyword)
    const title = listing.title.toLowerCase()
    if (keyword && !keyword.runs.every((run) => title.includes(run.toLowerCase()))) return false
  }
  const attrs = Object.entries(filters.attrs)
  if (attrs.length > 0) {
    if (filters.gameId === undefined) return false
    for (const [key, value] of attrs)
      if (!listing.pairs.some((p) => p.key === key && p.value === value)) return false
  }
  return true
}

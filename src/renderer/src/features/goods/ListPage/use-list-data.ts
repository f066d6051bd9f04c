/** What the list page shows for its filters: games, areas and config of the game, results, follows. */
import { useQuery } from '@tanstack/react-query'
import { gameAreasQuery, gameConfigQuery, gamesQuery, sortGames } from '@renderer/api/game'
import { followedIdsQuery } from '@renderer/api/follow'
import { goodsSearchQuery } from '@renderer/api/goods'
import { useSessionStore } from '@renderer/stores/session'
import { toSearchQuery, withKnownAttrs, type ListFilters } from '../list-query'

export function useListData(filters: ListFilters) {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const gameId = filters.gameId ?? 0
  // which of the listings the user already follows (search rows are the same for everyone)
  const followedIds = useQuery(followedIdsQuery(loggedIn))
  const games = useQuery({ ...gamesQuery(), select: sortGames })
  const areas = useQuery({ ...gameAreasQuery(gameId), enabled: gameId > 0 })
  const config = useQuery({ ...gameConfigQuery(gameId), enabled: gameId > 0 })

  // a shared or old link may carry attribute filters this game no longer offers: they are dropped
  // (the server would refuse the whole search), so such a search waits for the game's config
  const wanted = toSearchQuery(filters)
  const needsConfig = Boolean(wanted.attrs) && gameId > 0
  const query = !needsConfig
    ? wanted
    : config.data
      ? withKnownAttrs(wanted, config.data, filters.goodsType)
      : null
  const results = useQuery({ ...goodsSearchQuery(query ?? wanted), enabled: query !== null })
  const configFailed = needsConfig && !config.data ? config.error : null

  return {
    games,
    game: games.data?.find((g) => g.gameId === filters.gameId),
    areas: gameId > 0 ? (areas.data ?? []) : [],
    areasLoading: gameId > 0 && areas.isPending,
    config: gameId > 0 ? (config.data ?? null) : null,
    results,
    resultsError: results.error ?? configFailed,
    followedIds: followedIds.data,
  }
}

/**
 * Games, their areas and servers, and their listing configs. They change only through staff tools, so
 * a page load asks once (staleTime: Infinity); a failed request is asked again by the next page that
 * needs it (a query without data is stale).
 */
import { queryOptions } from '@tanstack/react-query'
import { GAME, type Game } from '@shared/api/game'
import { call } from './client'

export type { Game, GameArea, GameConfig, GameDetail, GameServer } from '@shared/api/game'

/** Query keys of the game domain (`gameKeys.all` covers every game query). */
export const gameKeys = {
  all: ['game'] as const,
  list: ['game', 'list'] as const,
  detail: (gameId: number) => ['game', 'detail', gameId] as const,
  areas: (gameId: number) => ['game', 'areas', gameId] as const,
  servers: (gameId: number) => ['game', 'servers', gameId] as const,
  config: (gameId: number) => ['game', 'config', gameId] as const,
  transferConfig: (gameId: number) => ['game', 'transfer-config', gameId] as const,
  /** the games of the caller's listings */
  mine: ['game', 'mine'] as const,
  /** the games of the listings the caller follows */
  followed: ['game', 'followed'] as const,
}

const ONCE = { staleTime: Infinity } as const

/** Every game in the server's order; pass `select: sortGames` for hot games first. */
export const gamesQuery = () =>
  queryOptions({ queryKey: gameKeys.list, queryFn: () => call(GAME.list, {}), ...ONCE })

/** One game with its areas (errors: 'caller' — the page title falls back quietly). */
export const gameDetailQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameKeys.detail(gameId),
    queryFn: () => call(GAME.detail, { query: { gameId } }, { errors: 'caller' }),
    ...ONCE,
  })

/** The areas of a game with their servers as children. */
export const gameAreasQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameKeys.areas(gameId),
    queryFn: async () =>
      (await call(GAME.areas, { query: { gameId } })).map((area) => ({
        ...area,
        children: area.children ?? [],
      })),
    ...ONCE,
  })

/** Every area and server of a game in one flat list (parentId tells which is which). */
export const gameServersQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameKeys.servers(gameId),
    queryFn: () => call(GAME.servers, { query: { gameId } }),
    ...ONCE,
  })

/** The goods types a game allows and the attribute fields of each (errors: 'caller'). */
export const gameConfigQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameKeys.config(gameId),
    queryFn: () => call(GAME.config, { query: { gameId } }, { errors: 'caller' }),
    ...ONCE,
  })

/** The fields a seller hands over on delivery of an account of this game. */
export const transferConfigQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameKeys.transferConfig(gameId),
    queryFn: () => call(GAME.transferConfig, { query: { gameId } }),
    ...ONCE,
  })

/** Games the user sells in. */
export const myGamesQuery = () =>
  queryOptions({ queryKey: gameKeys.mine, queryFn: () => call(GAME.mine, {}) })

/** Games of the listings the user follows. */
export const followedGamesQuery = () =>
  queryOptions({ queryKey: gameKeys.followed, queryFn: () => call(GAME.followed, {}) })

/** Hot games first, then by sort order, then by initial. */
export function sortGames(games: readonly Game[]): Game[] {
  return [...games].sort(
    (a, b) =>
      Number(b.hot) - Number(a.hot) ||
      (a.sort ?? 0) - (b.sort ?? 0) ||
      (a.initial ?? '').localeCompare(b.initial ?? '') ||
      a.gameId - b.gameId,
  )
}

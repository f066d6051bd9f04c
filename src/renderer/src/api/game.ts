/**
 * Games, their areas and servers, and their listing configs. They change only through staff tools, so
 * a page load asks once (staleTime: Infinity); a failed request is asked again by the next page that
 * needs it (a query without data is stale).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  GAME,
  GAME_STAFF,
  type Game,
  type GameAreasBody,
  type GameConfigBody,
  type GameSaveBody,
  type GameStaffListQuery,
  type GameTransferBody,
} from '@shared/api/game'
import { call } from './client'
import { useChangeMutation } from './mutation'

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

// ------------------------------------------------------------------ staff: 游戏管理 (docs/console.md)
// A change also drops the public game queries of this tab, so the site pages it opens afterwards show
// the change (the server already dropped its own caches).

export const gameStaffKeys = {
  all: ['staff', 'games'] as const,
  list: (q: GameStaffListQuery) => ['staff', 'games', 'list', q] as const,
  detail: (gameId: number) => ['staff', 'games', 'detail', gameId] as const,
}

export const staffGamesQuery = (query: GameStaffListQuery) =>
  queryOptions({
    queryKey: gameStaffKeys.list(query),
    queryFn: () => call(GAME_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffGameQuery = (gameId: number) =>
  queryOptions({
    queryKey: gameStaffKeys.detail(gameId),
    queryFn: () => call(GAME_STAFF.detail, { query: { gameId } }),
    // the editors open with this data: refetched only after a save (not on focus, mid-edit)
    staleTime: Infinity,
  })

const useGameMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(fn, [gameStaffKeys.all, gameKeys.all], done)

export const useSaveGame = () =>
  useGameMutation((body: GameSaveBody) => call(GAME_STAFF.save, { body }), '保存成功')
export const useSetGameStatus = () =>
  useGameMutation(
    (body: { gameId: number; status: '0' | '1' }) => call(GAME_STAFF.status, { body }),
    '状态已更新',
  )
export const useSaveGameAreas = () =>
  useGameMutation((body: GameAreasBody) => call(GAME_STAFF.areas, { body }), '区服已保存')
export const useSaveGameConfig = () =>
  useGameMutation((body: GameConfigBody) => call(GAME_STAFF.config, { body }), '商品配置已保存')
export const useSaveGameTransfer = () =>
  useGameMutation((body: GameTransferBody) => call(GAME_STAFF.transfer, { body }), '交接字段已保存')

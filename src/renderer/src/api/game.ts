/** Games, their servers and their listing configs (spec §7). */
import type { ApiResult } from '@shared/api/envelope'
import { GOODS_PATHS, type GameConfig, type GameTransferCollectConfig } from '@shared/api/goods'
import { PATHS } from '@shared/api/paths'
import type { Game, GameDetail, GameServer } from '@shared/api/types'
import { http } from './http'

/** An area (大区) with its servers, as getAreaServersByGameId answers. */
export type GameArea = GameDetail['areas'][number]

export async function getGames(): Promise<Game[]> {
  const res = await http.get<ApiResult<Game[]>>(PATHS.games)
  return Array.isArray(res.data) ? res.data : []
}

export async function getGamesById(
  gameId: number,
  options?: { errors?: 'global' | 'caller' },
): Promise<GameDetail> {
  const res = await http.get<ApiResult<GameDetail>>(PATHS.gameById, { gameId }, options)
  if (!res.data) throw new Error('游戏不存在')
  return res.data
}

export async function getGameServers(gameId: number): Promise<GameServer[]> {
  const res = await http.get<ApiResult<GameServer[]>>(PATHS.gameServers, { gameId })
  return Array.isArray(res.data) ? res.data : []
}

export async function getAreaServers(areaId: number): Promise<GameServer[]> {
  const res = await http.get<ApiResult<GameServer[]>>(PATHS.areaServers, { areaId })
  return Array.isArray(res.data) ? res.data : []
}

/** The areas of a game with their servers as children. */
export async function getAreaServersByGameId(gameId: number): Promise<GameArea[]> {
  const res = await http.get<ApiResult<GameArea[]>>(PATHS.areaServersByGameId, { gameId })
  return Array.isArray(res.data)
    ? res.data.map((area) => ({ ...area, children: Array.isArray(area.children) ? area.children : [] }))
    : []
}

/** The goods types a game allows and the attribute fields of each. */
export async function getGameConfig(
  gameId: number,
  options?: { errors?: 'global' | 'caller' },
): Promise<GameConfig> {
  const res = await http.get<ApiResult<GameConfig>>(GOODS_PATHS.gameConfig, { gameId }, options)
  if (!res.data) throw new Error('游戏配置不存在')
  return { ...res.data, goodsTypes: Array.isArray(res.data.goodsTypes) ? res.data.goodsTypes : [] }
}

/** The fields a seller hands over on delivery of an account of this game. */
export async function getGameTransferCollectConfig(gameId: number): Promise<GameTransferCollectConfig> {
  const res = await http.get<ApiResult<GameTransferCollectConfig>>(GOODS_PATHS.gameTransferCollectConfig, {
    gameId,
  })
  if (!res.data) throw new Error('游戏配置不存在')
  return { ...res.data, fields: Array.isArray(res.data.fields) ? res.data.fields : [] }
}

async function gameList(path: string): Promise<Game[]> {
  const res = await http.get<ApiResult<Game[]>>(path)
  return Array.isArray(res.data) ? res.data : []
}

/** Games the user sells in. */
export const getMyGames = () => gameList(GOODS_PATHS.myGames)
/** Games the user resells on an agency basis. */
export const getMyAgencySaleGames = () => gameList(GOODS_PATHS.myAgencySaleGames)
/** Games of the listings the user follows. */
export const getGamesByFollow = () => gameList(GOODS_PATHS.gamesByFollow)

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

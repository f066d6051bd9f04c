/** Games and their servers (spec §7). */
import type { ApiResult } from '@shared/api/envelope'
import { PATHS } from '@shared/api/paths'
import type { Game, GameDetail, GameServer } from '@shared/api/types'
import { http } from './http'

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

export async function getAreaServersByGameId(gameId: number): Promise<GameServer[]> {
  const res = await http.get<ApiResult<GameServer[]>>(PATHS.areaServersByGameId, { gameId })
  return Array.isArray(res.data) ? res.data : []
}

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

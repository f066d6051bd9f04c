/**
 * Games and game configs change rarely: one request per page load is enough. A failed request is
 * forgotten so the next use tries again.
 */
import type { GameConfig, GameTransferCollectConfig } from '@shared/api/goods'
import type { Game } from '@shared/api/types'
import { getGameConfig, getGames, getGameTransferCollectConfig, sortGames } from '@renderer/api/game'

let games: Promise<Game[]> | null = null
const configs = new Map<number, Promise<GameConfig>>()
const transferConfigs = new Map<number, Promise<GameTransferCollectConfig>>()

export function loadGames(): Promise<Game[]> {
  games ??= getGames().then(sortGames, (error: unknown) => {
    games = null
    throw error
  })
  return games
}

export function loadGameConfig(gameId: number): Promise<GameConfig> {
  let config = configs.get(gameId)
  if (!config) {
    config = getGameConfig(gameId, { errors: 'caller' }).catch((error: unknown) => {
      configs.delete(gameId)
      throw error
    })
    configs.set(gameId, config)
  }
  return config
}

export function loadTransferConfig(gameId: number): Promise<GameTransferCollectConfig> {
  let config = transferConfigs.get(gameId)
  if (!config) {
    config = getGameTransferCollectConfig(gameId).catch((error: unknown) => {
      transferConfigs.delete(gameId)
      throw error
    })
    transferConfigs.set(gameId, config)
  }
  return config
}

/** Tests start from an empty cache. */
export function resetCatalogueCache(): void {
  games = null
  configs.clear()
  transferConfigs.clear()
}

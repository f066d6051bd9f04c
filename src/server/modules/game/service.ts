import type { Selectable } from 'kysely'
import {
  Code,
  TRADE_RULES,
  type Game,
  type GameConfig,
  type GameDetail,
  type GameServer,
  type GameTransferCollectConfig,
  type GoodsTypeConfig,
  type TransferField,
} from '../../../shared/api'
import { KeptCache, localInvalidation } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import type { Db } from '../../db'
import type { GameServersTable, GamesTable } from './tables'
import { ApiError, badRequest, notFound } from '../../http/errors'
import { gameRepo } from './repo'

type ServerRow = Pick<Selectable<GameServersTable>, 'id' | 'game_id' | 'parent_id' | 'name' | 'platform'>

/** A games row as the site shows it (the console adds status and description: admin.ts). */
export const toGame = (row: Selectable<GamesTable>): Game => ({
  gameId: row.id,
  nameCn: row.name_cn,
  nameEn: row.name_en,
  initial: row.initial,
  icon: row.icon,
  platforms: JSON.parse(row.platforms) as string[],
  hot: row.hot === 1,
  sort: row.sort,
})

const toServer = (row: ServerRow): GameServer => ({
  serverId: row.id,
  gameId: row.game_id,
  parentId: row.parent_id,
  name: row.name,
  platform: row.platform,
})

/** Areas (parentId null) with their servers as children. */
function toAreas(rows: ServerRow[]): GameDetail['areas'] {
  const servers = rows.filter((row) => row.parent_id !== null).map(toServer)
  return rows
    .filter((row) => row.parent_id === null)
    .map((area) => ({ ...toServer(area), children: servers.filter((s) => s.parentId === area.id) }))
}

/** The invalidation topic of games and their configs (console: 游戏管理). */
export const GAME_TOPIC = 'games'

/** Everything a listing of a game is checked against (goods validator, batch import, search filters). */
export interface GameRules {
  game: Game
  /**
   * false for a game staff disabled: no new listings (goods and batch publish refuse), while the
   * listings and orders it already has keep their rules (delivery fields, protection days)
   */
  enabled: boolean
  config: GameConfig
  transfer: GameTransferCollectConfig
  areas: GameDetail['areas']
  /** every area's and server's name by its id (list rows, saved-search names) */
  placeNames: ReadonlyMap<number, string>
}

/**
 * Configs change only in the console (游戏管理), which clears this cache in every process at once
 * (GAME_TOPIC); the time limit is only a backstop.
 */
const RULES_TTL_MS = 60_000

/** at most this many games' rules are kept */
const RULES_MAX = 1000

export function gameService(
  db: Db,
  now: () => number = Date.now,
  invalidation: Invalidation = localInvalidation(),
) {
  const repo = gameRepo(db)
  const rulesCache = new KeptCache<number, GameRules>(
    { name: 'game-rules', max: RULES_MAX, ttlMs: RULES_TTL_MS, clearedBy: [GAME_TOPIC] },
    { now, invalidation },
  )

  async function requireGame(gameId: number) {
    const game = await repo.findGame(gameId)
    if (!game) throw notFound('游戏不存在')
    return game
  }

  async function loadRules(gameId: number, via: Db): Promise<GameRules> {
    const repo = gameRepo(via)
    // a disabled game keeps its rules: its listings and orders go on (publishing checks `enabled`)
    const found = await repo.findAnyGame(gameId)
    if (!found) throw notFound('游戏不存在')
    const game = toGame(found)
    const row = await repo.findConfig(gameId)
    const goodsTypes = row ? (JSON.parse(row.goods_types) as GoodsTypeConfig[]) : []
    const fields = row ? (JSON.parse(row.transfer_fields) as TransferField[]) : []
    const servers = await repo.serversOfGame(gameId)
    return {
      game,
      enabled: found.status === '0',
      config: {
        gameId,
        goodsTypes,
        protectionDays: row?.protection_days ?? TRADE_RULES.defaultProtectionDays,
      },
      transfer: { gameId, fields },
      areas: toAreas(servers),
      placeNames: new Map(servers.map((row) => [row.id, row.name])),
    }
  }

  return {
    games: async (): Promise<Game[]> => (await repo.listGames()).map(toGame),

    async detail(gameId: number): Promise<GameDetail> {
      const game = await requireGame(gameId)
      return {
        ...toGame(game),
        description: game.description,
        areas: toAreas(await repo.serversOfGame(gameId)),
      }
    },

    async areasWithServers(gameId: number): Promise<GameDetail['areas']> {
      await requireGame(gameId)
      return toAreas(await repo.serversOfGame(gameId))
    },

    /** Every area and server of a game in one flat list (parentId tells which is which). */
    async flatServers(gameId: number): Promise<GameServer[]> {
      await requireGame(gameId)
      return (await repo.serversOfGame(gameId)).map(toServer)
    },

    async serversOfArea(areaId: number): Promise<GameServer[]> {
      if (!(await repo.findArea(areaId))) throw notFound('大区不存在')
      return (await repo.serversOfArea(areaId)).map(toServer)
    },

    /**
     * The game, its listing config, transfer fields and areas; 游戏不存在 (404) for an unknown game.
     * Inside a transaction pass it as `via` (SQLite has one connection: the main handle would wait).
     */
    async rules(gameId: number, via: Db = db): Promise<GameRules> {
      const cached = rulesCache.get(gameId)
      if (cached) return cached
      const rules = await loadRules(gameId, via)
      rulesCache.set(gameId, rules)
      return rules
    },

    async config(gameId: number): Promise<GameConfig> {
      return (await this.rules(gameId)).config
    },

    async transferConfig(gameId: number, via: Db = db): Promise<GameTransferCollectConfig> {
      return (await this.rules(gameId, via)).transfer
    },

    /** Whether a game exists, disabled ones included (a guide may name one). */
    exists: async (gameId: number): Promise<boolean> => (await repo.findAnyGame(gameId)) !== undefined,

    /** A game or its config changed (console): every process drops its cached rules and pages. */
    changed: () => invalidation.emit(GAME_TOPIC),

    /** Games of these ids in display order: the games of a seller's listings, of a user's follows. */
    byIds: async (gameIds: number[]): Promise<Game[]> =>
      (await repo.gamesByIds([...new Set(gameIds)])).map(toGame),
  }
}

export type GameService = ReturnType<typeof gameService>

/** A game's rules for a listing being published: an unknown game is the seller's mistake (400, not 404). */
export async function listingRules(games: GameService, gameId: number): Promise<GameRules> {
  try {
    return await games.rules(gameId)
  } catch (err) {
    if (err instanceof ApiError && err.code === Code.NOT_FOUND) throw badRequest('游戏不存在')
    throw err
  }
}

import type { Selectable } from 'kysely'
import { Code, type Game, type GameDetail, type GameServer } from '../../../shared/api'
import type { Db } from '../../db'
import type { GameServersTable, GamesTable } from '../../db/schema'
import { ApiError } from '../../plugins/envelope'
import { gameRepo } from './repo'

type ServerRow = Pick<Selectable<GameServersTable>, 'id' | 'game_id' | 'parent_id' | 'name' | 'platform'>

const toGame = (row: Selectable<GamesTable>): Game => ({
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

export function gameService(db: Db) {
  const repo = gameRepo(db)

  async function requireGame(gameId: number) {
    const game = await repo.findGame(gameId)
    if (!game) throw new ApiError(Code.NOT_FOUND, '游戏不存在')
    return game
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
      if (!(await repo.findArea(areaId))) throw new ApiError(Code.NOT_FOUND, '大区不存在')
      return (await repo.serversOfArea(areaId)).map(toServer)
    },
  }
}

export type GameService = ReturnType<typeof gameService>

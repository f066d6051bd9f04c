/** SQL of the game module: games, their areas and servers, their listing configs. */
import type { Db } from '../../db'

export function gameRepo(db: Db) {
  const servers = () =>
    db
      .selectFrom('game_servers')
      .select(['id', 'game_id', 'parent_id', 'name', 'platform'])
      .orderBy('sort')
      .orderBy('id')

  const games = () =>
    db.selectFrom('games').selectAll().where('status', '=', '0').orderBy('sort').orderBy('id')

  return {
    listGames() {
      return games().execute()
    },

    findGame(gameId: number) {
      return db
        .selectFrom('games')
        .selectAll()
        .where('id', '=', gameId)
        .where('status', '=', '0')
        .executeTakeFirst()
    },

    /** Areas and servers of a game, areas and servers each in display order. */
    serversOfGame(gameId: number) {
      return servers().where('game_id', '=', gameId).execute()
    },

    findArea(areaId: number) {
      return servers().where('id', '=', areaId).where('parent_id', 'is', null).executeTakeFirst()
    },

    serversOfArea(areaId: number) {
      return servers().where('parent_id', '=', areaId).execute()
    },

    findConfig(gameId: number) {
      return db.selectFrom('game_configs').selectAll().where('game_id', '=', gameId).executeTakeFirst()
    },

    /** Games of these ids, in display order (unknown and hidden ones left out). */
    gamesByIds(gameIds: number[]) {
      if (gameIds.length === 0) return Promise.resolve([])
      return games().where('id', 'in', gameIds).execute()
    },
  }
}

/** SQL of the game module: games, their areas and servers. */
import type { Db } from '../../db'

export function gameRepo(db: Db) {
  const servers = () =>
    db
      .selectFrom('game_servers')
      .select(['id', 'game_id', 'parent_id', 'name', 'platform'])
      .orderBy('sort')
      .orderBy('id')

  return {
    listGames() {
      return db
        .selectFrom('games')
        .selectAll()
        .where('status', '=', '0')
        .orderBy('sort')
        .orderBy('id')
        .execute()
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
  }
}

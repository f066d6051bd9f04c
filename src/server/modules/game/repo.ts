/** SQL of the game module: games, their areas and servers, their listing configs. */
import { sql, type Insertable, type Updateable } from 'kysely'
import type { GameStaffListQuery } from '../../../shared/api'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { GameConfigsTable, GameServersTable, GamesTable } from './tables'

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

    /** A game whatever its status (its listings and orders outlive a disabled game). */
    findAnyGame(gameId: number) {
      return db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst()
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

    /** Staff: every game, hidden ones too, in display order. */
    staffPage(filter: GameStaffListQuery) {
      let query = db.selectFrom('games').selectAll().orderBy('sort').orderBy('id')
      if (filter.status) query = query.where('status', '=', filter.status)
      const keyword = filter.keyword?.trim()
      if (keyword) {
        const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`name_cn like ${pattern} escape '\\'`,
            sql<boolean>`name_en like ${pattern} escape '\\'`,
          ]),
        )
      }
      return fetchPage(query, filter)
    },

    /** Staff: areas and servers with their display order. */
    staffServers(gameId: number) {
      return db
        .selectFrom('game_servers')
        .select(['id', 'game_id', 'parent_id', 'name', 'platform', 'sort'])
        .where('game_id', '=', gameId)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    },

    async insertGame(row: Insertable<GamesTable>): Promise<number> {
      const inserted = await db.insertInto('games').values(row).returning('id').executeTakeFirstOrThrow()
      return inserted.id
    },

    updateGame(gameId: number, change: Updateable<GamesTable>) {
      return db.updateTable('games').set(change).where('id', '=', gameId).execute()
    },

    async insertServer(row: Insertable<GameServersTable>): Promise<number> {
      const inserted = await db
        .insertInto('game_servers')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return inserted.id
    },

    updateServer(serverId: number, change: Updateable<GameServersTable>) {
      return db.updateTable('game_servers').set(change).where('id', '=', serverId).execute()
    },

    deleteServers(serverIds: number[]) {
      if (serverIds.length === 0) return Promise.resolve([])
      return db.deleteFrom('game_servers').where('id', 'in', serverIds).execute()
    },

    async saveConfig(row: GameConfigsTable) {
      const found = await db
        .selectFrom('game_configs')
        .select('game_id')
        .where('game_id', '=', row.game_id)
        .executeTakeFirst()
      if (found) await db.updateTable('game_configs').set(row).where('game_id', '=', row.game_id).execute()
      else await db.insertInto('game_configs').values(row).execute()
    },
  }
}

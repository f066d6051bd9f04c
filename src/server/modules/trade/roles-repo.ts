/** SQL of the buyer's receiving roles. */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'
import type { ReceivingRolesTable } from './tables'

/** roles with their game's and server's names */
const named = (db: Db) =>
  db
    .selectFrom('receiving_roles as r')
    .innerJoin('games', 'games.id', 'r.game_id')
    .leftJoin('game_servers as gs', 'gs.id', 'r.server_id')
    .selectAll('r')
    .select(['games.name_cn as game_name', 'gs.name as server_name'])

// every coin or item order reads its role (db/prepared.ts)
const namedRoleQuery = prepared((db: Db, roleId: number) => named(db).where('r.id', '=', roleId))

export function roleRepo(db: Db) {
  return {
    /** The user's roles with their game's and server's names, newest first. */
    list(userId: number) {
      return named(db).where('r.user_id', '=', userId).orderBy('r.id', 'desc').execute()
    },

    /** One role with its game's and server's names. */
    named(roleId: number) {
      return namedRoleQuery.first(db, roleId)
    },

    find(roleId: number) {
      return db.selectFrom('receiving_roles').selectAll().where('id', '=', roleId).executeTakeFirst()
    },
    async insert(row: Insertable<ReceivingRolesTable>): Promise<number> {
      const r = await db.insertInto('receiving_roles').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(r.id)
    },
    async update(
      roleId: number,
      patch: {
        game_id: number
        server_id: number | null
        role_name: string
        game_role_id: string
        is_default: number
      },
    ) {
      await db.updateTable('receiving_roles').set(patch).where('id', '=', roleId).execute()
    },
    async clearDefault(userId: number, gameId: number) {
      await db
        .updateTable('receiving_roles')
        .set({ is_default: 0 })
        .where('user_id', '=', userId)
        .where('game_id', '=', gameId)
        .execute()
    },
    async remove(roleId: number, userId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('receiving_roles')
        .where('id', '=', roleId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(res.numDeletedRows) === 1
    },
    server(serverId: number) {
      return db
        .selectFrom('game_servers')
        .select(['id', 'game_id', 'name'])
        .where('id', '=', serverId)
        .executeTakeFirst()
    },
    game(gameId: number) {
      return db.selectFrom('games').select(['id', 'name_cn']).where('id', '=', gameId).executeTakeFirst()
    },
  }
}

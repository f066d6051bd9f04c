/** SQL of the `love_activities`, `love_guilds` and `love_supports` tables. */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { LoveActivityListQuery, LoveSupportListQuery } from '../../../shared/api/love'
import type { LoveActivitiesTable, LoveGuildsTable, LoveSupportsTable } from './tables'

export type ActivityRow = Selectable<LoveActivitiesTable>
export type GuildRow = Selectable<LoveGuildsTable>

export interface GuildTally {
  guild_id: number
  supports: number
  last_at: number | null
}

const count = (n: number | string | bigint | null | undefined) => Number(n ?? 0)

export function loveRepo(db: Db) {
  return {
    // ---- activities
    async insertActivity(row: Insertable<LoveActivitiesTable>) {
      const { id } = await db
        .insertInto('love_activities')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(id)
    },
    async updateActivity(id: number, row: Updateable<LoveActivitiesTable>) {
      await db.updateTable('love_activities').set(row).where('id', '=', id).execute()
    },
    async deleteActivity(id: number) {
      await db.deleteFrom('love_guilds').where('activity_id', '=', id).execute()
      await db.deleteFrom('love_activities').where('id', '=', id).execute()
    },
    activity(id: number) {
      return db.selectFrom('love_activities').selectAll().where('id', '=', id).executeTakeFirst()
    },
    pageActivities(page: LoveActivityListQuery) {
      return fetchPage(
        db.selectFrom('love_activities').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc'),
        page,
      )
    },
    /** the running activity that started last */
    running(at: number) {
      return db
        .selectFrom('love_activities')
        .selectAll()
        .where('start_at', '<=', at)
        .where('end_at', '>', at)
        .orderBy('start_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst()
    },
    /** the next activity to start */
    upcoming(at: number) {
      return db
        .selectFrom('love_activities')
        .selectAll()
        .where('start_at', '>', at)
        .orderBy('start_at')
        .orderBy('id')
        .executeTakeFirst()
    },
    /** the activity that ended last */
    ended(at: number) {
      return db
        .selectFrom('love_activities')
        .selectAll()
        .where('end_at', '<=', at)
        .orderBy('end_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst()
    },

    // ---- guilds
    async insertGuild(row: Insertable<LoveGuildsTable>) {
      const { id } = await db.insertInto('love_guilds').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(id)
    },
    async updateGuild(id: number, row: Updateable<LoveGuildsTable>) {
      await db.updateTable('love_guilds').set(row).where('id', '=', id).execute()
    },
    async deleteGuild(id: number) {
      await db.deleteFrom('love_guilds').where('id', '=', id).execute()
    },
    guild(id: number) {
      return db.selectFrom('love_guilds').selectAll().where('id', '=', id).executeTakeFirst()
    },
    guilds(activityId: number) {
      return db
        .selectFrom('love_guilds')
        .selectAll()
        .where('activity_id', '=', activityId)
        .orderBy('id')
        .execute()
    },
    /** valid supports per guild of an activity and the time of each guild's last one */
    async tally(activityId: number): Promise<GuildTally[]> {
      const rows = await db
        .selectFrom('love_supports')
        .select((eb) => [
          'guild_id',
          eb.fn.countAll<number | string>().as('supports'),
          eb.fn.max('created_at').as('last_at'),
        ])
        .where('activity_id', '=', activityId)
        .where('voided', '=', 0)
        .groupBy('guild_id')
        .execute()
      return rows.map((r) => ({
        guild_id: r.guild_id,
        supports: count(r.supports),
        last_at: r.last_at === null ? null : Number(r.last_at),
      }))
    },

    // ---- supports
    async supportCount(filter: { activityId?: number; guildId?: number }) {
      let query = db.selectFrom('love_supports').select((eb) => eb.fn.countAll<number | string>().as('n'))
      if (filter.activityId) query = query.where('activity_id', '=', filter.activityId)
      if (filter.guildId) query = query.where('guild_id', '=', filter.guildId)
      return count((await query.executeTakeFirstOrThrow()).n)
    },
    /** a user's supports of one day in an activity (voided ones too: voiding gives no quota back) */
    userDay(activityId: number, userId: number, day: number) {
      return db
        .selectFrom('love_supports')
        .select(['guild_id', 'slot'])
        .where('activity_id', '=', activityId)
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .execute()
    },
    async ipDayCount(activityId: number, ip: string, day: number) {
      const row = await db
        .selectFrom('love_supports')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('activity_id', '=', activityId)
        .where('ip', '=', ip)
        .where('day', '=', day)
        .executeTakeFirstOrThrow()
      return count(row.n)
    },
    async insertSupport(row: Insertable<LoveSupportsTable>) {
      const { id } = await db
        .insertInto('love_supports')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(id)
    },
    async validSupportsOf(guildId: number) {
      const row = await db
        .selectFrom('love_supports')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('guild_id', '=', guildId)
        .where('voided', '=', 0)
        .executeTakeFirstOrThrow()
      return count(row.n)
    },
    pageSupports(filter: LoveSupportListQuery) {
      let query = db
        .selectFrom('love_supports')
        .innerJoin('users', 'users.id', 'love_supports.user_id')
        .innerJoin('love_guilds', 'love_guilds.id', 'love_supports.guild_id')
        .selectAll('love_supports')
        .select(['users.user_name', 'love_guilds.name as guild_name'])
        .orderBy('love_supports.id', 'desc')
      if (filter.activityId) query = query.where('love_supports.activity_id', '=', filter.activityId)
      if (filter.guildId) query = query.where('love_supports.guild_id', '=', filter.guildId)
      if (filter.userId) query = query.where('love_supports.user_id', '=', filter.userId)
      if (filter.userName) query = query.where('users.user_name', '=', filter.userName.trim())
      if (filter.ip) query = query.where('love_supports.ip', '=', filter.ip.trim())
      if (filter.voided !== undefined) query = query.where('love_supports.voided', '=', filter.voided ? 1 : 0)
      return fetchPage(query, filter)
    },
    /** ids of the still valid supports matching a void request */
    async validIds(match: { supportIds?: number[]; activityId?: number; userId?: number; ip?: string }) {
      let query = db.selectFrom('love_supports').select('id').where('voided', '=', 0)
      if (match.supportIds) query = query.where('id', 'in', match.supportIds)
      if (match.activityId) query = query.where('activity_id', '=', match.activityId)
      if (match.userId) query = query.where('user_id', '=', match.userId)
      if (match.ip) query = query.where('ip', '=', match.ip)
      return (await query.orderBy('id').execute()).map((r) => r.id)
    },
    async voidIds(ids: number[], reason: string, staffId: number, at: number) {
      if (ids.length === 0) return
      await db
        .updateTable('love_supports')
        .set({ voided: 1, void_reason: reason, voided_by: staffId, voided_at: at })
        .where('id', 'in', ids)
        .where('voided', '=', 0)
        .execute()
    },
  }
}

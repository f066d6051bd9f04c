/** SQL of the per-user live-event log (`live_events`) behind the event bus. */
import { sql } from 'kysely'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'

/** every live event is one insert: compiled once (db/prepared.ts) */
const appendQuery = prepared((db: Db, userId: number, type: string, data: string, at: number) =>
  db.insertInto('live_events').values({ user_id: userId, type, data, created_at: at }).returning('id'),
)

/** the pruning that about one publish in 16 runs (bus.ts): compiled once too */
const pruneQuery = prepared((db: Db, userId: number, keep: number) =>
  db
    .deleteFrom('live_events')
    .where('user_id', '=', userId)
    .where(
      'id',
      '<',
      db
        .selectFrom(
          db
            .selectFrom('live_events')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .limit(keep)
            .as('newest'),
        )
        .select(sql<number>`min(newest.id)`.as('min_id')),
    ),
)

export function liveEventsRepo(db: Db) {
  return {
    async append(userId: number, type: string, data: string, at: number) {
      const row = await appendQuery.first(db, userId, type, data, at)
      if (!row) throw new Error('live event not logged')
      return row
    },

    /** keep the newest `keep` events of this user: delete below the smallest id among them */
    async prune(userId: number, keep: number) {
      await pruneQuery.all(db, userId, keep)
    },

    /** the newest `limit` events after `afterId`, oldest first */
    async after(userId: number, afterId: number, limit: number) {
      const rows = await db
        .selectFrom('live_events')
        .select(['id', 'type', 'data', 'created_at'])
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
      return rows.reverse()
    },

    async latestId(userId: number): Promise<number> {
      const row = await db
        .selectFrom('live_events')
        .select(sql<number | null>`max(id)`.as('max_id'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(row?.max_id ?? 0)
    },
  }
}

/** SQL of the saved-search tables (docs/saved-searches.md). */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { SavedSearchesTable } from './tables'

export function savedSearchRepo(db: Db) {
  return {
    /** the user's searches, newest first */
    ofUser: (userId: number) =>
      db
        .selectFrom('saved_searches')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),

    find: (id: number) => db.selectFrom('saved_searches').selectAll().where('id', '=', id).executeTakeFirst(),

    async countOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('saved_searches')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    sameQuery: (userId: number, query: string) =>
      db
        .selectFrom('saved_searches')
        .select('id')
        .where('user_id', '=', userId)
        .where('query', '=', query)
        .executeTakeFirst(),

    async insert(row: Insertable<SavedSearchesTable>): Promise<number> {
      const { id } = await db
        .insertInto('saved_searches')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(id)
    },

    async update(id: number, set: Partial<Omit<SavedSearchesTable, 'id'>>) {
      await db.updateTable('saved_searches').set(set).where('id', '=', id).execute()
    },

    async remove(id: number) {
      await db.deleteFrom('saved_search_matches').where('saved_search_id', '=', id).execute()
      await db.deleteFrom('saved_searches').where('id', '=', id).execute()
    },

    /** the active searches a listing of this game may match: of the game, and those naming no game */
    activeForGame: (gameId: number) =>
      db
        .selectFrom('saved_searches')
        .select(['id', 'user_id', 'query'])
        .where((eb) => eb.or([eb('game_id', '=', gameId), eb('game_id', 'is', null)]))
        .where('paused', '=', 0)
        .execute(),

    // ------------------------------------------------------------------ queue

    async enqueue(goodsId: number, kind: 'NEW' | 'DROP', at: number) {
      await db.insertInto('saved_search_queue').values({ goods_id: goodsId, kind, created_at: at }).execute()
    },

    /** Takes (reads and deletes) the oldest queued signals. */
    async take(limit: number) {
      const rows = await db
        .selectFrom('saved_search_queue')
        .select(['id', 'goods_id', 'kind'])
        .orderBy('id')
        .limit(limit)
        .execute()
      if (rows.length > 0)
        await db
          .deleteFrom('saved_search_queue')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      return rows
    },

    // ------------------------------------------------------------------ matches

    pendingMatch: (savedSearchId: number, goodsId: number) =>
      db
        .selectFrom('saved_search_matches')
        .select('id')
        .where('saved_search_id', '=', savedSearchId)
        .where('goods_id', '=', goodsId)
        .where('alerted_at', 'is', null)
        .executeTakeFirst(),

    async addMatch(savedSearchId: number, goodsId: number, kind: 'NEW' | 'DROP', price: number, at: number) {
      await db
        .insertInto('saved_search_matches')
        .values({
          saved_search_id: savedSearchId,
          goods_id: goodsId,
          kind,
          price,
          created_at: at,
          alerted_at: null,
        })
        .execute()
      await db
        .updateTable('saved_searches')
        .set((eb) => ({ new_count: eb('new_count', '+', 1) }))
        .where('id', '=', savedSearchId)
        .execute()
    },

    async updateMatch(id: number, kind: 'NEW' | 'DROP', price: number) {
      await db.updateTable('saved_search_matches').set({ kind, price }).where('id', '=', id).execute()
    },

    /** searches with matches waiting for an alert */
    async withPending(): Promise<number[]> {
      const rows = await db
        .selectFrom('saved_search_matches')
        .select('saved_search_id')
        .distinct()
        .where('alerted_at', 'is', null)
        .execute()
      return rows.map((r) => r.saved_search_id)
    },

    pendingOf: (savedSearchId: number) =>
      db
        .selectFrom('saved_search_matches')
        .select(['id', 'goods_id', 'kind', 'price'])
        .where('saved_search_id', '=', savedSearchId)
        .where('alerted_at', 'is', null)
        .orderBy('id')
        .execute(),

    async markAlerted(ids: number[], at: number) {
      if (ids.length === 0) return
      await db.updateTable('saved_search_matches').set({ alerted_at: at }).where('id', 'in', ids).execute()
    },

    async dropPending(savedSearchId: number) {
      await db
        .deleteFrom('saved_search_matches')
        .where('saved_search_id', '=', savedSearchId)
        .where('alerted_at', 'is', null)
        .execute()
    },

    /** Alerted matches older than `before` are pruned (only pending ones are ever read). */
    async pruneAlerted(before: number) {
      await db.deleteFrom('saved_search_matches').where('alerted_at', '<', before).execute()
    },

    /**
     * Claims the search's alert: sets last_alert_at when the window since the last one is over
     * (a conditional update, so two sweepers never send the same alert twice).
     */
    async claimAlert(id: number, at: number, windowMs: number): Promise<boolean> {
      const result = await db
        .updateTable('saved_searches')
        .set({ last_alert_at: at })
        .where('id', '=', id)
        .where('paused', '=', 0)
        .where((eb) => eb.or([eb('last_alert_at', 'is', null), eb('last_alert_at', '<=', at - windowMs)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}

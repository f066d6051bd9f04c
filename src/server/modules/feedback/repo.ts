/** SQL of the `feedback` and `feedback_replies` tables. */
import type { Insertable, Selectable } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { FeedbackListQuery, FeedbackMyQuery } from '../../../shared/api/feedback'
import type { FeedbackTable } from './tables'

export type FeedbackRow = Selectable<FeedbackTable>

export function feedbackRepo(db: Db) {
  return {
    async insert(row: Insertable<FeedbackTable>) {
      const { id } = await db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(id)
    },
    find(id: number) {
      return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst()
    },
    async countSince(userId: number, since: number) {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    pageOwn(userId: number, page: FeedbackMyQuery) {
      const query = db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('id', 'desc')
      return fetchPage(query, page)
    },
    pageAll(filter: FeedbackListQuery) {
      let query = db
        .selectFrom('feedback')
        .innerJoin('users', 'users.id', 'feedback.user_id')
        .selectAll('feedback')
        .select('users.user_name')
        .orderBy('feedback.id', 'desc')
      if (filter.status) query = query.where('feedback.status', '=', filter.status)
      if (filter.feedbackType) query = query.where('feedback.feedback_type', '=', filter.feedbackType)
      return fetchPage(query, filter)
    },
    userName(userId: number) {
      return db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst()
    },
    replies(feedbackIds: number[]) {
      if (feedbackIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('feedback_replies')
        .select(['feedback_id', 'content', 'created_at'])
        .where('feedback_id', 'in', feedbackIds)
        .orderBy('id')
        .execute()
    },
    async addReply(feedbackId: number, staffId: number, content: string, at: number) {
      await db
        .insertInto('feedback_replies')
        .values({ feedback_id: feedbackId, staff_id: staffId, content, created_at: at })
        .execute()
    },
    async setStatus(id: number, status: string, at: number) {
      await db.updateTable('feedback').set({ status, updated_at: at }).where('id', '=', id).execute()
    },
  }
}

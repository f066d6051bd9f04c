/** SQL of the `cs_leave_messages` table. */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { CsLeaveMessagesTable } from './tables'

export function csRepo(db: Db) {
  return {
    insert(row: Insertable<CsLeaveMessagesTable>) {
      return db.insertInto('cs_leave_messages').values(row).returning('id').executeTakeFirstOrThrow()
    },
    listOwn(userId: number, limit: number) {
      return db
        .selectFrom('cs_leave_messages')
        .select(['id', 'category', 'contact', 'content', 'client', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },
  }
}

/** SQL of the `cs_leave_messages` table. */
import type { Db } from '../../db'

export function csRepo(db: Db) {
  return {
    insert(row: {
      user_id: number
      category: string
      contact: string
      content: string
      client: string
      status: string
      created_at: number
    }) {
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

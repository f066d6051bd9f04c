/** Messages left for customer service outside its hours (spec §1). */
import type { CsLeaveMessageBody, CsLeaveMessageResult } from '../../../shared/api/cs'
import type { Db } from '../../db'
import './tables'

export function csService(db: Db, now: () => number) {
  return {
    async leaveMessage(userId: number, body: CsLeaveMessageBody): Promise<CsLeaveMessageResult> {
      const row = await db
        .insertInto('cs_leave_messages')
        .values({
          user_id: userId,
          category: body.category,
          contact: (body.contact ?? '').trim(),
          content: body.content.trim(),
          client: body.client ?? 'web',
          status: 'NEW',
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { messageId: Number(row.id) }
    },

    /** The newest messages of a user (tests and a later agent console). */
    listOwn(userId: number) {
      return db
        .selectFrom('cs_leave_messages')
        .select(['id', 'category', 'contact', 'content', 'client', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(50)
        .execute()
    },
  }
}

export type CsService = ReturnType<typeof csService>

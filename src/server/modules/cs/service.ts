/** Messages left for customer service outside its hours (docs/product.md). */
import type { CsLeaveMessageBody, CsLeaveMessageResult } from '../../../shared/api/cs'
import type { Db } from '../../db'
import { csRepo } from './repo'

export function csService(db: Db, now: () => number) {
  const repo = csRepo(db)
  return {
    async leaveMessage(userId: number, body: CsLeaveMessageBody): Promise<CsLeaveMessageResult> {
      const row = await repo.insert({
        user_id: userId,
        category: body.category,
        contact: (body.contact ?? '').trim(),
        content: body.content.trim(),
        client: body.client ?? 'web',
        status: 'NEW',
        created_at: now(),
      })
      return { messageId: Number(row.id) }
    },

    /** The newest messages of a user (tests and a later agent console). */
    listOwn: (userId: number) => repo.listOwn(userId, 50),
  }
}

export type CsService = ReturnType<typeof csService>

/** SQL of the message module. Every query is scoped to its owner: other users' ids match nothing. */
import { sql } from 'kysely'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'
import { fetchPage } from '../../db/paging'
import type { WebMessagePageBody } from '../../../shared/api'

// every new message is an insert and a count of the addressee's unread ones: compiled once (db/prepared.ts)
const unreadCountQuery = prepared((db: Db, userId: number) =>
  db
    .selectFrom('web_messages')
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .where('is_read', '=', 0)
    .select(sql<number>`count(*)`.as('total')),
)
const insertQuery = prepared(
  (db: Db, userId: number, title: string, content: string, messageType: 'SYSTEM' | 'ORDER', at: number) =>
    db
      .insertInto('web_messages')
      .values({
        user_id: userId,
        title,
        content,
        message_type: messageType,
        is_read: 0,
        deleted: 0,
        created_at: at,
      })
      .returning('id'),
)

export function messageRepo(db: Db) {
  const own = (userId: number) =>
    db.selectFrom('web_messages').where('user_id', '=', userId).where('deleted', '=', 0)

  return {
    /** One of the user's messages (not deleted), or undefined. */
    find(userId: number, messageId: number) {
      return own(userId)
        .where('id', '=', messageId)
        .select(['id', 'title', 'content', 'message_type', 'created_at'])
        .executeTakeFirst()
    },

    page(userId: number, filter: WebMessagePageBody) {
      let query = own(userId)
        .select(['id', 'title', 'content', 'message_type', 'is_read', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
      if (filter.messageType) query = query.where('message_type', '=', filter.messageType)
      if (filter.isRead !== undefined) query = query.where('is_read', '=', filter.isRead ? 1 : 0)
      return fetchPage(query, filter)
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await unreadCountQuery.first(db, userId)
      return Number(row?.total ?? 0)
    },

    /** Marks the caller's unread messages among `ids` read; returns how many changed. */
    async markRead(userId: number, ids: number[]): Promise<number> {
      const result = await db
        .updateTable('web_messages')
        .set({ is_read: 1 })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .where('is_read', '=', 0)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Soft-deletes the caller's messages among `ids`; returns how many changed. */
    async remove(userId: number, ids: number[]): Promise<number> {
      const result = await db
        .updateTable('web_messages')
        .set({ deleted: 1 })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    async insert(
      userId: number,
      message: { title: string; content: string; messageType: 'SYSTEM' | 'ORDER'; at: number },
    ) {
      const row = await insertQuery.first(
        db,
        userId,
        message.title,
        message.content,
        message.messageType,
        message.at,
      )
      if (!row) throw new Error('message not written')
      return Number(row.id)
    },

    /** The caller's messages for an export, newest first. */
    listForExport(userId: number, limit: number) {
      return own(userId)
        .select(['id', 'title', 'content', 'message_type', 'is_read', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },

    async hasUnreadWarrantMessage(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('warrant_messages')
        .select('id')
        .where('recipient_id', '=', userId)
        .where('read_at', 'is', null)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

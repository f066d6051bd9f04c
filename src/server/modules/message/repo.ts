/** SQL of the message module. Every query is scoped to its owner: other users' ids match nothing. */
import { sql } from 'kysely'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'
import { fetchPage } from '../../db/paging'
import type { WebMessagePageBody } from '../../../shared/api'

// The unread count is a number kept per user (web_message_unread, migration 0240): every change of a
// message's is_read/deleted and every insert changes it in the same transaction, so reading it costs
// the same however many unread messages a user has piled up (docs/scaling.md). Compiled once
// (db/prepared.ts) as every new message runs them.
const unreadCountQuery = prepared((db: Db, userId: number) =>
  db.selectFrom('web_message_unread').where('user_id', '=', userId).select('unread'),
)
/** adds `delta` (> 0) to the user's count, creating the row; returns the new count */
const addUnreadQuery = prepared((db: Db, userId: number, delta: number) =>
  db
    .insertInto('web_message_unread')
    .values({ user_id: userId, unread: delta })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ unread: (eb) => eb('web_message_unread.unread', '+', eb.ref('excluded.unread')) }),
    )
    .returning('unread'),
)
/** takes `delta` off the user's count (its row exists: the messages that were unread made it) */
const subtractUnreadQuery = prepared((db: Db, userId: number, delta: number) =>
  db
    .updateTable('web_message_unread')
    .set((eb) => ({ unread: eb('unread', '-', delta) }))
    .where('user_id', '=', userId),
)

/** Sets every user's count from the messages stored (the migration, the seed): what the counter must equal. */
export async function recountUnread(db: Db) {
  await db.deleteFrom('web_message_unread').execute()
  await db
    .insertInto('web_message_unread')
    .columns(['user_id', 'unread'])
    .expression((eb) =>
      eb
        .selectFrom('web_messages')
        .where('deleted', '=', 0)
        .where('is_read', '=', 0)
        .groupBy('user_id')
        .select(['user_id', sql<number>`count(*)`.as('unread')]),
    )
    .execute()
}

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
  /** runs `fn` in the caller's transaction, or in a new one: a message change and its count go together */
  const atomically = <T>(fn: (db: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn)
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
      return Number(row?.unread ?? 0)
    },

    /** Marks the caller's unread messages among `ids` read; returns how many changed. */
    async markRead(userId: number, ids: number[]): Promise<number> {
      return atomically(async (trx) => {
        const result = await trx
          .updateTable('web_messages')
          .set({ is_read: 1 })
          .where('user_id', '=', userId)
          .where('id', 'in', ids)
          .where('deleted', '=', 0)
          .where('is_read', '=', 0)
          .executeTakeFirst()
        const changed = Number(result.numUpdatedRows)
        if (changed > 0) await subtractUnreadQuery.all(trx, userId, changed)
        return changed
      })
    },

    /** Soft-deletes the caller's messages among `ids`; returns how many changed. */
    async remove(userId: number, ids: number[]): Promise<number> {
      return atomically(async (trx) => {
        // the unread ones first: how many of them there were comes off the count
        const removeWhere = (isRead: number) =>
          trx
            .updateTable('web_messages')
            .set({ deleted: 1 })
            .where('user_id', '=', userId)
            .where('id', 'in', ids)
            .where('deleted', '=', 0)
            .where('is_read', '=', isRead)
            .executeTakeFirst()
        const unread = Number((await removeWhere(0)).numUpdatedRows)
        const read = Number((await removeWhere(1)).numUpdatedRows)
        if (unread > 0) await subtractUnreadQuery.all(trx, userId, unread)
        return unread + read
      })
    },

    /** Writes a new unread message; returns its id and the user's unread count after it. */
    async insert(
      userId: number,
      message: { title: string; content: string; messageType: 'SYSTEM' | 'ORDER'; at: number },
    ): Promise<{ messageId: number; unread: number }> {
      return atomically(async (trx) => {
        const row = await insertQuery.first(
          trx,
          userId,
          message.title,
          message.content,
          message.messageType,
          message.at,
        )
        if (!row) throw new Error('message not written')
        const count = await addUnreadQuery.first(trx, userId, 1)
        return { messageId: Number(row.id), unread: Number(count?.unread) }
      })
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

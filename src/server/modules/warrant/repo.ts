/**
 * SQL of the guaranteed-order rooms (posts and their unread fan-out) and of dispute records
 * (migration 0032). Opening and ruling a dispute run inside one transaction with the order's state
 * change and, for a ruling, its money moves (warrant/service.ts).
 */
import { sql } from 'kysely'
import type { Db } from '../../db'
import type { DisputeState, OrderStatus } from '../../../shared/api'
import { fetchPage } from '../../db/paging'
import type { DisputesTable, WarrantPostsTable } from './tables'

export function warrantRepo(db: Db) {
  return {
    async insertPost(row: Omit<WarrantPostsTable, 'id'>): Promise<number> {
      const r = await db.insertInto('warrant_posts').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(r.id)
    },

    async fanOut(orderNo: string, senderId: number, recipients: number[], content: string, at: number) {
      if (recipients.length === 0) return
      await db
        .insertInto('warrant_messages')
        .values(
          recipients.map((recipient_id) => ({
            order_no: orderNo,
            sender_id: senderId,
            recipient_id,
            content: content.slice(0, 200),
            created_at: at,
            read_at: null,
          })),
        )
        .execute()
    },

    async markRead(orderNo: string, userId: number, at: number) {
      await db
        .updateTable('warrant_messages')
        .set({ read_at: at })
        .where('order_no', '=', orderNo)
        .where('recipient_id', '=', userId)
        .where('read_at', 'is', null)
        .execute()
    },

    posts(orderNo: string) {
      return db
        .selectFrom('warrant_posts')
        .leftJoin('users', 'users.id', 'warrant_posts.sender_id')
        .selectAll('warrant_posts')
        .select('users.nick_name')
        .where('warrant_posts.order_no', '=', orderNo)
        .orderBy('warrant_posts.id')
        .limit(1000)
        .execute()
    },

    async hasPosted(orderNo: string, userId: number) {
      const r = await db
        .selectFrom('warrant_posts')
        .select('id')
        .where('order_no', '=', orderNo)
        .where('sender_id', '=', userId)
        .executeTakeFirst()
      return r !== undefined
    },

    /** Per room: the time of its last post and the caller's unread messages in it. */
    async roomStats(orderNos: string[], userId: number) {
      const stats = new Map<string, { lastAt: number | null; unread: number }>()
      if (orderNos.length === 0) return stats
      const last = await db
        .selectFrom('warrant_posts')
        .select(['order_no', sql<number | null>`max(created_at)`.as('last_at')])
        .where('order_no', 'in', orderNos)
        .groupBy('order_no')
        .execute()
      const unread = await db
        .selectFrom('warrant_messages')
        .select(['order_no', sql<number>`count(*)`.as('unread')])
        .where('order_no', 'in', orderNos)
        .where('recipient_id', '=', userId)
        .where('read_at', 'is', null)
        .groupBy('order_no')
        .execute()
      for (const no of orderNos) stats.set(no, { lastAt: null, unread: 0 })
      for (const r of last) stats.get(r.order_no)!.lastAt = r.last_at === null ? null : Number(r.last_at)
      for (const r of unread) stats.get(r.order_no)!.unread = Number(r.unread)
      return stats
    },

    async ownsImages(userId: number, ids: string[]) {
      const rows = await db
        .selectFrom('goods_images')
        .select('id')
        .where('id', 'in', ids)
        .where('owner_id', '=', userId)
        .execute()
      return rows.length === ids.length
    },
  }
}

export function disputeRepo(db: Db) {
  const rows = () =>
    db
      .selectFrom('disputes')
      .leftJoin('users as opener', 'opener.id', 'disputes.opened_by')
      .leftJoin('users as judge', 'judge.id', 'disputes.ruled_by')
      .selectAll('disputes')
      .select(['opener.nick_name as opener_name', 'judge.nick_name as judge_name'])

  return {
    async open(row: {
      orderNo: string
      /** null (with side null): opened by the platform, e.g. an overdue cancellation request */
      openedBy: number | null
      side: 'buyer' | 'seller' | null
      fromStatus: OrderStatus
      reason: string
      at: number
    }) {
      await db
        .insertInto('disputes')
        .values({
          order_no: row.orderNo,
          opened_by: row.openedBy,
          opener_side: row.side,
          from_status: row.fromStatus,
          reason: row.reason,
          opened_at: row.at,
          status: 'OPEN',
          ruled_by: null,
          ruled_at: null,
          decision: null,
          refund_amount: null,
          settle_amount: null,
          ruling_reason: null,
        })
        .execute()
    },

    /** Records the ruling of the order's open dispute; false when there is none (already ruled). */
    async rule(
      orderNo: string,
      ruling: Pick<
        DisputesTable,
        'ruled_by' | 'ruled_at' | 'decision' | 'refund_amount' | 'settle_amount' | 'ruling_reason'
      >,
    ): Promise<boolean> {
      const res = await db
        .updateTable('disputes')
        .set({ ...ruling, status: 'RULED' })
        .where('order_no', '=', orderNo)
        .where('status', '=', 'OPEN')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    /** The order's latest dispute (open or ruled). */
    latest(orderNo: string) {
      return rows()
        .where('disputes.order_no', '=', orderNo)
        .orderBy('disputes.id', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** Every dispute of the order, oldest first. */
    allOf(orderNo: string) {
      return rows().where('disputes.order_no', '=', orderNo).orderBy('disputes.id').limit(20).execute()
    },

    async exists(orderNo: string) {
      const r = await db
        .selectFrom('disputes')
        .select('id')
        .where('order_no', '=', orderNo)
        .executeTakeFirst()
      return r !== undefined
    },

    /** The orders a staff member ruled (their rooms stay on their page after the ruling). */
    async ruledBy(userId: number): Promise<string[]> {
      const r = await db.selectFrom('disputes').select('order_no').where('ruled_by', '=', userId).execute()
      return r.map((x) => x.order_no)
    },

    /** Open disputes oldest first (the queue); ruled ones newest ruling first (the history). */
    page(q: { pageNum?: number; pageSize?: number; state?: DisputeState; orderNo?: string }) {
      let query = rows()
      if (q.state) query = query.where('disputes.status', '=', q.state)
      if (q.orderNo) query = query.where('disputes.order_no', '=', q.orderNo)
      query =
        q.state === 'OPEN'
          ? query.orderBy('disputes.id', 'asc')
          : q.state === 'RULED'
            ? query.orderBy('disputes.ruled_at', 'desc').orderBy('disputes.id', 'desc')
            : query.orderBy('disputes.id', 'desc')
      return fetchPage(query, q)
    },
  }
}

export type DisputeRow = NonNullable<Awaited<ReturnType<ReturnType<typeof disputeRepo>['latest']>>>

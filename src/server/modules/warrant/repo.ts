/** SQL of the guaranteed-order rooms. */
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

    /**
     * The caller's rooms: paid orders they buy or sell; staff: besides, every order in dispute
     * (listed first) and the orders they ruled (so a room stays on the page after its ruling).
     */
    rooms(userId: number, isStaff: boolean) {
      let q = db
        .selectFrom('orders')
        .innerJoin('users as b', 'b.id', 'orders.buyer_id')
        .innerJoin('users as s', 's.id', 'orders.seller_id')
        .select([
          'orders.order_no',
          'orders.title',
          'orders.amount',
          'orders.status',
          'b.nick_name as buyer_name',
          's.nick_name as seller_name',
          sql<
            number | null
          >`(select max(p.created_at) from warrant_posts p where p.order_no = orders.order_no)`.as('last_at'),
          sql<number>`(select count(*) from warrant_messages m where m.order_no = orders.order_no and m.recipient_id = ${userId} and m.read_at is null)`.as(
            'unread',
          ),
        ])
        .where('orders.paid_at', 'is not', null)
        .where((eb) => {
          const mine = [eb('orders.buyer_id', '=', userId), eb('orders.seller_id', '=', userId)]
          if (!isStaff) return eb.or(mine)
          const ruledByMe = eb.exists(
            eb
              .selectFrom('disputes')
              .select('disputes.id')
              .whereRef('disputes.order_no', '=', 'orders.order_no')
              .where('disputes.ruled_by', '=', userId),
          )
          return eb.or([...mine, eb('orders.status', '=', 'ARBITRATING'), ruledByMe])
        })
      if (isStaff) q = q.orderBy(sql`case when orders.status = 'ARBITRATING' then 0 else 1 end`)
      return q.orderBy('orders.id', 'desc').limit(200).execute()
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

    async staffIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('user_roles.user_id')
        .where('roles.role_key', '=', 'admin')
        .execute()
      return rows.map((r) => r.user_id)
    },

    async isStaff(userId: number) {
      return (await this.staffIds()).includes(userId)
    },
  }
}

/**
 * SQL of dispute records (migration 0032). Opening and ruling run inside the trade service's
 * transaction together with the order's state change (and, for a ruling, its money moves).
 */
export function disputeRepo(db: Db) {
  const rows = () =>
    db
      .selectFrom('disputes')
      .innerJoin('orders', 'orders.order_no', 'disputes.order_no')
      .innerJoin('users as b', 'b.id', 'orders.buyer_id')
      .innerJoin('users as s', 's.id', 'orders.seller_id')
      .leftJoin('users as opener', 'opener.id', 'disputes.opened_by')
      .leftJoin('users as judge', 'judge.id', 'disputes.ruled_by')
      .selectAll('disputes')
      .select([
        'orders.title',
        'orders.amount',
        'orders.status as order_status',
        'b.nick_name as buyer_name',
        's.nick_name as seller_name',
        'opener.nick_name as opener_name',
        'judge.nick_name as judge_name',
      ])

  return {
    async open(row: {
      orderNo: string
      openedBy: number
      side: 'buyer' | 'seller'
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

    async exists(orderNo: string) {
      const r = await db
        .selectFrom('disputes')
        .select('id')
        .where('order_no', '=', orderNo)
        .executeTakeFirst()
      return r !== undefined
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

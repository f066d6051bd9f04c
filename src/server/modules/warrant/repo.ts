/** SQL of the guaranteed-order rooms. */
import { sql } from 'kysely'
import type { Db } from '../../db'
import type { WarrantPostsTable } from '../../db/schema-trade'

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

    /** The caller's rooms: paid orders they buy or sell; staff: every disputed order. */
    rooms(userId: number, isStaff: boolean) {
      return db
        .selectFrom('orders')
        .innerJoin('users as b', 'b.id', 'orders.buyer_id')
        .innerJoin('users as s', 's.id', 'orders.seller_id')
        .select([
          'orders.order_no',
          'orders.title',
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
          return eb.or(isStaff ? [...mine, eb('orders.status', '=', 'ARBITRATING')] : mine)
        })
        .orderBy('orders.id', 'desc')
        .limit(200)
        .execute()
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

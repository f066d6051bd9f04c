/** SQL of console 订单管理: every order searched by staff, and the staff notes (order_notes). */
import { sql } from 'kysely'
import type { StaffOrderQuery } from '../../../shared/api/trade'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import { ordersWithParties, tradeRepo } from './repo'

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`)

export function orderStaffRepo(db: Db) {
  const rows = () =>
    ordersWithParties(db)
      .innerJoin('games', 'games.id', 'orders.game_id')
      .selectAll('orders')
      .select([
        'b.user_name as buyer_name',
        's.user_name as seller_name',
        'games.name_cn as game_name',
        (eb) =>
          eb
            .selectFrom('order_notes')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('order_notes.order_no', '=', 'orders.order_no')
            .as('note_count'),
      ])

  return {
    page(q: StaffOrderQuery) {
      let query = rows().orderBy('orders.id', 'desc')
      const orderNo = q.orderNo?.trim()
      if (orderNo) query = query.where('orders.order_no', '=', orderNo)
      // a party by user id (digits), or by a part of the user or nick name
      for (const [who, alias] of [
        [q.buyer?.trim(), 'b'],
        [q.seller?.trim(), 's'],
      ] as const) {
        if (!who) continue
        const like = `%${escapeLike(who)}%`
        query = query.where((eb) =>
          eb.or([
            ...(/^\d{1,9}$/.test(who) ? [eb(`${alias}.id`, '=', Number(who))] : []),
            eb(sql`${sql.ref(`${alias}.user_name`)}`, 'like', sql`${like} escape '\\'`),
            eb(sql`${sql.ref(`${alias}.nick_name`)}`, 'like', sql`${like} escape '\\'`),
          ]),
        )
      }
      if (q.gameId) query = query.where('orders.game_id', '=', q.gameId)
      if (q.status) query = query.where('orders.status', '=', q.status)
      if (q.beginTime !== undefined) query = query.where('orders.created_at', '>=', q.beginTime)
      if (q.endTime !== undefined) query = query.where('orders.created_at', '<=', q.endTime)
      return fetchPage(query, q)
    },

    order(orderNo: string) {
      return rows().where('orders.order_no', '=', orderNo).executeTakeFirst()
    },

    events: (orderNo: string) => tradeRepo(db).events(orderNo),

    async credentialViews(orderNo: string): Promise<number> {
      const r = await db
        .selectFrom('credential_views')
        .select(sql<number>`count(*)`.as('n'))
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },

    notes(orderNo: string) {
      return db
        .selectFrom('order_notes')
        .innerJoin('users', 'users.id', 'order_notes.staff_id')
        .selectAll('order_notes')
        .select('users.user_name')
        .where('order_notes.order_no', '=', orderNo)
        .orderBy('order_notes.id', 'desc')
        .limit(200)
        .execute()
    },

    async addNote(orderNo: string, staffId: number, content: string, at: number): Promise<number> {
      const r = await db
        .insertInto('order_notes')
        .values({ order_no: orderNo, staff_id: staffId, content, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(r.id)
    },
  }
}

export type StaffOrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof orderStaffRepo>['order']>>>

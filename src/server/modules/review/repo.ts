/** SQL of the `order_reviews` and `review_reports` tables. */
import { sql, type Insertable, type Updateable } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { MyReviewQuery, PageQuery, ReviewListQuery } from '../../../shared/api'
import type { OrderReviewsTable } from './tables'

export function reviewRepo(db: Db) {
  const rows = () =>
    db
      .selectFrom('order_reviews')
      .innerJoin('users as b', 'b.id', 'order_reviews.buyer_id')
      .innerJoin('users as s', 's.id', 'order_reviews.seller_id')
      .selectAll('order_reviews')
      .select(['b.nick_name as buyer_name', 's.nick_name as seller_name'])

  return {
    async insert(row: Insertable<OrderReviewsTable>) {
      const { id } = await db
        .insertInto('order_reviews')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(id)
    },
    find: (id: number) => rows().where('order_reviews.id', '=', id).executeTakeFirst(),
    findByOrder: (orderNo: string) =>
      db.selectFrom('order_reviews').select('id').where('order_no', '=', orderNo).executeTakeFirst(),
    ofOrders: (orderNos: string[], userId: number) =>
      rows()
        .where('order_reviews.order_no', 'in', orderNos)
        .where((eb) =>
          eb.or([eb('order_reviews.buyer_id', '=', userId), eb('order_reviews.seller_id', '=', userId)]),
        )
        .execute(),
    pageOf(side: 'buyer' | 'seller', userId: number, q: MyReviewQuery) {
      const col = side === 'buyer' ? 'order_reviews.buyer_id' : 'order_reviews.seller_id'
      let query = rows().where(col, '=', userId)
      if (q.stars) query = query.where('order_reviews.stars', '=', q.stars)
      if (q.replied !== undefined)
        query = query.where('order_reviews.reply', q.replied ? 'is not' : 'is', null)
      return fetchPage(query.orderBy('order_reviews.id', 'desc'), q)
    },
    /** a shop's reviews not hidden, newest first */
    pageVisible(sellerId: number, q: PageQuery & { stars?: number }) {
      let query = rows().where('order_reviews.seller_id', '=', sellerId).where('order_reviews.hidden', '=', 0)
      if (q.stars) query = query.where('order_reviews.stars', '=', q.stars)
      return fetchPage(query.orderBy('order_reviews.id', 'desc'), q)
    },
    pageAll(q: ReviewListQuery) {
      let query = rows()
      if (q.reported) query = query.where('order_reviews.report_count', '>', 0)
      if (q.hidden !== undefined) query = query.where('order_reviews.hidden', '=', q.hidden ? 1 : 0)
      if (q.stars) query = query.where('order_reviews.stars', '=', q.stars)
      if (q.sellerId) query = query.where('order_reviews.seller_id', '=', q.sellerId)
      const order = q.reported ? query.orderBy('order_reviews.report_count', 'desc') : query
      return fetchPage(order.orderBy('order_reviews.id', 'desc'), q)
    },
    /** stars summed and counted over a seller's reviews that are not hidden */
    async starsOf(sellerId: number) {
      const r = await db
        .selectFrom('order_reviews')
        .select([sql<number | string | null>`sum(stars)`.as('sum'), sql<number | string>`count(*)`.as('n')])
        .where('seller_id', '=', sellerId)
        .where('hidden', '=', 0)
        .executeTakeFirstOrThrow()
      return { starSum: Number(r.sum ?? 0), reviewCount: Number(r.n) }
    },
    /** sets the reply only where there is none yet: false when another reply won */
    async reply(id: number, content: string, at: number) {
      const r = await db
        .updateTable('order_reviews')
        .set({ reply: content, replied_at: at })
        .where('id', '=', id)
        .where('reply', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    async update(id: number, patch: Updateable<OrderReviewsTable>) {
      await db.updateTable('order_reviews').set(patch).where('id', '=', id).execute()
    },
    /** one report per user and review (the unique index decides a race): false when already there */
    async addReport(reviewId: number, userId: number, reason: string, at: number) {
      const r = await db
        .insertInto('review_reports')
        .values({ review_id: reviewId, user_id: userId, reason, created_at: at })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .executeTakeFirst()
      if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false
      await db
        .updateTable('order_reviews')
        .set((eb) => ({ report_count: eb('report_count', '+', 1) }))
        .where('id', '=', reviewId)
        .execute()
      return true
    },
    async reportsSince(userId: number, since: number) {
      const r = await db
        .selectFrom('review_reports')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },
  }
}

export type ReviewRow = NonNullable<Awaited<ReturnType<ReturnType<typeof reviewRepo>['find']>>>

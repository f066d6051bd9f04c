/**
 * SQL of orders, bids, credential views and price records (receiving roles: roles-repo.ts).
 * Long (~430 lines) because it is every statement of the orders, bids and price-record tables in one
 * place (SQL stays in repos); receiving roles already moved to roles-repo.ts.
 */
import { sql, type Insertable, type Updateable } from 'kysely'
import type { BidStatus, OrderStatus } from '../../../shared/api'
import type { Db } from '../../db'
import { prepared } from '../../db/prepared'
import { fetchPage } from '../../db/paging'
import type { BidsTable, OrderEventsTable, OrdersTable } from './tables'

/**
 * Price records leave out orders a ruling split (SETTLED with part refunded, migration 0032): their
 * amount is not what the goods sold for.
 */
export const notPartlyRefunded = sql<boolean>`not exists (select 1 from disputes d
  where d.order_no = orders.order_no and d.refund_amount > 0)`

/** orders joined to their buyer (b) and seller (s) */
export const ordersWithParties = (db: Db) =>
  db
    .selectFrom('orders')
    .innerJoin('users as b', 'b.id', 'orders.buyer_id')
    .innerJoin('users as s', 's.id', 'orders.seller_id')

/** the order with its parties' names, its game's name and its listing's cover and agency application */
const orderRowsOf = (db: Db) =>
  ordersWithParties(db)
    .innerJoin('games', 'games.id', 'orders.game_id')
    .innerJoin('goods', 'goods.id', 'orders.goods_id')
    .selectAll('orders')
    .select([
      'b.nick_name as buyer_name',
      's.nick_name as seller_name',
      'games.name_cn as game_name',
      'goods.cover_image',
      'goods.agency_application_id',
    ])

/** one order by its number: read several times per order and payment, so compiled once (db/prepared.ts) */
const orderByNo = prepared((db: Db, orderNo: string) =>
  orderRowsOf(db).where('orders.order_no', '=', orderNo),
)

// every order reads its listing (its stock is reserved through the goods service): compiled once too
const goodsForOrder = prepared((db: Db, goodsId: number) =>
  db
    .selectFrom('goods')
    .select(['id', 'seller_id', 'game_id', 'goods_type', 'title', 'price', 'stock', 'status', 'deleted_at'])
    .where('id', '=', goodsId),
)

export function tradeRepo(db: Db) {
  const orderRows = () => orderRowsOf(db)

  /** Order number, title, amount, state and the parties' nick names (room and dispute lists). */
  const orderBriefs = () =>
    ordersWithParties(db).select([
      'orders.order_no',
      'orders.title',
      'orders.amount',
      'orders.status',
      'b.nick_name as buyer_name',
      's.nick_name as seller_name',
    ])

  const bidRows = () =>
    db
      .selectFrom('bids')
      .innerJoin('goods', 'goods.id', 'bids.goods_id')
      .innerJoin('users as b', 'b.id', 'bids.buyer_id')
      .innerJoin('users as s', 's.id', 'bids.seller_id')
      .selectAll('bids')
      .select(['goods.title', 'b.nick_name as buyer_name', 's.nick_name as seller_name'])

  return {
    /** the listing an order is made from (read twice per order: before and in its transaction) */
    goods: (goodsId: number) => goodsForOrder.first(db, goodsId),

    async insertOrder(row: Insertable<OrdersTable>) {
      await db.insertInto('orders').values(row).execute()
    },

    order: (orderNo: string) => orderByNo.first(db, orderNo),

    rawOrder(orderNo: string) {
      return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst()
    },

    /** Conditional transition: only from `from`; the affected row count decides. */
    async transition(orderNo: string, from: OrderStatus[], patch: Updateable<OrdersTable>): Promise<boolean> {
      const res = await db
        .updateTable('orders')
        .set(patch)
        .where('order_no', '=', orderNo)
        .where('status', 'in', from)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    /**
     * 额外包赔: the unpaid order's fee, its amount made again from the price and the fee (false: the
     * order is no longer UNPAID)
     */
    async setProtectionFee(orderNo: string, fee: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('orders')
        .set({ protection_fee: fee, amount: sql<number>`unit_price * quantity + ${fee}`, updated_at: at })
        .where('order_no', '=', orderNo)
        .where('status', '=', 'UNPAID')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    orderPage(
      side: 'buyer' | 'seller',
      userId: number,
      q: { pageNum?: number; pageSize?: number; status?: OrderStatus; keyword?: string },
    ) {
      let query = orderRows()
        .where(side === 'buyer' ? 'orders.buyer_id' : 'orders.seller_id', '=', userId)
        .orderBy('orders.id', 'desc')
      if (q.status) query = query.where('orders.status', '=', q.status)
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
        query = query.where((eb) =>
          eb.or([
            eb('orders.order_no', '=', q.keyword!),
            eb(sql`orders.title`, 'like', sql`${like} escape '\\'`),
          ]),
        )
      }
      return fetchPage(query, q)
    },

    /** Money of a user's orders held in escrow (paid, not yet settled or refunded), as buyer or seller. */
    /** A user's orders not yet finished (as buyer or seller), and those of them in arbitration. */
    async openOrderCounts(userId: number): Promise<{ open: number; disputed: number }> {
      const rows = await db
        .selectFrom('orders')
        .select(['status', sql<number>`count(*)`.as('n')])
        .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
        .where('status', 'in', ['UNPAID', 'PAID', 'DELIVERING', 'TO_CONFIRM', 'REFUNDING', 'ARBITRATING'])
        .groupBy('status')
        .execute()
      const count = (pick: (s: string) => boolean) =>
        rows.filter((r) => pick(r.status)).reduce((sum, r) => sum + Number(r.n), 0)
      return { open: count((s) => s !== 'ARBITRATING'), disputed: count((s) => s === 'ARBITRATING') }
    },

    async escrowOf(userId: number, side: 'buyer' | 'seller'): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select(sql<number>`coalesce(sum(escrow_amount), 0)`.as('total'))
        .where(side === 'buyer' ? 'buyer_id' : 'seller_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.total)
    },

    /**
     * The orders of a user's guaranteed-order rooms: paid orders they buy or sell; staff besides every
     * order in dispute (listed first) and the orders named in `alsoOrderNos` (the ones they ruled).
     */
    roomOrders(userId: number, staff: { alsoOrderNos: string[] } | null) {
      let q = orderBriefs()
        .where('orders.paid_at', 'is not', null)
        .where((eb) => {
          const mine = [eb('orders.buyer_id', '=', userId), eb('orders.seller_id', '=', userId)]
          if (!staff) return eb.or(mine)
          return eb.or([
            ...mine,
            eb('orders.status', '=', 'ARBITRATING'),
            ...(staff.alsoOrderNos.length > 0 ? [eb('orders.order_no', 'in', staff.alsoOrderNos)] : []),
          ])
        })
      if (staff) q = q.orderBy(sql`case when orders.status = 'ARBITRATING' then 0 else 1 end`)
      return q.orderBy('orders.id', 'desc').limit(200).execute()
    },

    /** Title, amount, state and parties' names of orders (a dispute list shows them). */
    briefs(orderNos: string[]) {
      if (orderNos.length === 0) return Promise.resolve([])
      return orderBriefs().where('orders.order_no', 'in', orderNos).execute()
    },

    /**
     * A seller's order counts for the credit (docs/trading-rules.md, "Seller credit"): completed
     * (COMPLETED or SETTLED), paid at some point, and ever taken to arbitration (disputed_from stays
     * set after the ruling).
     */
    async sellerStats(sellerId: number, lostSince: number) {
      const r = await db
        .selectFrom('orders')
        .select([
          sql<number | string>`count(case when status in ('COMPLETED', 'SETTLED') then 1 end)`.as(
            'completed',
          ),
          sql<number | string>`count(case when paid_at is not null then 1 end)`.as('paid'),
          sql<number | string>`count(case when disputed_from is not null then 1 end)`.as('disputed'),
          // lost: taken to arbitration and refunded to the buyer, recently
          sql<
            number | string
          >`count(case when disputed_from is not null and status = 'REFUNDED' and refunded_at >= ${lostSince} then 1 end)`.as(
            'lost',
          ),
        ])
        .where('seller_id', '=', sellerId)
        .executeTakeFirstOrThrow()
      return {
        completed: Number(r.completed),
        paid: Number(r.paid),
        disputed: Number(r.disputed),
        lostRecent: Number(r.lost),
      }
    },

    /** Order numbers whose time rule is due (the sweeper applies them one by one). */
    async dueOrders(at: number, rules: { payMs: number; confirmMs: number; dayMs: number }) {
      return db
        .selectFrom('orders')
        .select(['order_no'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'UNPAID'), eb('created_at', '<=', at - rules.payMs)]),
            eb.and([eb('status', '=', 'TO_CONFIRM'), eb('delivered_at', '<=', at - rules.confirmMs)]),
            eb.and([
              eb('status', '=', 'COMPLETED'),
              // 64-bit product: PostgreSQL types days × ms-per-day as int4, which overflows past 24 days
              eb(sql`completed_at + protection_days * cast(${rules.dayMs} as bigint)`, '<=', at),
            ]),
          ]),
        )
        .orderBy('id')
        .limit(500)
        .execute()
    },

    /** What happened to an order besides its state (delivery, corrections); labels, never values. */
    /**
     * Cancellation requests made before `before` and not answered (no refusal, agreement or
     * hand-over after them) on orders still PAID or DELIVERING, oldest first.
     */
    overdueCancelRequests(before: number, limit: number) {
      return db
        .selectFrom('order_events as r')
        .innerJoin('orders as o', 'o.order_no', 'r.order_no')
        .select(['r.id', 'r.order_no', 'r.detail', 'r.created_at'])
        .where('r.kind', '=', 'CANCEL_REQUESTED')
        .where('r.created_at', '<=', before)
        .where('o.status', 'in', ['PAID', 'DELIVERING'])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('order_events as a')
                .select('a.id')
                .whereRef('a.order_no', '=', 'r.order_no')
                .whereRef('a.id', '>', 'r.id')
                .where('a.kind', 'in', [
                  'CANCEL_REQUESTED',
                  'CANCEL_REFUSED',
                  'CANCEL_AGREED',
                  'CANCEL_ESCALATED',
                ]),
            ),
          ),
        )
        .orderBy('r.id')
        .limit(limit)
        .execute()
    },

    async addEvent(
      orderNo: string,
      actorId: number | null,
      kind: OrderEventsTable['kind'],
      detail: string,
      at: number,
    ) {
      await db
        .insertInto('order_events')
        .values({ order_no: orderNo, actor_id: actorId, kind, detail, created_at: at })
        .execute()
    },

    events(orderNo: string) {
      return db
        .selectFrom('order_events')
        .select(['kind', 'detail', 'created_at'])
        .where('order_no', '=', orderNo)
        .orderBy('id')
        .execute()
    },

    async logView(orderNo: string, userId: number, ip: string, at: number) {
      await db
        .insertInto('credential_views')
        .values({ order_no: orderNo, user_id: userId, ip, viewed_at: at })
        .execute()
    },

    // ---------------------------------------------------------------- bids
    bid(bidId: number) {
      return db.selectFrom('bids').selectAll().where('id', '=', bidId).executeTakeFirst()
    },

    async insertBid(row: Omit<BidsTable, 'id'>): Promise<number> {
      const r = await db.insertInto('bids').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(r.id)
    },

    /**
     * Conditional transition of an open bid: only from `from` and only while it has not expired at `at`
     * (an expired bid the sweeper has not reached yet is expired all the same).
     */
    async bidTransition(
      bidId: number,
      from: BidStatus[],
      patch: Updateable<BidsTable>,
      at: number,
    ): Promise<boolean> {
      const res = await db
        .updateTable('bids')
        .set(patch)
        .where('id', '=', bidId)
        .where('status', 'in', from)
        .where('expires_at', '>', at)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    async expireBids(at: number): Promise<number> {
      const res = await db
        .updateTable('bids')
        .set({ status: 'EXPIRED', updated_at: at })
        .where('status', 'in', ['PENDING', 'COUNTERED'])
        .where('expires_at', '<=', at)
        .executeTakeFirst()
      return Number(res.numUpdatedRows)
    },

    /** One bid with its listing's title and both names (the view the API answers). */
    bidView(bidId: number) {
      return bidRows().where('bids.id', '=', bidId).executeTakeFirst()
    },

    bidPage(
      side: 'buyer' | 'seller',
      userId: number,
      q: { pageNum?: number; pageSize?: number; goodsId?: number; status?: BidStatus },
    ) {
      let query = bidRows()
        .where(side === 'buyer' ? 'bids.buyer_id' : 'bids.seller_id', '=', userId)
        .orderBy('bids.id', 'desc')
      if (q.goodsId) query = query.where('bids.goods_id', '=', q.goodsId)
      if (q.status) query = query.where('bids.status', '=', q.status)
      return fetchPage(query, q)
    },

    /** The seller's minimum bid of a listing, fen (undefined: none set). */
    async bidFloor(goodsId: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('bid_floors')
        .select('min_price')
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
      return r ? Number(r.min_price) : undefined
    },

    /** Sets (price) or clears (null) the seller's minimum bid of a listing. */
    async setBidFloor(goodsId: number, sellerId: number, minPrice: number | null, at: number) {
      await db.deleteFrom('bid_floors').where('goods_id', '=', goodsId).execute()
      if (minPrice !== null)
        await db
          .insertInto('bid_floors')
          .values({ goods_id: goodsId, seller_id: sellerId, min_price: minPrice, updated_at: at })
          .execute()
    },

    /** The buyer's open bid (待卖家处理 or 卖家已还价) on a listing, if any. */
    openBidOf(buyerId: number, goodsId: number, at: number) {
      return bidRows()
        .where('bids.buyer_id', '=', buyerId)
        .where('bids.goods_id', '=', goodsId)
        .where('bids.status', 'in', ['PENDING', 'COUNTERED'])
        .where('bids.expires_at', '>', at)
        .orderBy('bids.id', 'desc')
        .executeTakeFirst()
    },

    // ---------------------------------------------------------------- price records
    deals(gameId: number, goodsType: string | undefined, since: number) {
      let q = db
        .selectFrom('orders')
        .select(['amount', 'completed_at'])
        .where('game_id', '=', gameId)
        .where('status', 'in', ['COMPLETED', 'SETTLED'])
        .where(notPartlyRefunded)
        .where('completed_at', '>=', since)
      if (goodsType) q = q.where('goods_type', '=', goodsType as OrdersTable['goods_type'])
      return q.orderBy('completed_at').limit(20_000).execute()
    },

    dealPage(
      gameId: number,
      goodsType: string | undefined,
      since: number,
      page: { pageNum?: number; pageSize?: number },
    ) {
      let q = db
        .selectFrom('orders')
        .innerJoin('games', 'games.id', 'orders.game_id')
        .select([
          'orders.order_no',
          'games.name_cn as game_name',
          'orders.goods_type',
          'orders.title',
          'orders.amount',
          'orders.completed_at',
        ])
        .where('orders.game_id', '=', gameId)
        .where('orders.status', 'in', ['COMPLETED', 'SETTLED'])
        .where(notPartlyRefunded)
        .where('orders.completed_at', '>=', since)
        .orderBy('orders.completed_at', 'desc')
      if (goodsType) q = q.where('orders.goods_type', '=', goodsType as OrdersTable['goods_type'])
      return fetchPage(q, page)
    },
  }
}

export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tradeRepo>['order']>>>

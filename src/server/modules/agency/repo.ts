/**
 * SQL of the agency module: `agency_applications` and `agency_events`, and the read of the orders
 * of its 官方代售 listings (the orders table is the trade module's; only read here, like the money
 * invariant does).
 */
import { type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { AgencyListQuery, AgencyMyQuery, AgencyOrdersQuery } from '../../../shared/api/agency'
import type { AgencyApplicationsTable } from './tables'
import { systemRepo } from '../system/repo'

export type ApplicationRow = Selectable<AgencyApplicationsTable>

/** Order states whose money is still in escrow (待结算). */
const OPEN_ORDER = ['PAID', 'DELIVERING', 'TO_CONFIRM', 'COMPLETED', 'ARBITRATING', 'REFUNDING'] as const

export function agencyRepo(db: Db) {
  return {
    async insert(row: Insertable<AgencyApplicationsTable>) {
      const { id } = await db
        .insertInto('agency_applications')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(id)
    },
    find(id: number) {
      return db.selectFrom('agency_applications').selectAll().where('id', '=', id).executeTakeFirst()
    },
    byGoods(goodsId: number) {
      return db
        .selectFrom('agency_applications')
        .selectAll()
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
    },
    /** Conditional update: only from one of `from`; the affected row count decides. */
    async transition(id: number, from: string[], patch: Updateable<AgencyApplicationsTable>) {
      const res = await db
        .updateTable('agency_applications')
        .set(patch)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async countSince(userId: number, since: number) {
      const row = await db
        .selectFrom('agency_applications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    pageOwn(userId: number, q: AgencyMyQuery) {
      let query = db
        .selectFrom('agency_applications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
      if (q.status) query = query.where('status', '=', q.status)
      if (q.gameId) query = query.where('game_id', '=', q.gameId)
      return fetchPage(query, q)
    },
    pageAll(q: AgencyListQuery) {
      let query = db.selectFrom('agency_applications').selectAll().orderBy('id', 'desc')
      if (q.status) query = query.where('status', '=', q.status)
      if (q.gameId) query = query.where('game_id', '=', q.gameId)
      return fetchPage(query, q)
    },
    async gameIdsOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('agency_applications')
        .select('game_id')
        .distinct()
        .where('user_id', '=', userId)
        .execute()
      return rows.map((r) => r.game_id)
    },
    async addEvent(applicationId: number, kind: string, actorId: number | null, detail: string, at: number) {
      await db
        .insertInto('agency_events')
        .values({ application_id: applicationId, kind, actor_id: actorId, detail, created_at: at })
        .execute()
    },
    events(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .selectFrom('agency_events')
        .select(['application_id', 'kind', 'detail', 'created_at'])
        .where('application_id', 'in', ids)
        .orderBy('id')
        .execute()
    },
    async gameNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('games').select(['id', 'name_cn']).where('id', 'in', ids).execute()
      return new Map(rows.map((r) => [r.id, r.name_cn]))
    },
    async userNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('users').select(['id', 'user_name']).where('id', 'in', ids).execute()
      return new Map(rows.map((r) => [r.id, r.user_name]))
    },
    /** The live or finished order of a listing (never a cancelled one), newest first. */
    orderOfGoods(goodsId: number) {
      return db
        .selectFrom('orders')
        .select(['order_no', 'status', 'amount', 'goods_id'])
        .where('goods_id', '=', goodsId)
        .where('status', 'not in', ['CANCELLED', 'UNPAID'])
        .orderBy('id', 'desc')
        .executeTakeFirst()
    },
    /** Paid orders of the owner's 官方代售 listings, newest first, by settlement state. */
    ordersPage(userId: number, q: AgencyOrdersQuery) {
      let query = db
        .selectFrom('orders')
        .innerJoin('agency_applications as a', 'a.goods_id', 'orders.goods_id')
        .innerJoin('games', 'games.id', 'orders.game_id')
        .select([
          'orders.order_no',
          'orders.title',
          'orders.amount',
          'orders.status',
          'orders.created_at',
          'orders.game_id',
          'games.name_cn as game_name',
          'a.id as application_id',
          'a.order_no as settled_order_no',
          'a.commission',
          'a.net_amount',
          'a.settled_at',
        ])
        .where('a.user_id', '=', userId)
        .where('orders.status', 'not in', ['UNPAID', 'CANCELLED'])
        .orderBy('orders.id', 'desc')
      if (q.settlement === 'SETTLED') query = query.where('orders.status', '=', 'SETTLED')
      if (q.settlement === 'REFUNDED') query = query.where('orders.status', '=', 'REFUNDED')
      if (q.settlement === 'PENDING') query = query.where('orders.status', 'in', [...OPEN_ORDER])
      return fetchPage(query, q)
    },
    /** a parameter (sys_config), read with this repo's connection (inside its transaction) */
    config: (key: string) => systemRepo(db).configValue(key),
  }
}

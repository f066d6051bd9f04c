/**
 * SQL of the goods module's listings: rows, descriptions, the lists' rows (search, seller, shop,
 * follow), counts and the seller's games. The search and its structures are search-repo.ts, part of
 * the same repo.
 */
import { sql, type InferResult, type Insertable, type Updateable } from 'kysely'
import type { GoodsStatus, GoodsType, MyGoodsQuery } from '../../../shared/api'
import type { Db, DbDialect } from '../../db'
import { fetchPage } from '../../db/paging'
import { prepared } from '../../db/prepared'
import type { GoodsTable } from './tables'
import type { StaffGoodsQuery } from '../../../shared/api/goods'
import { searchRepo, titleContains } from './search-repo'

export type { SearchEntry, SearchFilter } from './search-repo'

/**
 * A list row's columns: the listing and its seller's name. The game's and its places' names come from
 * the game service's rules (goods/service.ts, `briefs`), not from the game module's tables.
 */
function briefSelect(db: Db) {
  return db
    .selectFrom('goods as g')
    .innerJoin('users as u', 'u.id', 'g.seller_id')
    .select([
      'g.id',
      'g.game_id',
      'g.goods_type',
      'g.title',
      'g.price',
      'g.stock',
      'g.status',
      'g.platform',
      'g.area_id',
      'g.server_id',
      'g.cover_image',
      'g.attrs',
      'g.seller_id',
      'u.nick_name as seller_nick',
      'g.push_until',
      'g.view_count',
      'g.follow_count',
      'g.created_at',
      'g.audit_remark',
      'g.agency_application_id',
      'g.protection_days',
    ])
}
export type BriefRow = InferResult<ReturnType<typeof briefSelect>>[number]

// Every list (search, home, shop, follows) reads its rows through one statement compiled once: the
// ids travel as one parameter, a JSON array on SQLite and an array on PostgreSQL, instead of Kysely
// building and compiling a 20-column join with one placeholder per id on every request
// (docs/scaling.md, "The list endpoint").
const briefRowsSqlite = prepared((db: Db, ids: string) =>
  briefSelect(db).where('g.id', 'in', sql<number>`(select value from json_each(${ids}))`),
)
const briefRowsPostgres = prepared((db: Db, ids: number[]) =>
  briefSelect(db).where('g.id', '=', sql<number>`any(${ids}::bigint[])`),
)

// every order reserves its listing's stock (trade, inside the order's transaction): compiled once
const reserveQuery = prepared((db: Db, goodsId: number, quantity: number, at: number) =>
  db
    .updateTable('goods')
    .set({
      stock: sql`stock - ${quantity}`,
      status: sql`case when stock - ${quantity} = 0 then 'SOLD' else status end`,
      sold_at: sql`case when stock - ${quantity} = 0 then ${at} else sold_at end`,
      updated_at: at,
    })
    .where('id', '=', goodsId)
    .where('status', '=', 'ON_SALE')
    .where('deleted_at', 'is', null)
    .where('stock', '>=', quantity)
    .returning(['stock', 'price']),
)

/**
 * The atomic reservation: takes `quantity` from an ON_SALE listing (SOLD when none is left) and answers
 * the listing as it is afterwards (its stock left and its price, as of the reservation), or null when it
 * could not. Outside goodsRepo: the paid-order path needs no repo object (docs/scaling.md).
 */
export async function reserveStock(
  db: Db,
  goodsId: number,
  quantity: number,
  at: number,
): Promise<{ stock: number; price: number } | null> {
  const row = await reserveQuery.first(db, goodsId, quantity, at)
  return row ? { stock: Number(row.stock), price: Number(row.price) } : null
}

/** Gives reserved stock back; a SOLD listing returns to sale. */
export async function releaseStock(db: Db, goodsId: number, quantity: number, at: number): Promise<void> {
  await db
    .updateTable('goods')
    .set({
      stock: sql`stock + ${quantity}`,
      status: sql`case when status = 'SOLD' then 'ON_SALE' else status end`,
      sold_at: null,
      updated_at: at,
    })
    .where('id', '=', goodsId)
    .execute()
}

export function goodsRepo(db: Db, dialect: DbDialect) {
  return {
    ...searchRepo(db, dialect),

    /** ON_SALE listings after `afterId` in id order, with their last change (the sitemap). */
    onSaleIds(afterId: number, limit: number) {
      return db
        .selectFrom('goods')
        .select(['id', 'updated_at'])
        .where('status', '=', 'ON_SALE')
        .where('deleted_at', 'is', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute()
    },

    /** Which of these areas/servers any listing (in any state, deleted too) names. */
    async serversInUse(serverIds: number[]): Promise<number[]> {
      if (serverIds.length === 0) return []
      const rows = await db
        .selectFrom('goods')
        .select(['area_id', 'server_id'])
        .where((eb) => eb.or([eb('area_id', 'in', serverIds), eb('server_id', 'in', serverIds)]))
        .limit(1000)
        .execute()
      const asked = new Set(serverIds)
      return [...new Set(rows.flatMap((r) => [r.area_id, r.server_id]))].filter(
        (id): id is number => id !== null && asked.has(id),
      )
    },

    /** Sellers with at least one ON_SALE listing, with their latest change (the sitemap). */
    shopsOnSale() {
      return db
        .selectFrom('goods')
        .select(['seller_id'])
        .select((eb) => eb.fn.max('updated_at').as('updated_at'))
        .where('status', '=', 'ON_SALE')
        .where('deleted_at', 'is', null)
        .groupBy('seller_id')
        .orderBy('seller_id')
        .execute()
    },

    /** The rows of a list (search, seller, shop, follow), any state; order is the caller's. */
    async briefRows(ids: number[]): Promise<BriefRow[]> {
      if (ids.length === 0) return []
      return dialect === 'sqlite'
        ? briefRowsSqlite.all(db, JSON.stringify(ids))
        : briefRowsPostgres.all(db, ids)
    },

    async hasExpiredPush(now: number): Promise<boolean> {
      const row = await db
        .selectFrom('goods')
        .select('id')
        .where('push_until', '>', 0)
        .where('push_until', '<=', now)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Ends expired pushes (the 综合 sort key push_at goes back to 0). */
    async clearExpiredPushes(now: number): Promise<number> {
      const ids = (
        await db
          .selectFrom('goods')
          .select('id')
          .where('push_until', '>', 0)
          .where('push_until', '<=', now)
          .execute()
      ).map((r) => r.id)
      if (ids.length === 0) return 0
      await db.updateTable('goods').set({ push_at: 0, push_until: 0 }).where('id', 'in', ids).execute()
      await db.updateTable('goods_attr_index').set({ push_at: 0 }).where('goods_id', 'in', ids).execute()
      return ids.length
    },

    // ------------------------------------------------------------------ listings

    /** A new listing (automatic delivery starts off: the delivery account is saved afterwards). */
    async insert(
      row: Omit<Insertable<GoodsTable>, 'auto_delivery' | 'agency_application_id'>,
      description: string,
    ): Promise<number> {
      const { id } = await db
        .insertInto('goods')
        .values({ ...row, auto_delivery: 0, agency_application_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.insertInto('goods_descriptions').values({ goods_id: id, description }).execute()
      return id
    },

    async update(goodsId: number, patch: Updateable<GoodsTable>) {
      await db.updateTable('goods').set(patch).where('id', '=', goodsId).execute()
    },

    async setDescription(goodsId: number, description: string) {
      await db
        .insertInto('goods_descriptions')
        .values({ goods_id: goodsId, description })
        .onConflict((oc) => oc.column('goods_id').doUpdateSet({ description }))
        .execute()
    },

    /** A listing that is not deleted; on PostgreSQL locked for the rest of the transaction. */
    /** withDeleted: also a removed listing (its search entries are being cleaned up) */
    find(goodsId: number, opts: { lock?: boolean; withDeleted?: boolean } = {}) {
      let q = db.selectFrom('goods').selectAll().where('id', '=', goodsId)
      if (!opts.withDeleted) q = q.where('deleted_at', 'is', null)
      if (opts.lock && dialect === 'postgres') q = q.forUpdate()
      return q.executeTakeFirst()
    },

    async description(goodsId: number): Promise<string> {
      const row = await db
        .selectFrom('goods_descriptions')
        .select('description')
        .where('goods_id', '=', goodsId)
        .executeTakeFirst()
      return row?.description ?? ''
    },

    async incrementViews(goodsId: number) {
      await db
        .updateTable('goods')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('id', '=', goodsId)
        .execute()
    },

    async addFollowCount(goodsId: number, delta: number) {
      await db
        .updateTable('goods')
        .set((eb) => ({ follow_count: eb('follow_count', '+', delta) }))
        .where('id', '=', goodsId)
        .execute()
    },

    /** The seller's listings (not deleted), newest first. */
    sellerPage(sellerId: number, query: MyGoodsQuery & { goodsType?: GoodsType }) {
      let q = db
        .selectFrom('goods')
        .select(['id', 'title', 'game_id', 'status', 'auto_delivery'])
        .where('seller_id', '=', sellerId)
        .where('deleted_at', 'is', null)
        // 官方代售 listings are managed by the platform: the owner follows them in the agency centre
        .where('agency_application_id', 'is', null)
        .orderBy('id', 'desc')
      if (query.status) q = q.where('status', '=', query.status)
      if (query.goodsType) q = q.where('goods_type', '=', query.goodsType)
      if (query.gameId) q = q.where('game_id', '=', query.gameId)
      if (query.keyword?.trim()) q = q.where(titleContains(dialect, 'goods.title', query.keyword.trim()))
      return fetchPage(q, query)
    },

    async countByStatus(sellerId: number, statuses: GoodsStatus[]): Promise<number> {
      const row = await db
        .selectFrom('goods')
        .select(sql<number>`count(*)`.as('n'))
        .where('seller_id', '=', sellerId)
        .where('status', 'in', statuses)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** The shop's games with their ON_SALE counts. */
    shopGames(sellerId: number) {
      return db
        .selectFrom('goods')
        .innerJoin('games', 'games.id', 'goods.game_id')
        .select(['games.id as game_id', 'games.name_cn', sql<number>`count(*)`.as('n')])
        .where('goods.seller_id', '=', sellerId)
        .where('goods.status', '=', 'ON_SALE')
        .groupBy(['games.id', 'games.name_cn'])
        .orderBy('n', 'desc')
        .execute()
    },

    /** Staff: listings of any seller (not deleted) with their game and seller, newest first. */
    staffPage(query: StaffGoodsQuery) {
      let q = db
        .selectFrom('goods as g')
        .innerJoin('games', 'games.id', 'g.game_id')
        .innerJoin('users as u', 'u.id', 'g.seller_id')
        .select([
          'g.id',
          'g.title',
          'g.game_id',
          'games.name_cn as game_name',
          'g.goods_type',
          'g.price',
          'g.stock',
          'g.status',
          'g.seller_id',
          'u.user_name as seller_name',
          'g.audit_remark',
          'g.created_at',
          'g.updated_at',
        ])
        .where('g.deleted_at', 'is', null)
        .orderBy('g.id', 'desc')
      if (query.status) q = q.where('g.status', '=', query.status)
      if (query.goodsId) q = q.where('g.id', '=', query.goodsId)
      if (query.sellerName?.trim()) q = q.where('u.user_name', '=', query.sellerName.trim())
      if (query.keyword?.trim()) q = q.where(titleContains(dialect, 'g.title', query.keyword.trim()))
      return fetchPage(q, query)
    },

    findUser(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'nick_name', 'avatar', 'created_at', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst()
    },

    /** The games the seller has listings in (any state but deleted). */
    async gameIdsOfSeller(sellerId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('goods')
        .select('game_id')
        .distinct()
        .where('seller_id', '=', sellerId)
        .where('deleted_at', 'is', null)
        .execute()
      return rows.map((r) => r.game_id)
    },

    /** The games of these listings (deleted ones too). */
    async gameIdsOf(goodsIds: number[]): Promise<number[]> {
      if (goodsIds.length === 0) return []
      const rows = await db
        .selectFrom('goods')
        .select('game_id')
        .distinct()
        .where('id', 'in', goodsIds)
        .execute()
      return rows.map((r) => r.game_id)
    },

    /** Those of these listings that are not deleted. */
    async existingIds(goodsIds: number[]): Promise<number[]> {
      if (goodsIds.length === 0) return []
      const rows = await db
        .selectFrom('goods')
        .select('id')
        .where('id', 'in', goodsIds)
        .where('deleted_at', 'is', null)
        .execute()
      return rows.map((r) => r.id)
    },

    titles(goodsIds: number[]) {
      if (goodsIds.length === 0) return Promise.resolve([])
      return db.selectFrom('goods').select(['id', 'title']).where('id', 'in', goodsIds).execute()
    },
  }
}

export type GoodsRepo = ReturnType<typeof goodsRepo>

/** SQL of 包赔: listing terms, order protections and claims (docs/recovery-protection.md). */
import { sql, type Insertable } from 'kysely'
import type { ClaimStatus, PageQuery } from '../../../shared/api'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { OrderProtectionsTable, ProtectionClaimsTable } from './tables'
import { systemRepo } from '../system/repo'

export type ProtectionRow = Omit<
  OrderProtectionsTable,
  'id' | 'deposit_held' | 'extra_days' | 'extra_fee'
> & {
  id: number
  deposit_held: number
  extra_days: number
  extra_fee: number
}
export type ClaimRow = Awaited<ReturnType<ReturnType<typeof protectionRepo>['claim']>> & object

export function protectionRepo(db: Db) {
  const claims = () =>
    db
      .selectFrom('protection_claims as c')
      .innerJoin('users as b', 'b.id', 'c.buyer_id')
      .innerJoin('users as s', 's.id', 'c.seller_id')
      .selectAll('c')
      .select(['b.nick_name as buyer_name', 's.nick_name as seller_name'])

  return {
    // ---------------------------------------------------------------- listing terms
    termsOf(goodsId: number) {
      return db.selectFrom('goods_protection').selectAll().where('goods_id', '=', goodsId).executeTakeFirst()
    },
    /** `extra` undefined: the 额外包赔 offer stays as it was (none for new terms) */
    async setTerms(
      goodsId: number,
      sellerId: number,
      days: number,
      extra: { fee: number; days: number } | undefined,
      at: number,
    ) {
      if (days === 0) {
        await db.deleteFrom('goods_protection').where('goods_id', '=', goodsId).execute()
        return
      }
      const offer = extra ? { extra_fee: extra.fee, extra_days: extra.days } : {}
      await db
        .insertInto('goods_protection')
        .values({ goods_id: goodsId, seller_id: sellerId, days, updated_at: at, ...offer })
        .onConflict((oc) => oc.column('goods_id').doUpdateSet({ days, updated_at: at, ...offer }))
        .execute()
    },
    /** a parameter (sys_config), read with this repo's connection (inside its transaction) */
    config: (key: string) => systemRepo(db).configValue(key),

    // ---------------------------------------------------------------- order protections
    async protection(orderNo: string): Promise<ProtectionRow | undefined> {
      const row = await db
        .selectFrom('order_protections')
        .selectAll()
        .where('order_no', '=', orderNo)
        .executeTakeFirst()
      return row
        ? {
            ...row,
            deposit: Number(row.deposit),
            deposit_held: Number(row.deposit_held),
            extra_days: Number(row.extra_days),
            extra_fee: Number(row.extra_fee),
          }
        : undefined
    },
    async insertProtection(row: Insertable<OrderProtectionsTable>) {
      await db
        .insertInto('order_protections')
        .values(row)
        .onConflict((oc) => oc.column('order_no').doNothing())
        .execute()
    },
    /** Changes the held deposit and the status, only from the state read (false: it changed meanwhile). */
    async updateProtection(
      id: number,
      from: { status: string; held: number },
      to: { status: OrderProtectionsTable['status']; held: number; at: number },
    ): Promise<boolean> {
      const r = await db
        .updateTable('order_protections')
        .set({ status: to.status, deposit_held: to.held, updated_at: to.at })
        .where('id', '=', id)
        .where('status', '=', from.status as OrderProtectionsTable['status'])
        .where('deposit_held', '=', from.held)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    /** Protections whose period is over and that have no open claim. */
    due(at: number) {
      return db
        .selectFrom('order_protections as p')
        .select(['p.order_no'])
        .where('p.status', 'in', ['ACTIVE', 'PENDING'])
        .where('p.ends_at', '<=', at)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('protection_claims as c')
                .select('c.id')
                .whereRef('c.order_no', '=', 'p.order_no')
                .where('c.status', '=', 'OPEN'),
            ),
          ),
        )
        .limit(500)
        .execute()
    },

    // ---------------------------------------------------------------- claims
    claim(id: number) {
      return claims().where('c.id', '=', id).executeTakeFirst()
    },
    claimsOf(orderNo: string) {
      return claims().where('c.order_no', '=', orderNo).orderBy('c.id', 'desc').execute()
    },
    async insertClaim(
      row: Omit<
        ProtectionClaimsTable,
        'id' | 'paid_amount' | 'from_deposit' | 'from_balance' | 'owed_amount' | 'reject_reason'
      >,
    ) {
      const { id } = await db
        .insertInto('protection_claims')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(id)
    },
    /** Closes an open claim (false: it is no longer open). */
    async closeClaim(
      id: number,
      set: Pick<ProtectionClaimsTable, 'status' | 'decided_by' | 'decided_at'> & {
        reject_reason?: string
        paid_amount?: number
        from_deposit?: number
        from_balance?: number
        owed_amount?: number
      },
    ): Promise<boolean> {
      const r = await db
        .updateTable('protection_claims')
        .set({ ...set, open_order_no: null })
        .where('id', '=', id)
        .where('status', '=', 'OPEN')
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    page(q: PageQuery & { status?: ClaimStatus }) {
      let query = claims()
      if (q.status) query = query.where('c.status', '=', q.status)
      return fetchPage(
        query.orderBy(sql`case when c.status = 'OPEN' then 0 else 1 end`).orderBy('c.id', 'desc'),
        q,
      )
    },
  }
}

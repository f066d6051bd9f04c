/**
 * SQL of wallets, the ledger, top-ups and withdrawals. Balance changes go through `move` only: one
 * conditional UPDATE (never below zero) plus its ledger row, inside the caller's transaction.
 */
import { SqliteAdapter, sql, type Insertable } from 'kysely'
import type { LedgerQuery, LedgerType } from '../../../shared/api'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import { prepared } from '../../db/prepared'
import type { TopupsTable, WithdrawalsTable } from './tables'

export interface Movement {
  type: LedgerType
  /** signed change of the available balance */
  available: number
  /** signed change of the frozen balance */
  frozen?: number
  orderNo?: string | null
  topupNo?: string | null
  withdrawNo?: string | null
  remark: string
  at: number
}

// every paid order moves money of two or three wallets: the statements are compiled once (db/prepared.ts)
/** the conditional balance change (never below zero); no row when it would be, or there is no wallet */
const changeBalanceQuery = prepared((db: Db, userId: number, available: number, frozen: number, at: number) =>
  db
    .updateTable('wallets')
    .set({
      available: sql`available + ${available}`,
      frozen: sql`frozen + ${frozen}`,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .where(sql<boolean>`available + ${available} >= 0`)
    .where(sql<boolean>`frozen + ${frozen} >= 0`)
    .returning(['available', 'frozen']),
)
const insertLedgerQuery = prepared(
  (
    db: Db,
    userId: number,
    type: LedgerType,
    available: number,
    frozen: number,
    availableAfter: number,
    frozenAfter: number,
    orderNo: string | null,
    topupNo: string | null,
    withdrawNo: string | null,
    remark: string,
    at: number,
  ) =>
    db.insertInto('ledger').values({
      user_id: userId,
      type,
      amount: available,
      frozen_amount: frozen,
      available_after: availableAfter,
      frozen_after: frozenAfter,
      order_no: orderNo,
      topup_no: topupNo,
      withdraw_no: withdrawNo,
      remark,
      created_at: at,
    }),
)

const payPasswordStateQuery = prepared((db: Db, userId: number) => {
  const q = db
    .selectFrom('wallets')
    .select(['pay_fail_count', 'pay_locked_until', 'pay_password_hash'])
    .where('user_id', '=', userId)
  return db.getExecutor().adapter instanceof SqliteAdapter ? q : q.forUpdate()
})

const unspentTopupsOf = (db: Db, userId: number) =>
  db
    .selectFrom('topups')
    .select(['topup_no', 'channel', 'amount', 'unspent', 'paid_at', 'order_no'])
    .where('user_id', '=', userId)
    .where('unspent', '>', 0)
    .orderBy('paid_at')
    .orderBy('id')
    .execute()

/**
 * The top-up hold's bookkeeping (docs/trading-rules.md, "Withdrawals"), in the movement's
 * transaction, after its wallet row is updated (so moves of one user run one at a time): what of each
 * paid top-up is still unspent in the balance.
 * - TOPUP: the whole top-up is unspent;
 * - CHANNEL_REFUND of a top-up: what went back to the channel is no longer in the balance;
 *   CHANNEL_REFUND_RETURN of a refund of unspent top-up money (no order): it is unspent again;
 * - ORDER_PAY spends top-up money first — the order's own top-ups (its channel part), then the
 *   oldest;
 * - any decrease: never more unspent top-up money than the available balance holds (the oldest goes
 *   first).
 * Withdrawals to an account never reach it (withdrawals.ts checks before freezing).
 */
async function trackTopups(db: Db, userId: number, m: Movement, availableAfter: number) {
  const change = (topupNo: string, delta: number) =>
    db
      .updateTable('topups')
      .set({
        unspent: sql`case when unspent + ${delta} < 0 then 0 when unspent + ${delta} > amount then amount else unspent + ${delta} end`,
      })
      .where('topup_no', '=', topupNo)
      .where('user_id', '=', userId)
      .execute()
  if (m.type === 'TOPUP' && m.topupNo) {
    await db.updateTable('topups').set({ unspent: m.available }).where('topup_no', '=', m.topupNo).execute()
    return
  }
  if (m.type === 'CHANNEL_REFUND_RETURN' && m.topupNo && !m.orderNo) await change(m.topupNo, m.available)
  if (m.available >= 0) return
  if (m.type === 'CHANNEL_REFUND' && m.topupNo) await change(m.topupNo, m.available)
  const rows = await unspentTopupsOf(db, userId)
  if (rows.length === 0) return
  const total = rows.reduce((sum, r) => sum + Number(r.unspent), 0)
  let take = Math.min(total, Math.max(m.type === 'ORDER_PAY' ? -m.available : 0, total - availableAfter))
  if (take <= 0) return
  const own = m.type === 'ORDER_PAY' && m.orderNo ? rows.filter((r) => r.order_no === m.orderNo) : []
  for (const r of [...own, ...rows.filter((r) => !own.includes(r))]) {
    if (take <= 0) break
    const d = Math.min(Number(r.unspent), take)
    await change(r.topup_no, -d)
    take -= d
  }
}

export function fundsRepo(db: Db) {
  const withdrawalRows = () =>
    db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .selectAll('withdrawals')
      .select('users.nick_name')

  return {
    /** Creates the user's empty wallet unless it exists; true when it was created. */
    async ensureWallet(userId: number, at: number): Promise<boolean> {
      const result = await db
        .insertInto('wallets')
        .values({ user_id: userId, available: 0, frozen: 0, pay_fail_count: 0, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    wallet(userId: number) {
      return db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    /**
     * Applies a balance change and writes its ledger row; false (nothing changed) when a balance would
     * go below zero. Call inside a transaction. The wallet is created only when the change finds
     * none (a user's first movement), not upserted before every change.
     */
    async move(userId: number, m: Movement): Promise<boolean> {
      const frozen = m.frozen ?? 0
      const change = () => changeBalanceQuery.first(db, userId, m.available, frozen, m.at)
      let row = await change()
      if (!row && (await this.ensureWallet(userId, m.at))) row = await change()
      if (!row) return false
      await insertLedgerQuery.all(
        db,
        userId,
        m.type,
        m.available,
        frozen,
        Number(row.available),
        Number(row.frozen),
        m.orderNo ?? null,
        m.topupNo ?? null,
        m.withdrawNo ?? null,
        m.remark,
        m.at,
      )
      await trackTopups(db, userId, m, Number(row.available))
      return true
    },

    /** The user's paid top-ups with money still unspent in the balance, oldest first (the top-up hold). */
    unspentTopups: (userId: number) => unspentTopupsOf(db, userId),

    async setPayPassword(userId: number, hash: string, at: number) {
      await this.ensureWallet(userId, at)
      await db
        .updateTable('wallets')
        .set({ pay_password_hash: hash, pay_fail_count: 0, pay_locked_until: null, updated_at: at })
        .where('user_id', '=', userId)
        .execute()
    },

    /** Replaces a payment-password hash by another of the same password (a migration), if unchanged. */
    async replacePayPasswordHash(userId: number, old: string, hash: string) {
      await db
        .updateTable('wallets')
        .set({ pay_password_hash: hash })
        .where('user_id', '=', userId)
        .where('pay_password_hash', '=', old)
        .execute()
    },

    /**
     * The payment-password state of the wallet (null: no wallet), read at the start of the payment's
     * transaction: on PostgreSQL the row stays locked until it ends, so checks of one user run one at
     * a time across processes (SQLite: one writer anyway).
     */
    async payPasswordState(userId: number) {
      const row = await payPasswordStateQuery.first(db, userId)
      return row
        ? {
            failures: Number(row.pay_fail_count),
            lockedUntil: row.pay_locked_until === null ? null : Number(row.pay_locked_until),
            hash: row.pay_password_hash,
          }
        : null
    },

    /**
     * Counts a wrong answer: adds a failure (an expired lock starts the count afresh) and, at
     * `maxFailures`, locks payment until `lockUntil`. Answers the failures counted so far.
     */
    async countPayFailure(userId: number, maxFailures: number, lockUntil: number): Promise<number> {
      const row = await db
        .updateTable('wallets')
        .set({
          pay_fail_count: sql`case when pay_locked_until is not null then 1 else pay_fail_count + 1 end`,
          pay_locked_until: sql`case when (case when pay_locked_until is not null then 1 else pay_fail_count + 1 end) >= ${maxFailures} then cast(${lockUntil} as bigint) else null end`,
        })
        .where('user_id', '=', userId)
        .returning('pay_fail_count')
        .executeTakeFirstOrThrow()
      return Number(row.pay_fail_count)
    },

    /** A right answer: the failures (and an expired lock) are forgotten. */
    async clearPayFailures(userId: number) {
      await db
        .updateTable('wallets')
        .set({ pay_fail_count: 0, pay_locked_until: null })
        .where('user_id', '=', userId)
        .execute()
    },

    /** Every ledger row of an order (both parties), oldest first, with whose wallet it moved. */
    orderLedger(orderNo: string) {
      return db
        .selectFrom('ledger')
        .innerJoin('users', 'users.id', 'ledger.user_id')
        .selectAll('ledger')
        .select('users.user_name')
        .where('ledger.order_no', '=', orderNo)
        .orderBy('ledger.id')
        .limit(200)
        .execute()
    },

    ledgerPage(userId: number, q: LedgerQuery) {
      let query = db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id', 'desc')
      if (q.type) query = query.where('type', '=', q.type)
      if (q.beginTime !== undefined) query = query.where('created_at', '>=', q.beginTime)
      if (q.endTime !== undefined) query = query.where('created_at', '<=', q.endTime)
      return fetchPage(query, q)
    },

    async insertTopup(
      row: Omit<TopupsTable, 'id' | 'return_to' | 'order_no' | 'unspent'> & {
        return_to?: string | null
        order_no?: string | null
      },
    ) {
      await db
        .insertInto('topups')
        .values({ ...row, return_to: row.return_to ?? null, order_no: row.order_no ?? null })
        .execute()
    },

    topup(topupNo: string) {
      return db.selectFrom('topups').selectAll().where('topup_no', '=', topupNo).executeTakeFirst()
    },

    /** The paid top-ups started for an order (its channel part), oldest first. */
    paidTopupsOfOrder: (orderNo: string, userId: number) =>
      db
        .selectFrom('topups')
        .selectAll()
        .where('order_no', '=', orderNo)
        .where('user_id', '=', userId)
        .where('status', '=', 'PAID')
        .orderBy('id')
        .execute(),

    /** PENDING → `status`; the affected row count decides who applies a notification. */
    async closeTopup(topupNo: string, status: 'PAID' | 'FAILED', at: number): Promise<boolean> {
      const res = await db
        .updateTable('topups')
        .set({ status, paid_at: status === 'PAID' ? at : null })
        .where('topup_no', '=', topupNo)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    async insertWithdrawal(row: Insertable<WithdrawalsTable>) {
      await db.insertInto('withdrawals').values(row).execute()
    },

    withdrawal(withdrawNo: string) {
      return db.selectFrom('withdrawals').selectAll().where('withdraw_no', '=', withdrawNo).executeTakeFirst()
    },

    async decideWithdrawal(
      withdrawNo: string,
      status: 'APPROVED' | 'PAYING' | 'REJECTED',
      by: number,
      remark: string,
      at: number,
    ): Promise<boolean> {
      const res = await db
        .updateTable('withdrawals')
        .set({ status, decided_by: by, decided_at: at, remark })
        .where('withdraw_no', '=', withdrawNo)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    /** A payout's end: PAYING → PAID | FAILED (the reason in remark), only from PAYING. */
    async finishWithdrawal(withdrawNo: string, status: 'PAID' | 'FAILED', remark: string): Promise<boolean> {
      const res = await db
        .updateTable('withdrawals')
        .set({ status, remark })
        .where('withdraw_no', '=', withdrawNo)
        .where('status', '=', 'PAYING')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    /** Withdrawals PAYING since before `before`, oldest first (their payout may never have been sent). */
    payingWithdrawals: (before: number, limit: number) =>
      db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', 'PAYING')
        .where('decided_at', '<', before)
        .orderBy('decided_at')
        .limit(limit)
        .execute(),

    /** One withdrawal with its user's name (the view the API answers). */
    withdrawalView(withdrawNo: string) {
      return withdrawalRows().where('withdrawals.withdraw_no', '=', withdrawNo).executeTakeFirstOrThrow()
    },

    withdrawalPage(userId: number | null, q: { pageNum?: number; pageSize?: number; status?: string }) {
      let query = withdrawalRows().orderBy('withdrawals.id', 'desc')
      if (userId !== null) query = query.where('withdrawals.user_id', '=', userId)
      if (q.status) query = query.where('withdrawals.status', '=', q.status as WithdrawalsTable['status'])
      return fetchPage(query, q)
    },
  }
}

export type FundsRepo = ReturnType<typeof fundsRepo>

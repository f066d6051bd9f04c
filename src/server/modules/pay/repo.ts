/** The pay module's SQL (docs/payments.md). */
import type { Insertable } from 'kysely'
import type { Db } from '../../db'
import type { PayAttemptsTable, PayNotificationsTable, PayPayoutsTable, PayRefundsTable } from './tables'

export function payRepo(db: Db) {
  return {
    insertAttempt: (row: Insertable<PayAttemptsTable>) => db.insertInto('pay_attempts').values(row).execute(),

    attempt: (attemptNo: string) =>
      db.selectFrom('pay_attempts').selectAll().where('attempt_no', '=', attemptNo).executeTakeFirst(),

    /** WAITING → PAID or CLOSED, only from WAITING: true when this call moved it. */
    async settle(
      attemptNo: string,
      to: { status: 'PAID'; tradeNo: string | null; paidAt: number } | { status: 'CLOSED' },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('pay_attempts')
        .set(
          to.status === 'PAID'
            ? { status: 'PAID', provider_trade_no: to.tradeNo, paid_at: to.paidAt, updated_at: at }
            : { status: 'CLOSED', updated_at: at },
        )
        .where('attempt_no', '=', attemptNo)
        .where('status', '=', 'WAITING')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Waiting attempts created before `before`, oldest first (the chasing job). */
    waitingBefore: (before: number, limit: number) =>
      db
        .selectFrom('pay_attempts')
        .selectAll()
        .where('status', '=', 'WAITING')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    ofBusiness: (bizType: string, bizNo: string) =>
      db
        .selectFrom('pay_attempts')
        .selectAll()
        .where('biz_type', '=', bizType)
        .where('biz_no', '=', bizNo)
        .orderBy('id')
        .execute(),

    insertRefund: (row: Insertable<PayRefundsTable>) => db.insertInto('pay_refunds').values(row).execute(),

    refund: (refundNo: string) =>
      db.selectFrom('pay_refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst(),

    /** PENDING → SUCCESS or FAILED, only from PENDING: true when this call moved it. */
    async settleRefund(
      refundNo: string,
      status: 'SUCCESS' | 'FAILED',
      failReason: string | null,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('pay_refunds')
        .set({ status, fail_reason: failReason, updated_at: at })
        .where('refund_no', '=', refundNo)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Pending refunds created before `before`, oldest first (the refunds job). */
    pendingRefunds: (before: number, limit: number) =>
      db
        .selectFrom('pay_refunds')
        .selectAll()
        .where('status', '=', 'PENDING')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    /** fen refunded or being refunded of an attempt (a FAILED refund gave nothing back). */
    async refundedOf(attemptNo: string): Promise<number> {
      const row = await db
        .selectFrom('pay_refunds')
        .select((eb) => eb.fn.sum<number>('amount').as('n'))
        .where('attempt_no', '=', attemptNo)
        .where('status', '!=', 'FAILED')
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },

    refundsOfOrder: (orderNo: string) =>
      db.selectFrom('pay_refunds').selectAll().where('order_no', '=', orderNo).orderBy('id').execute(),

    record: (row: Insertable<PayNotificationsTable>) =>
      db.insertInto('pay_notifications').values(row).execute(),

    notifications: (onlyStaff: boolean, offset: number, limit: number) => {
      let q = db.selectFrom('pay_notifications').selectAll()
      if (onlyStaff) q = q.where('needs_staff', '=', 1)
      return q.orderBy('id', 'desc').offset(offset).limit(limit).execute()
    },

    /** A new payout, PAYING; false when the business has one already (one payout per withdrawal). */
    async insertPayout(row: Insertable<PayPayoutsTable>): Promise<boolean> {
      const result = await db
        .insertInto('pay_payouts')
        .values(row)
        .onConflict((oc) => oc.column('biz').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
    },

    payoutOfBiz: (biz: string) =>
      db.selectFrom('pay_payouts').selectAll().where('biz', '=', biz).executeTakeFirst(),

    /** PAYING → PAID | FAILED, only from PAYING: true when this call moved it. */
    async settlePayout(
      payoutNo: string,
      to: { status: 'PAID' | 'FAILED'; providerNo: string | null; failReason: string | null },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('pay_payouts')
        .set({ status: to.status, provider_no: to.providerNo, fail_reason: to.failReason, updated_at: at })
        .where('payout_no', '=', payoutNo)
        .where('status', '=', 'PAYING')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** PAYING payouts last touched before `before`, oldest first (the polling job). */
    payingBefore: (before: number, limit: number) =>
      db
        .selectFrom('pay_payouts')
        .selectAll()
        .where('status', '=', 'PAYING')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute(),

    touchPayout: (payoutNo: string, at: number) =>
      db
        .updateTable('pay_payouts')
        .set({ updated_at: at })
        .where('payout_no', '=', payoutNo)
        .where('status', '=', 'PAYING')
        .execute(),

    async notificationCount(onlyStaff: boolean): Promise<number> {
      let q = db.selectFrom('pay_notifications').select((eb) => eb.fn.countAll<number>().as('n'))
      if (onlyStaff) q = q.where('needs_staff', '=', 1)
      return Number((await q.executeTakeFirstOrThrow()).n)
    },
  }
}

/**
 * The SQL of reconciliation (reconcile-job.ts, reconcile-sources.ts): our attempts', refunds' and
 * payouts' lines, the bill runs, the mismatches.
 */
import type { Insertable } from 'kysely'
import type { PayProviderChannel } from '../../../shared/api/pay'
import type { Db } from '../../db'
import type { PayMismatchesTable } from './tables'

const ATTEMPT_COLUMNS = ['attempt_no', 'amount', 'status', 'paid_at', 'created_at'] as const
const REFUND_COLUMNS = ['refund_no', 'amount', 'status', 'created_at', 'updated_at'] as const
const PAYOUT_COLUMNS = ['payout_no', 'amount', 'status', 'created_at', 'updated_at'] as const

export interface MismatchFilter {
  channel?: PayProviderChannel
  day?: string
  state?: 'OPEN' | 'RESOLVED'
  pageNum: number
  pageSize: number
}

export function reconcileRepo(db: Db) {
  return {
    /** PAID attempts of a channel paid within [start, end) */
    paidAttempts: (channel: string, start: number, end: number) =>
      db
        .selectFrom('pay_attempts')
        .select(ATTEMPT_COLUMNS)
        .where('channel', '=', channel)
        .where('status', '=', 'PAID')
        .where('paid_at', '>=', start)
        .where('paid_at', '<', end)
        .execute(),

    /** the attempts of a channel with these numbers (at most a few hundred: the caller chunks) */
    attemptsNamed: (channel: string, nos: readonly string[]) =>
      db
        .selectFrom('pay_attempts')
        .select(ATTEMPT_COLUMNS)
        .where('channel', '=', channel)
        .where('attempt_no', 'in', nos)
        .execute(),

    /** refunds of a channel that succeeded within [start, end) (their end is their last update) */
    succeededRefunds: (channel: string, start: number, end: number) =>
      db
        .selectFrom('pay_refunds')
        .select(REFUND_COLUMNS)
        .where('channel', '=', channel)
        .where('status', '=', 'SUCCESS')
        .where('updated_at', '>=', start)
        .where('updated_at', '<', end)
        .execute(),

    /** the refunds of a channel with these numbers (the caller chunks) */
    refundsNamed: (channel: string, nos: readonly string[]) =>
      db
        .selectFrom('pay_refunds')
        .select(REFUND_COLUMNS)
        .where('channel', '=', channel)
        .where('refund_no', 'in', nos)
        .execute(),

    /** payouts of a channel paid within [start, end) (their end is their last update) */
    paidPayouts: (channel: string, start: number, end: number) =>
      db
        .selectFrom('pay_payouts')
        .select(PAYOUT_COLUMNS)
        .where('channel', '=', channel)
        .where('status', '=', 'PAID')
        .where('updated_at', '>=', start)
        .where('updated_at', '<', end)
        .execute(),

    /** the payouts of a channel with these numbers (the caller chunks) */
    payoutsNamed: (channel: string, nos: readonly string[]) =>
      db
        .selectFrom('pay_payouts')
        .select(PAYOUT_COLUMNS)
        .where('channel', '=', channel)
        .where('payout_no', 'in', nos)
        .execute(),

    billRun: (channel: string, day: string) =>
      db
        .selectFrom('pay_bill_runs')
        .selectAll()
        .where('channel', '=', channel)
        .where('day', '=', day)
        .executeTakeFirst(),

    /** stores a mismatch once per channel, day and key (a resolved one stays resolved) */
    addMismatch: (row: Insertable<PayMismatchesTable>) =>
      db
        .insertInto('pay_mismatches')
        .values(row)
        .onConflict((oc) => oc.columns(['channel', 'day', 'mismatch_key']).doNothing())
        .execute(),

    /** remembers a day's run; `replace`: staff ran it again, its counts are the new ones */
    saveBillRun: (
      row: {
        channel: string
        day: string
        bill_lines: number
        our_lines: number
        mismatches: number
        created_at: number
      },
      replace: boolean,
    ) => {
      const { bill_lines, our_lines, mismatches } = row
      return db
        .insertInto('pay_bill_runs')
        .values(row)
        .onConflict((oc) =>
          replace
            ? oc.columns(['channel', 'day']).doUpdateSet({ bill_lines, our_lines, mismatches })
            : oc.columns(['channel', 'day']).doNothing(),
        )
        .execute()
    },

    mismatch: (id: number) =>
      db.selectFrom('pay_mismatches').selectAll().where('id', '=', id).executeTakeFirst(),

    async mismatches(f: MismatchFilter) {
      let q = db.selectFrom('pay_mismatches')
      if (f.channel) q = q.where('channel', '=', f.channel)
      if (f.day) q = q.where('day', '=', f.day)
      if (f.state) q = q.where('status', '=', f.state)
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('id', 'desc')
          .offset((f.pageNum - 1) * f.pageSize)
          .limit(f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    },

    /** OPEN → RESOLVED: true when this call moved it */
    async resolve(id: number, note: string, by: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('pay_mismatches')
        .set({ status: 'RESOLVED', note, resolved_by: by, resolved_at: at })
        .where('id', '=', id)
        .where('status', '=', 'OPEN')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
  }
}

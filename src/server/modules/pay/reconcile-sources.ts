/**
 * Where reconciliation's lines of ours come from (docs/payments.md, "Reconciliation"): one source per
 * kind of money movement — the payment attempts, the refunds to a channel, the payouts to a person.
 * Each gives the movements done within the day, and any the provider's bill names whatever its day or
 * state, as the same `OurLine`; the matcher (reconcile.ts) and the job (reconcile-job.ts) do not
 * change with them.
 */
import type { PayProviderChannel } from '../../../shared/api/pay'
import type { Db } from '../../db'
import type { BillLine } from './provider'
import type { OurLine } from './reconcile'
import { reconcileRepo } from './reconcile-repo'

/**
 * Our lines of one channel for a day: those done within [start, end), and those the bill names
 * (`billed`: our numbers of the bill's lines of each kind) whatever their day or state — so a
 * line the provider books on another day than we do pairs, and one we never finished shows as
 * STATE_DIFFERS rather than missing.
 */
export type OurLineSource = (
  db: Db,
  channel: PayProviderChannel,
  range: [number, number],
  billed: ReadonlyMap<BillLine['kind'], readonly string[]>,
) => Promise<OurLine[]>

/** numbers per `in (…)` list, well under SQLite's and PostgreSQL's parameter limits */
const IN_CHUNK = 500

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / IN_CHUNK) }, (_, i) =>
    items.slice(i * IN_CHUNK, (i + 1) * IN_CHUNK),
  )

/**
 * The rows of the day and the rows the bill names that are not among them: `named` reads rows by
 * number, a few hundred at a time.
 */
async function ofDayAndNamed<R>(
  ofDay: R[],
  noOf: (r: R) => string,
  billedNos: readonly string[] | undefined,
  named: (nos: readonly string[]) => Promise<R[]>,
): Promise<R[]> {
  const seen = new Set(ofDay.map(noOf))
  const missing = [...new Set(billedNos ?? [])].filter((no) => !seen.has(no))
  const others: R[] = []
  for (const nos of chunks(missing)) others.push(...(await named(nos)))
  return [...ofDay, ...others]
}

/** The payment attempts: PAID ones of the day (by `paid_at`, the provider's payment time), and any the bill names. */
export const attemptLines: OurLineSource = async (db, channel, [start, end], billed) => {
  const repo = reconcileRepo(db)
  const rows = await ofDayAndNamed(
    await repo.paidAttempts(channel, start, end),
    (r) => r.attempt_no,
    billed.get('PAYMENT'),
    (nos) => repo.attemptsNamed(channel, nos),
  )
  return rows.map((r) => ({
    kind: 'PAYMENT',
    ourNo: r.attempt_no,
    amount: Number(r.amount),
    at: Number(r.paid_at ?? r.created_at),
    state: r.status,
    done: r.status === 'PAID',
  }))
}

/**
 * The refunds to the channel (both sources: out of a balance, and late payments sent back): SUCCESS
 * ones of the day, and any the bill names (a PENDING or FAILED one the provider refunded after all is
 * STATE_DIFFERS). A refund's day is the day we learnt its success, which is the provider's day but
 * for one learnt just after midnight (docs/payments.md, "Reconciliation").
 */
export const refundLines: OurLineSource = async (db, channel, [start, end], billed) => {
  const repo = reconcileRepo(db)
  const rows = await ofDayAndNamed(
    await repo.succeededRefunds(channel, start, end),
    (r) => r.refund_no,
    billed.get('REFUND'),
    (nos) => repo.refundsNamed(channel, nos),
  )
  return rows.map((r) => ({
    kind: 'REFUND',
    ourNo: r.refund_no,
    amount: Number(r.amount),
    at: Number(r.status === 'SUCCESS' ? r.updated_at : r.created_at),
    state: r.status,
    done: r.status === 'SUCCESS',
  }))
}

/**
 * The payouts to a person (withdrawals): PAID ones of the day, and any the bill names (a PAYING or
 * FAILED one the provider transferred is STATE_DIFFERS). Only Alipay pays out; WeChat Pay's bill
 * has no transfers and we none of its channel.
 */
export const payoutLines: OurLineSource = async (db, channel, [start, end], billed) => {
  const repo = reconcileRepo(db)
  const rows = await ofDayAndNamed(
    await repo.paidPayouts(channel, start, end),
    (r) => r.payout_no,
    billed.get('PAYOUT'),
    (nos) => repo.payoutsNamed(channel, nos),
  )
  return rows.map((r) => ({
    kind: 'PAYOUT',
    ourNo: r.payout_no,
    amount: Number(r.amount),
    at: Number(r.status === 'PAID' ? r.updated_at : r.created_at),
    state: r.status,
    done: r.status === 'PAID',
  }))
}

/** Every source: what the job matches against a provider's bill. */
export const OUR_LINE_SOURCES: readonly OurLineSource[] = [attemptLines, refundLines, payoutLines]

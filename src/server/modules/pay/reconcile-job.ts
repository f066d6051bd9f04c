/**
 * Daily reconciliation (docs/payments.md, "Reconciliation"): the job `pay-reconcile` checks every
 * hour whether yesterday's bill of each configured provider was reconciled; if not, it downloads
 * the bill, gathers our lines of that China day, matches them (reconcile.ts) and stores the
 * mismatches for staff (对账差错), then remembers the day (pay_bill_runs) so it runs once. A bill
 * the provider cannot give yet (WeChat Pay makes it by about 10:00, a provider down) is asked
 * again the next hour.
 *
 * Our lines come from sources (`OurLineSource`, reconcile-sources.ts): the payment attempts, the
 * refunds and the payouts, each producing the same `OurLine`; the matcher and the storage are theirs.
 */
import type { Insertable, Selectable } from 'kysely'
import type { PayMismatchView, PayReconcileRunView } from '../../../shared/api/pay'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import type { BillLine, PayProvider } from './provider'
import { matchBill } from './reconcile'
import { OUR_LINE_SOURCES, type OurLineSource } from './reconcile-sources'
import type { PayMismatchesTable } from './tables'
import { reconcileRepo, type MismatchFilter } from './reconcile-repo'

export type { MismatchFilter, OurLineSource }
export { attemptLines, payoutLines, refundLines } from './reconcile-sources'

const DAY_MS = 24 * 3600_000
const CHINA_OFFSET_MS = 8 * 3600_000

/** [start, end) epoch ms of a China day 'yyyy-MM-dd'. */
export function chinaDayRange(day: string): [number, number] {
  const start = Date.parse(`${day}T00:00:00+08:00`)
  return [start, start + DAY_MS]
}

/** The China day ('yyyy-MM-dd') of an instant. */
export const chinaDayOf = (at: number) => new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 10)

export interface ReconcileDeps {
  db: Db
  providers: readonly PayProvider[]
  /** where our lines come from (default: the attempts, the refunds and the payouts) */
  sources?: readonly OurLineSource[]
  now: () => number
  log: (err: unknown, what: string) => void
}

/** What one channel's run of a day did (the staff's 重新对账 answers it). */
export type ReconcileRun = PayReconcileRunView

const view = (r: Selectable<PayMismatchesTable>): PayMismatchView => {
  const num = (v: number | null) => (v === null ? null : Number(v))
  return {
    id: r.id,
    channel: r.channel as PayMismatchView['channel'],
    day: r.day,
    kind: r.kind as PayMismatchView['kind'],
    lineKind: r.line_kind as PayMismatchView['lineKind'],
    ourNo: r.our_no,
    ourAmount: num(r.our_amount),
    theirAmount: num(r.their_amount),
    ourState: r.our_state,
    providerNo: r.provider_no,
    state: r.status as PayMismatchView['state'],
    note: r.note,
    resolvedBy: r.resolved_by,
    resolvedAt: num(r.resolved_at),
    createdAt: Number(r.created_at),
  }
}

export function reconcileService(deps: ReconcileDeps) {
  const { db, now } = deps
  const sources = deps.sources ?? OUR_LINE_SOURCES
  const repo = reconcileRepo(db)

  /**
   * One channel's bill of `day` matched and stored. The job runs a day once; staff (`staff`) run it
   * again whatever was done before: the day's counts are replaced and the run is logged.
   */
  async function runDay(p: PayProvider, day: string, staff?: Actor): Promise<ReconcileRun> {
    const base = { channel: p.channel, day, billLines: 0, ourLines: 0, mismatches: 0 }
    const done = staff ? undefined : await repo.billRun(p.channel, day)
    if (done)
      return {
        ...base,
        outcome: 'ALREADY',
        billLines: done.bill_lines,
        ourLines: done.our_lines,
        mismatches: done.mismatches,
      }
    let bill: BillLine[]
    try {
      bill = await p.bill(day)
    } catch (err) {
      deps.log(err, `pay: the ${p.channel} bill of ${day} is not available yet`)
      return { ...base, outcome: 'UNAVAILABLE' }
    }
    const billed = new Map<BillLine['kind'], string[]>()
    for (const l of bill) billed.set(l.kind, [...(billed.get(l.kind) ?? []), l.ourNo])
    const range = chinaDayRange(day)
    const ours = (await Promise.all(sources.map((source) => source(db, p.channel, range, billed)))).flat()
    const found = matchBill(ours, bill)
    const at = now()
    const counts = { bill_lines: bill.length, our_lines: ours.length, mismatches: found.length }
    await db.transaction().execute(async (trx) => {
      for (const m of found) {
        const row: Insertable<PayMismatchesTable> = {
          channel: p.channel,
          day,
          mismatch_key: m.key,
          kind: m.kind,
          line_kind: m.lineKind,
          our_no: m.ourNo,
          our_amount: m.ourAmount,
          their_amount: m.theirAmount,
          our_state: m.ourState,
          provider_no: m.providerNo,
          status: 'OPEN',
          note: null,
          resolved_by: null,
          resolved_at: null,
          created_at: at,
        }
        await reconcileRepo(trx).addMismatch(row)
      }
      await reconcileRepo(trx).saveBillRun(
        { channel: p.channel, day, ...counts, created_at: at },
        Boolean(staff),
      )
      if (staff)
        await record(trx, {
          actor: staff,
          module: 'pay',
          action: 'reconcileDay',
          target: `${p.channel} ${day}`,
          after: { billLines: bill.length, ourLines: ours.length, mismatches: found.length },
          detail: `重新对账：账单 ${bill.length} 笔，我方 ${ours.length} 笔，差错 ${found.length} 条`,
          at,
        })
    })
    return {
      ...base,
      outcome: 'DONE',
      billLines: bill.length,
      ourLines: ours.length,
      mismatches: found.length,
    }
  }

  return {
    /**
     * The job (hourly, one process): each configured provider's bill of `day` (default yesterday,
     * China time) reconciled unless it was already.
     */
    async reconcile(day = chinaDayOf(now() - DAY_MS)): Promise<ReconcileRun[]> {
      const runs: ReconcileRun[] = []
      for (const p of deps.providers) runs.push(await runDay(p, day))
      return runs
    },

    /**
     * Staff (重新对账): each provider's bill of `day` matched again now — after a provider fixed
     * its bill, or for a day the job missed. Mismatches found before stay as staff left them (the
     * key is unique), new ones are added; each channel's run is logged in its transaction. A bill
     * the provider cannot give (yet) changes nothing and says UNAVAILABLE.
     */
    async reconcileDay(actor: Actor, day: string): Promise<ReconcileRun[]> {
      const [start] = chinaDayRange(day)
      if (!Number.isFinite(start) || chinaDayOf(start) !== day) throw badRequest('账单日期不合法')
      if (start > now()) throw badRequest('不能对未来的日期对账')
      const runs: ReconcileRun[] = []
      for (const p of deps.providers) runs.push(await runDay(p, day, actor))
      return runs
    },

    /** Staff: the mismatches, newest first (the dashboard's 对账差错 is the total of the open ones). */
    async mismatches(f: MismatchFilter): Promise<{ rows: PayMismatchView[]; total: number }> {
      const { rows, total } = await repo.mismatches(f)
      return { rows: rows.map(view), total }
    },

    /** Staff: a mismatch handled (refunded, booked, explained…), with the note, in the operation log. */
    async resolve(actor: Actor, id: number, note: string): Promise<PayMismatchView> {
      const row = await repo.mismatch(id)
      if (!row) throw notFound('对账差错不存在')
      const text = note.trim()
      const at = now()
      await db.transaction().execute(async (trx) => {
        if (!(await reconcileRepo(trx).resolve(id, text, actor.userId, at))) throw badRequest('该差错已处理')
        await record(trx, {
          actor,
          module: 'pay',
          action: 'mismatchResolve',
          target: id,
          before: { status: 'OPEN', kind: row.kind, channel: row.channel, day: row.day, ourNo: row.our_no },
          after: { status: 'RESOLVED' },
          detail: text,
          at,
        })
      })
      return view((await repo.mismatch(id))!)
    },
  }
}

export type ReconcileService = ReturnType<typeof reconcileService>

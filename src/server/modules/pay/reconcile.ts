/**
 * Reconciliation's matcher (docs/payments.md, "Reconciliation"): our lines of a day against the
 * provider's bill of that day, line by line. Pure: no clock, no database — the daily job
 * (reconcile-job.ts) gathers both lists and stores what this returns.
 *
 * A line is identified by its kind and our number (attemptNo, refundNo, payoutNo): the provider's
 * bill names our number on every line. Our lines come from sources (reconcile-sources.ts: the paid
 * attempts, the refunds, the payouts), each producing the same `OurLine`, so the matcher knows no
 * kind of movement in particular.
 */
import type { BillLine } from './provider'

export type LineKind = BillLine['kind']

/** One money movement as our books have it. */
export interface OurLine {
  kind: LineKind
  /** attemptNo, refundNo or payoutNo: what the provider's bill names */
  ourNo: string
  /** fen */
  amount: number
  /** epoch ms of the movement (paid, refunded, paid out); for a line not done, when it was created */
  at: number
  /** our state in our words (PAID, CLOSED, WAITING, SUCCESS…), shown to staff */
  state: string
  /**
   * whether the money moved on our side (a PAID attempt, a successful refund or payout). A line
   * not done is given only when the bill names it: the provider moved money we think did not move.
   */
  done: boolean
}

export type MismatchKind =
  /** in the provider's bill, not in our books: money moved that we never recorded */
  | 'MISSING_OURS'
  /** done in our books, not in the provider's bill: money we recorded that never moved there */
  | 'MISSING_THEIRS'
  /** on both sides with different amounts */
  | 'AMOUNT_DIFFERS'
  /** in the bill, but not done on our side (e.g. our attempt CLOSED, paid at the provider) */
  | 'STATE_DIFFERS'

export interface Mismatch {
  kind: MismatchKind
  lineKind: LineKind
  ourNo: string
  /** fen on our side; null when we have no line */
  ourAmount: number | null
  /** fen in the bill; null when the bill has no line */
  theirAmount: number | null
  /** our state; null when we have no line */
  ourState: string | null
  /** the provider's number of the line; null when the bill has no line */
  providerNo: string | null
  /**
   * stable within a day and channel: kind of line, our number, kind of mismatch, and the
   * occurrence when a number repeats — storing a day twice stores each mismatch once
   */
  key: string
}

const lineKey = (l: { kind: LineKind; ourNo: string }) => `${l.kind}:${l.ourNo}`

/** Groups lines by kind and number, each group in its given order. */
function byKey<L extends { kind: LineKind; ourNo: string }>(lines: readonly L[]): Map<string, L[]> {
  const groups = new Map<string, L[]>()
  for (const l of lines) {
    const k = lineKey(l)
    const group = groups.get(k)
    if (group) group.push(l)
    else groups.set(k, [l])
  }
  return groups
}

/**
 * Matches our lines against the provider's bill. Lines pair by (kind, ourNo); a number repeated
 * on one side pairs in order and each line left over is missing on the other side (a payment
 * billed twice is money we never recorded). Lines of ours not done that the bill does not name are
 * the normal course (a closed attempt) and produce nothing. Sorted by line kind, number and kind.
 */
export function matchBill(ours: readonly OurLine[], theirs: readonly BillLine[]): Mismatch[] {
  const mine = byKey(ours)
  const billed = byKey(theirs)
  const found: Omit<Mismatch, 'key'>[] = []
  for (const k of new Set([...mine.keys(), ...billed.keys()])) {
    const a = mine.get(k) ?? []
    const b = billed.get(k) ?? []
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const our = a[i]
      const their = b[i]
      const base = {
        lineKind: (our ?? their)!.kind,
        ourNo: (our ?? their)!.ourNo,
        ourAmount: our ? our.amount : null,
        theirAmount: their ? their.amount : null,
        ourState: our ? our.state : null,
        providerNo: their ? their.providerNo : null,
      }
      if (!their) {
        if (our!.done) found.push({ kind: 'MISSING_THEIRS', ...base })
      } else if (!our) found.push({ kind: 'MISSING_OURS', ...base })
      else if (!our.done) found.push({ kind: 'STATE_DIFFERS', ...base })
      else if (our.amount !== their.amount) found.push({ kind: 'AMOUNT_DIFFERS', ...base })
    }
  }
  found.sort(
    (x, y) => compare(x.lineKind, y.lineKind) || compare(x.ourNo, y.ourNo) || compare(x.kind, y.kind),
  )
  const seen = new Map<string, number>()
  return found.map((m) => {
    const base = `${m.lineKind}:${m.ourNo}:${m.kind}`
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return { ...m, key: n === 0 ? base : `${base}#${n + 1}` }
  })
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)

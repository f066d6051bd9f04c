/**
 * `npm run check:invariant`: the money invariant of a database (DATA_DIR's SQLite file, or
 * DATABASE_URL): Σ(available + frozen) + Σ escrow == Σ paid top-ups − Σ approved withdrawals, and every
 * PAID-or-later order has its ORDER_PAY row, every SETTLED its SETTLEMENT, every REFUNDED its
 * ORDER_REFUND, escrow matches each order's state, each order's ledger rows and escrow add up to what
 * was paid (a ruling may split it into a refund and a settlement, each with its row, matching the
 * ruling's amounts), no account listing is sold twice and every 包赔 deposit and payout matches its
 * ledger rows. Prints the
 * sums; exits 1 on a violation. Other scripts (bench-trade.ts) import checkInvariantAt and
 * describeInvariant.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { openDatabase } from '../src/server/db'
import { checkInvariant } from '../src/server/modules/funds/invariant'

export type InvariantResult = Awaited<ReturnType<typeof checkInvariant>>

/** Opens the database of a data directory (or URL), checks the invariant and closes it again. */
export async function checkInvariantAt(opts: {
  dataDir: string
  databaseUrl?: string
}): Promise<InvariantResult> {
  const { db } = openDatabase(opts)
  try {
    return await checkInvariant(db)
  } finally {
    await db.destroy()
  }
}

/** The report, one line per figure. */
export function describeInvariant(r: InvariantResult): string[] {
  const fen = (n: number) => `${(n / 100).toFixed(2)} 元`
  return [
    `wallets available     ${fen(r.available)}`,
    `wallets frozen        ${fen(r.frozen)}`,
    `escrow held by orders ${fen(r.escrow)}`,
    `= held                ${fen(r.held)}`,
    `paid top-ups          ${fen(r.topups)}`,
    `approved withdrawals  ${fen(r.withdrawn)}`,
    `= expected            ${fen(r.expected)}`,
    `orders lacking ledger rows: pay ${r.gaps.paid.length}, settlement ${r.gaps.settled.length}, refund ${r.gaps.refunded.length}; escrow mismatches ${r.gaps.escrowWrong.length}; accounts sold twice ${r.gaps.oversold.length}; orders not adding up ${r.gaps.unbalanced.length}; rulings differing from their ledger rows ${r.gaps.rulings.length}; agency sales differing from their split ${r.gaps.agency.length}; 包赔 deposits or payouts differing from their ledger rows ${r.gaps.protection.length}; channel refunds differing from their ledger rows ${r.gaps.channelRefunds.length}; top-ups differing from what the providers captured ${r.gaps.captured.length}`,
    r.ok ? 'invariant OK' : 'INVARIANT VIOLATED',
  ]
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isMain) {
  const r = await checkInvariantAt({
    dataDir: process.env.DATA_DIR ?? './data',
    databaseUrl: process.env.DATABASE_URL || undefined,
  })
  for (const line of describeInvariant(r)) console.log(line)
  process.exitCode = r.ok ? 0 : 1
}

/**
 * `npm run check:invariant`: the money invariant of a database (DATA_DIR's SQLite file, or
 * DATABASE_URL): Σ(available + frozen) + Σ escrow == Σ paid top-ups − Σ approved withdrawals, and every
 * PAID-or-later order has its ORDER_PAY row, every SETTLED its SETTLEMENT, every REFUNDED its
 * ORDER_REFUND. Prints the sums; exits 1 on a violation.
 */
import { openDatabase } from '../src/server/db'
import '../src/server/db/schema-trade'
import { checkInvariant } from '../src/server/modules/funds/service'

const dataDir = process.env.DATA_DIR ?? './data'
const { db } = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined })
try {
  const r = await checkInvariant(db)
  const fen = (n: number) => `${(n / 100).toFixed(2)} 元`
  console.log(`wallets available     ${fen(r.available)}`)
  console.log(`wallets frozen        ${fen(r.frozen)}`)
  console.log(`escrow held by orders ${fen(r.escrow)}`)
  console.log(`= held                ${fen(r.held)}`)
  console.log(`paid top-ups          ${fen(r.topups)}`)
  console.log(`approved withdrawals  ${fen(r.withdrawn)}`)
  console.log(`= expected            ${fen(r.expected)}`)
  console.log(
    `orders lacking ledger rows: pay ${r.gaps.paid.length}, settlement ${r.gaps.settled.length}, refund ${r.gaps.refunded.length}; escrow mismatches ${r.gaps.escrowWrong.length}`,
  )
  console.log(r.ok ? 'invariant OK' : 'INVARIANT VIOLATED')
  process.exitCode = r.ok ? 0 : 1
} finally {
  await db.destroy()
}

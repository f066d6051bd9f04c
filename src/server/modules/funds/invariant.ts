/**
 * The money invariant, checked across the whole database (scripts/check-invariant.ts, the end of the
 * end-to-end run, the trading tests): Σ(available + frozen) + Σ escrow == Σ paid top-ups − Σ approved
 * withdrawals, no ledger gaps, no account listing sold twice, and every agency sale's split matches
 * what it recorded (the platform's commission account is a wallet like any other, so Σ includes it),
 * and every 包赔 deposit and payout matches its ledger rows (protectionGaps). It is the one place that reads the
 * trade and warrant modules' tables besides their own modules: it audits how money moved through all
 * of them.
 */
import { sql } from 'kysely'
import type { LedgerType } from '../../../shared/api'
import type { Db } from '../../db'

export async function checkInvariant(db: Db) {
  const totals = await sums(db)
  const gaps = await ledgerGaps(db)
  const held = totals.available + totals.frozen + totals.escrow
  const expected = totals.topups - totals.withdrawn - totals.refundedToChannel
  const ok =
    held === expected &&
    gaps.paid.length === 0 &&
    gaps.settled.length === 0 &&
    gaps.refunded.length === 0 &&
    gaps.escrowWrong.length === 0 &&
    gaps.oversold.length === 0 &&
    gaps.unbalanced.length === 0 &&
    gaps.rulings.length === 0 &&
    gaps.agency.length === 0 &&
    gaps.protection.length === 0 &&
    gaps.channelRefunds.length === 0 &&
    gaps.captured.length === 0
  return { ok, held, expected, ...totals, gaps }
}

/** The sums of the money invariant. */
async function sums(db: Db) {
  const wallets = await db
    .selectFrom('wallets')
    .select([
      sql<number>`coalesce(sum(available), 0)`.as('available'),
      sql<number>`coalesce(sum(frozen), 0)`.as('frozen'),
    ])
    .executeTakeFirstOrThrow()
  const escrow = await db
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(escrow_amount), 0)`.as('total'))
    .executeTakeFirstOrThrow()
  const topups = await db
    .selectFrom('topups')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow()
  const withdrawn = await db
    .selectFrom('withdrawals')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    // the money left: paid by staff by hand (APPROVED) or by an Alipay transfer (PAID)
    .where('status', 'in', ['APPROVED', 'PAID'])
    .executeTakeFirstOrThrow()
  // money that left balances back to a channel (docs/payments.md, "Refunds"): a refund taken out of
  // the balance, unless it failed (then its money came back)
  const refundedToChannel = await db
    .selectFrom('pay_refunds')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('source', '=', 'BALANCE')
    .where('status', '!=', 'FAILED')
    .executeTakeFirstOrThrow()
  return {
    available: Number(wallets.available),
    refundedToChannel: Number(refundedToChannel.total),
    frozen: Number(wallets.frozen),
    escrow: Number(escrow.total),
    topups: Number(topups.total),
    withdrawn: Number(withdrawn.total),
  }
}

/**
 * Orders whose ledger rows are missing (paid-or-later without ORDER_PAY, etc.), orders whose escrow
 * is wrong for their state, account listings sold more than once, orders whose ledger rows and
 * escrow do not add up to what was paid, and rulings whose ledger rows differ from their amounts.
 */
async function ledgerGaps(db: Db) {
  const missing = (statuses: string[], type: LedgerType, field: 'paid_at' | null = null) => {
    let q = db
      .selectFrom('orders')
      .select(['order_no', 'status'])
      .where('status', 'in', statuses as never[])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger')
              .select('ledger.id')
              .whereRef('ledger.order_no', '=', 'orders.order_no')
              .where('ledger.type', '=', type),
          ),
        ),
      )
    if (field) q = q.where(field, 'is not', null)
    return q.limit(20).execute()
  }
  const paid = await missing(
    ['PAID', 'DELIVERING', 'TO_CONFIRM', 'COMPLETED', 'SETTLED', 'REFUNDING', 'REFUNDED', 'ARBITRATING'],
    'ORDER_PAY',
  )
  const settled = await missing(['SETTLED'], 'SETTLEMENT')
  const refunded = await missing(['REFUNDED'], 'ORDER_REFUND')
  // escrow must be held exactly by paid, unsettled, unrefunded orders
  const escrowWrong = await db
    .selectFrom('orders')
    .select(['order_no', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', 'in', ['PAID', 'DELIVERING', 'TO_CONFIRM', 'COMPLETED', 'ARBITRATING', 'REFUNDING']),
          eb('escrow_amount', '!=', eb.ref('amount')),
        ]),
        eb.and([
          eb('status', 'in', ['UNPAID', 'CANCELLED', 'SETTLED', 'REFUNDED']),
          eb('escrow_amount', '!=', 0),
        ]),
      ]),
    )
    .limit(20)
    .execute()
  // an account (stock 1) is sold at most once: never two live or finished orders on one listing
  const oversold = await db
    .selectFrom('orders')
    .select(['goods_id', sql<number>`count(*)`.as('orders')])
    .where('goods_type', '=', 'ACCOUNT')
    .where('status', 'not in', ['CANCELLED', 'REFUNDED'])
    .groupBy('goods_id')
    .having(sql<number>`count(*)`, '>', 1)
    .limit(20)
    .execute()
  // each paid order's money adds up: what the buyer paid (ORDER_PAY, negative) plus what went back
  // (ORDER_REFUND) and out (SETTLEMENT, and an agency sale's AGENCY_COMMISSION to the platform's
  // commission account) plus what escrow still holds is zero. A staff ruling may
  // split the escrow (a SETTLED order with a refund row too); a missing row of either part shows here.
  const unbalanced = await db
    .selectFrom('orders')
    .select(['order_no', 'status'])
    .where(
      sql<boolean>`orders.escrow_amount + coalesce((select sum(l.amount) from ledger l
        where l.order_no = orders.order_no
          and l.type in ('ORDER_PAY', 'ORDER_REFUND', 'SETTLEMENT', 'AGENCY_COMMISSION')), 0) <> 0`,
    )
    .limit(20)
    .execute()
  // a ruled dispute (migration 0032) moved exactly its two amounts: refund to the buyer, the rest to the seller
  const paidOut = (type: LedgerType) =>
    sql<number>`coalesce((select sum(l.amount) from ledger l
      where l.order_no = disputes.order_no and l.type = ${type}), 0)`
  const rulings = await db
    .selectFrom('disputes')
    .select(['order_no', 'refund_amount', 'settle_amount'])
    .where('status', '=', 'RULED')
    .where((eb) =>
      eb.or([
        eb(sql`coalesce(refund_amount, -1)`, '<>', paidOut('ORDER_REFUND')),
        eb(sql`coalesce(settle_amount, -1)`, '<>', paidOut('SETTLEMENT')),
      ]),
    )
    .limit(20)
    .execute()
  // a settled agency sale (代售, migration 0140) paid exactly what it recorded: the net to the owner
  // (SETTLEMENT) and the commission to the platform (AGENCY_COMMISSION), together the order's amount
  const agencyRows = (type: LedgerType) =>
    sql<number>`coalesce((select sum(l.amount) from ledger l
      where l.order_no = a.order_no and l.type = ${type}), 0)`
  const agency = await db
    .selectFrom('agency_applications as a')
    .innerJoin('orders', 'orders.order_no', 'a.order_no')
    .select(['a.id', 'a.order_no', 'a.commission', 'a.net_amount'])
    .where('a.status', '=', 'SOLD')
    .where((eb) =>
      eb.or([
        eb(sql`coalesce(a.net_amount, -1)`, '<>', agencyRows('SETTLEMENT')),
        eb(sql`coalesce(a.commission, -1)`, '<>', agencyRows('AGENCY_COMMISSION')),
        eb(sql`coalesce(a.net_amount, 0) + coalesce(a.commission, 0)`, '<>', eb.ref('orders.amount')),
      ]),
    )
    .limit(20)
    .execute()
  const protection = await protectionGaps(db)
  const channelRefunds = await channelRefundGaps(db)
  const captured = await capturedGaps(db)
  return {
    paid,
    settled,
    refunded,
    escrowWrong,
    oversold,
    unbalanced,
    rulings,
    agency,
    protection,
    channelRefunds,
    captured,
  }
}

const PROTECTION_TYPES: LedgerType[] = ['PROTECTION_FREEZE', 'PROTECTION_RELEASE', 'PROTECTION_PAYOUT']

/**
 * 包赔 (docs/recovery-protection.md, migration 0210): a deposit is frozen money of the seller's wallet,
 * so Σ(available + frozen) already holds it; these checks tie it to its rows. Each order's protection
 * holds exactly what its seller's protection rows froze and did not release or pay out; the protection
 * rows of an order add up to zero (a freeze and a release move money inside one wallet, a payout from
 * the seller to the buyer); each order's approved claims paid the buyer exactly their recorded
 * amounts; no seller's held deposits exceed the seller's frozen balance.
 */
async function protectionGaps(db: Db) {
  const types = sql.join(PROTECTION_TYPES.map((t) => sql`${t}`))
  const held = await db
    .selectFrom('order_protections as p')
    .select(['p.order_no', sql<string>`'deposit differs from its ledger rows'`.as('problem')])
    .where(
      sql<boolean>`p.deposit_held <> coalesce((select sum(l.frozen_amount) from ledger l
        where l.order_no = p.order_no and l.user_id = p.seller_id and l.type in (${types})), 0)`,
    )
    .limit(20)
    .execute()
  const unbalanced = await db
    .selectFrom('ledger as l')
    .select(['l.order_no', sql<string>`'protection rows do not add up to zero'`.as('problem')])
    .where('l.type', 'in', PROTECTION_TYPES)
    .groupBy('l.order_no')
    .having(sql<number>`sum(l.amount + l.frozen_amount)`, '<>', 0)
    .limit(20)
    .execute()
  const payouts = await db
    .selectFrom('order_protections as p')
    .select(['p.order_no', sql<string>`'claims differ from the payouts'`.as('problem')])
    .where(
      sql<boolean>`coalesce((select sum(c.paid_amount) from protection_claims c
          where c.order_no = p.order_no and c.status = 'APPROVED'), 0)
        <> coalesce((select sum(l.amount) from ledger l
          where l.order_no = p.order_no and l.user_id = p.buyer_id and l.type = 'PROTECTION_PAYOUT'), 0)`,
    )
    .limit(20)
    .execute()
  const overHeld = await db
    .selectFrom('order_protections as p')
    .select([
      sql<string>`cast(p.seller_id as text)`.as('order_no'),
      sql<string>`'deposits exceed the frozen balance'`.as('problem'),
    ])
    .groupBy('p.seller_id')
    .having(
      sql<number>`sum(p.deposit_held)`,
      '>',
      sql<number>`coalesce((select w.frozen from wallets w where w.user_id = p.seller_id), 0)`,
    )
    .limit(20)
    .execute()
  return [...held, ...unbalanced, ...payouts, ...overHeld]
}

/**
 * Refunds to a channel (migration 0294): per top-up, its CHANNEL_REFUND rows (less the
 * CHANNEL_REFUND_RETURN of failed ones) took out of the balance exactly what its balance-sourced
 * refunds that did not fail send to the channel.
 */
async function channelRefundGaps(db: Db) {
  const ledgerSide = db
    .selectFrom('ledger')
    .select(['topup_no', sql<number>`sum(-amount)`.as('total')])
    .where('type', 'in', ['CHANNEL_REFUND', 'CHANNEL_REFUND_RETURN'])
    .groupBy('topup_no')
  const refundSide = db
    .selectFrom('pay_refunds as r')
    .innerJoin('pay_attempts as a', 'a.attempt_no', 'r.attempt_no')
    .select(['a.biz_no as topup_no', sql<number>`sum(r.amount)`.as('total')])
    .where('r.source', '=', 'BALANCE')
    .where('r.status', '!=', 'FAILED')
    .groupBy('a.biz_no')
  const [rows, refunds] = await Promise.all([ledgerSide.execute(), refundSide.execute()])
  const byTopup = new Map<string, number>()
  for (const r of rows) byTopup.set(r.topup_no ?? '', Number(r.total))
  const gaps: Array<{ topup_no: string; ledger: number; refunds: number }> = []
  for (const r of refunds) {
    const ledger = byTopup.get(r.topup_no) ?? 0
    byTopup.delete(r.topup_no)
    if (ledger !== Number(r.total)) gaps.push({ topup_no: r.topup_no, ledger, refunds: Number(r.total) })
  }
  for (const [topup_no, ledger] of byTopup) if (ledger !== 0) gaps.push({ topup_no, ledger, refunds: 0 })
  return gaps.slice(0, 20)
}

/**
 * The provider side (docs/payments.md): money the providers captured for top-ups is exactly the paid
 * top-ups of the provider channels — every such top-up PAID has one PAID attempt of its amount, and
 * no PAID attempt belongs to a top-up that is not PAID. (Orders paid through a channel are top-ups of
 * the order, so they are counted here too.)
 */
async function capturedGaps(db: Db) {
  const [topups, attempts] = await Promise.all([
    db
      .selectFrom('topups')
      .select(['topup_no', 'amount'])
      .where('channel', 'in', ['alipay', 'wechat'])
      .where('status', '=', 'PAID')
      .execute(),
    db
      .selectFrom('pay_attempts')
      .select(['biz_no', sql<number>`sum(amount)`.as('total'), sql<number>`count(*)`.as('n')])
      .where('biz_type', '=', 'TOPUP')
      .where('status', '=', 'PAID')
      .groupBy('biz_no')
      .execute(),
  ])
  const paid = new Map(attempts.map((a) => [a.biz_no, { total: Number(a.total), n: Number(a.n) }]))
  const gaps: Array<{ topup_no: string; topup: number; captured: number; attempts: number }> = []
  for (const t of topups) {
    const a = paid.get(t.topup_no) ?? { total: 0, n: 0 }
    paid.delete(t.topup_no)
    if (a.n !== 1 || a.total !== Number(t.amount))
      gaps.push({ topup_no: t.topup_no, topup: Number(t.amount), captured: a.total, attempts: a.n })
  }
  for (const [topup_no, a] of paid) gaps.push({ topup_no, topup: 0, captured: a.total, attempts: a.n })
  return gaps.slice(0, 20)
}

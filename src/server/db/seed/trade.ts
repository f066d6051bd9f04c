/**
 * Demo trading data through real ledger rows (never a bare balance): buyer and seller top-ups paid
 * through 支付宝 (with the pay centre's attempt rows), payment password 802731 for both, and a few settled orders between them on the
 * seed's SOLD listings (price records and order lists are not empty), plus the sales of the
 * catalogue's comparable accounts (`deals`, seed/goods.ts) at their own times, so valuation and
 * 同类成交价 have deals to show.
 */
import { TRADE_RULES } from '../../../shared/api'
import { hashPassword } from '../../modules/auth/password'
import { fundsRepo, type Movement } from '../../modules/funds/repo'
import { businessNo, FUNDS_LIMITS } from '../../modules/funds/numbers'
import type { Db } from '../index'
import type { ComparableDeal } from './goods'

const DAY = 24 * 60 * 60 * 1000
export const DEMO_PAY_PASSWORD = '802731'

export async function seedTrade(db: Db, now: number, deals: ComparableDeal[] = []) {
  const users = await db.selectFrom('users').select(['id', 'user_name']).execute()
  const buyer = users.find((u) => u.user_name === 'buyer')
  const seller = users.find((u) => u.user_name === 'seller')
  if (!buyer || !seller) return
  const hash = await hashPassword(DEMO_PAY_PASSWORD)
  const dealIds = deals.map((d) => d.goodsId)
  let soldQuery = db
    .selectFrom('goods')
    .select(['id', 'game_id', 'goods_type', 'title', 'price'])
    .where('seller_id', '=', seller.id)
    .where('status', '=', 'SOLD')
  if (dealIds.length > 0) soldQuery = soldQuery.where('id', 'not in', dealIds)
  const sold = await soldQuery.orderBy('id').limit(6).execute()
  const dealRows =
    dealIds.length === 0
      ? []
      : await db
          .selectFrom('goods')
          .select(['id', 'game_id', 'goods_type', 'title', 'price'])
          .where('id', 'in', dealIds)
          .orderBy('id')
          .execute()
  const paidAtOf = new Map(deals.map((d) => [d.goodsId, d.paidAt]))
  // the listings sold, each with when the buyer paid
  const sales = [
    ...sold.map((g, i) => ({ g, paidAt: now - (22 - i * 2) * DAY })),
    ...dealRows.map((g) => ({ g, paidAt: paidAtOf.get(g.id)! })),
  ]
  // each order carries its game's protection period, as a real order does
  const periods = new Map(
    (await db.selectFrom('game_configs').select(['game_id', 'protection_days']).execute()).map((c) => [
      c.game_id,
      c.protection_days,
    ]),
  )
  await db.transaction().execute(async (trx) => {
    const repo = fundsRepo(trx)
    // the balance changes are collected, then written in time order: the ledger's balances after
    // each row are a running sum, so a row written out of order is an impossible history
    // (src/server/db/seed/ledger.test.ts replays it)
    const moves: Array<{ userId: number; m: Movement }> = []
    // a top-up paid through 支付宝 as the pay centre records one (docs/payments.md): the top-up, its
    // PAID attempt of the same amount (the invariant's provider side) and the ledger row
    const topup = async (userId: number, amount: number, at: number) => {
      const topupNo = businessNo('T', at)
      await repo.insertTopup({
        topup_no: topupNo,
        user_id: userId,
        amount,
        channel: 'alipay',
        status: 'PAID',
        created_at: at,
        paid_at: at + 60_000,
      })
      await trx
        .insertInto('pay_attempts')
        .values({
          attempt_no: businessNo('P', at),
          channel: 'ALIPAY',
          biz_type: 'TOPUP',
          biz_no: topupNo,
          user_id: userId,
          amount,
          scene: 'PC',
          status: 'PAID',
          provider_trade_no: businessNo('', at + 60_000),
          paid_at: at + 60_000,
          expires_at: at + 30 * 60_000,
          created_at: at,
          updated_at: at + 60_000,
        })
        .execute()
      moves.push({
        userId,
        m: { type: 'TOPUP', available: amount, topupNo, remark: '充值（支付宝）', at: at + 60_000 },
      })
    }
    const total = sales.reduce((s, { g }) => s + Number(g.price), 0)
    // what the buyer spends, in top-ups no larger than one top-up may be, minutes apart
    for (let left = 500_000 + total, i = 0; left > 0; left -= FUNDS_LIMITS.topupMax, i++)
      await topup(buyer.id, Math.min(left, FUNDS_LIMITS.topupMax), now - 25 * DAY + i * 5 * 60_000)
    await topup(buyer.id, 200_000, now - 3 * DAY)
    await topup(seller.id, 10_000, now - 28 * DAY)
    for (const { g, paidAt } of sales) {
      const completedAt = paidAt + DAY
      const protectionDays = periods.get(g.game_id) ?? TRADE_RULES.defaultProtectionDays
      const settledAt = completedAt + protectionDays * DAY
      const settled = settledAt <= now
      const orderNo = businessNo('', paidAt)
      const amount = Number(g.price)
      await trx
        .insertInto('orders')
        .values({
          order_no: orderNo,
          goods_id: g.id,
          buyer_id: buyer.id,
          seller_id: seller.id,
          game_id: g.game_id,
          goods_type: g.goods_type,
          title: g.title,
          unit_price: amount,
          quantity: 1,
          amount,
          escrow_amount: settled ? 0 : amount,
          status: settled ? 'SETTLED' : 'COMPLETED',
          disputed_from: null,
          dispute_reason: null,
          role_json: null,
          bid_id: null,
          protection_days: protectionDays,
          credentials_enc: null,
          created_at: paidAt - 5 * 60_000,
          paid_at: paidAt,
          delivery_started_at: paidAt + 30 * 60_000,
          delivered_at: paidAt + 60 * 60_000,
          completed_at: completedAt,
          settled_at: settled ? settledAt : null,
          cancelled_at: null,
          refunded_at: null,
          updated_at: settled ? settledAt : completedAt,
        })
        .execute()
      moves.push({
        userId: buyer.id,
        m: { type: 'ORDER_PAY', available: -amount, orderNo, remark: `支付订单：${g.title}`, at: paidAt },
      })
      if (settled)
        moves.push({
          userId: seller.id,
          m: { type: 'SETTLEMENT', available: amount, orderNo, remark: '订单货款结算', at: settledAt },
        })
    }
    // stable: movements at the same instant keep the order they were made in
    for (const { userId, m } of moves.sort((a, b) => a.m.at - b.m.at))
      if (!(await repo.move(userId, m)))
        throw new Error(`seed: ${m.type} of user ${userId} would go below zero`)
    await repo.setPayPassword(buyer.id, hash, now - 25 * DAY)
    await repo.setPayPassword(seller.id, hash, now - 28 * DAY)
  })
}

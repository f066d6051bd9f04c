/** Trading's time rules on the injected clock: the 48-hour buyer cancel, the 72-hour auto-confirm, settlement. */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  confirmOrder,
  addRole,
  deliverOrder,
  dreamCoin,
  funded,
  get,
  goodsRow,
  invariantOk,
  ledgerOf,
  orderRow,
  paidOrder,
  post,
  relogin,
  startClockedApp,
  statusOf,
  wallet,
} from './test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
const DAY = 24 * HOUR
let t: TestApp

beforeAll(async () => {
  t = await startClockedApp(now)
})
afterAll(() => t?.close())

describe('a paid order the seller has not started', () => {
  it('may be cancelled by the buyer only after 48 hours, with a full refund and the stock back', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'c48s')
    const buyer = await funded(t.app, 'c48b', 100_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 60_000 }))
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    expect(await goodsRow(t.app, goodsId)).toEqual({ stock: 0, status: 'SOLD' })
    const paidAt = clock

    const detail = await get(t.app, `/api/trade/order/detail/${orderNo}`, buyer.token)
    expect(detail.data).toMatchObject({
      status: 'PAID',
      deadlineAt: paidAt + 48 * HOUR,
      actions: ['dispute'],
    })
    const cancel = (token: string) => post(t.app, '/api/trade/order/cancel', token, { orderNo })
    expect(await cancel(buyer.token)).toMatchObject({
      code: 400,
      msg: '卖家 48 小时内未开始交付时才可取消，请先与卖家沟通',
    })
    clock += 48 * HOUR - 1
    expect((await cancel(buyer.token)).code).toBe(400)
    expect(await statusOf(t.app, orderNo)).toBe('PAID')
    clock += 1
    // the seller cannot cancel a paid order; a stranger does not see it
    expect((await cancel(seller.token)).code).toBe(400)
    const stranger = await newUser(t.app, 'c48x')
    expect((await cancel(stranger.token)).code).toBe(404)
    expect((await get(t.app, `/api/trade/order/detail/${orderNo}`, buyer.token)).data.actions).toEqual([
      'cancel',
      'dispute',
    ])

    const done = await cancel(buyer.token)
    expect(done).toMatchObject({ code: 200, data: { status: 'REFUNDED', cancelledAt: clock } })
    expect(await wallet(t.app, buyer.token)).toMatchObject({ available: 100_000, inEscrowAsBuyer: 0 })
    expect(await wallet(t.app, seller.token)).toMatchObject({ available: 0, pendingSettlement: 0 })
    expect((await ledgerOf(t.app, buyer.userId)).slice(-2)).toMatchObject([
      { type: 'ORDER_PAY', amount: -60_000, order_no: orderNo },
      { type: 'ORDER_REFUND', amount: 60_000, available_after: 100_000, order_no: orderNo },
    ])
    expect(await orderRow(t.app, orderNo)).toMatchObject({ escrow_amount: 0, refunded_at: clock })
    expect(await goodsRow(t.app, goodsId)).toEqual({ stock: 1, status: 'ON_SALE' })
    expect((await cancel(buyer.token)).code).toBe(400)
    // both sides are told
    const titles = async (userId: number) =>
      (await t.app.db.selectFrom('web_messages').select('title').where('user_id', '=', userId).execute()).map(
        (m) => m.title,
      )
    expect(await titles(buyer.userId)).toContain('订单已退款')
    expect(await titles(seller.userId)).toContain('订单已被买家取消')
    // back on sale: another buyer can buy it
    const next = await funded(t.app, 'c48n', 60_000)
    await paidOrder(t.app, next.token, goodsId)
    await invariantOk(t.app)
  })

  it('cannot be cancelled by the buyer once the seller has started delivery', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'c48d')
    const buyer = await funded(t.app, 'c48e', 50_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 50_000 }))
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    clock += 47 * HOUR
    expect((await post(t.app, '/api/trade/order/startDelivery', seller.token, { orderNo })).code).toBe(200)
    clock += 2 * HOUR
    const res = await post(t.app, '/api/trade/order/cancel', buyer.token, { orderNo })
    expect(res).toMatchObject({ code: 400, msg: '订单当前状态为「交付中」，不能进行此操作' })
    expect(await wallet(t.app, buyer.token)).toMatchObject({ available: 0, inEscrowAsBuyer: 50_000 })
  })
})

describe('a delivered order', () => {
  it('completes by itself 72 hours after delivery and settles after the protection period', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'acs')
    const buyer = await funded(t.app, 'acb', 80_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 80_000 }))
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    await deliverOrder(t.app, seller.token, orderNo)
    const deliveredAt = clock
    expect((await get(t.app, `/api/trade/order/detail/${orderNo}`, buyer.token)).data).toMatchObject({
      deadlineAt: deliveredAt + 72 * HOUR,
      deadlineAction: '超时未确认，将自动确认收货',
      actions: ['confirm', 'viewCredentials', 'dispute'],
    })

    clock = deliveredAt + 72 * HOUR - 1
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('TO_CONFIRM')
    clock = deliveredAt + 72 * HOUR + 5 * 60_000
    await t.app.trade.sweep()
    const completed = await orderRow(t.app, orderNo)
    expect(completed).toMatchObject({ status: 'COMPLETED', escrow_amount: 80_000 })
    // it completed at the deadline, not whenever the sweeper came by
    expect(Number(completed.completed_at)).toBe(deliveredAt + 72 * HOUR)
    const titles = async (userId: number) =>
      (await t.app.db.selectFrom('web_messages').select('title').where('user_id', '=', userId).execute()).map(
        (m) => m.title,
      )
    expect(await titles(buyer.userId)).toContain('订单已自动确认收货')
    await relogin(t.app, buyer)
    await relogin(t.app, seller)
    // the buyer can no longer confirm; the money is still in escrow
    expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(400)
    expect(await wallet(t.app, seller.token)).toMatchObject({ available: 0, pendingSettlement: 80_000 })

    // 王者荣耀: 7 days of protection after completion
    clock = deliveredAt + 72 * HOUR + 7 * DAY - 1
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('COMPLETED')
    clock += 1
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('SETTLED')
    await relogin(t.app, seller)
    expect(await wallet(t.app, seller.token)).toMatchObject({ available: 80_000, pendingSettlement: 0 })
    await invariantOk(t.app)
  })

  it("settles only after the game's own protection period (梦幻西游: 14 days)", async () => {
    const seller = await newUser(t.app, 'pps')
    const buyer = await funded(t.app, 'ppb', 30_000)
    const { fx, body } = await dreamCoin(t.app, { price: 5_000, stock: 10 })
    const goodsId = await publish(t.app, seller.token, body)
    const roleId = await addRole(t.app, buyer.token, fx)
    const orderNo = await paidOrder(t.app, buyer.token, goodsId, { quantity: 3, roleId })
    expect(await orderRow(t.app, orderNo)).toMatchObject({ amount: 15_000, protection_days: 14 })
    await deliverOrder(t.app, seller.token, orderNo)
    expect((await confirmOrder(t.app, buyer.token, orderNo)).data).toMatchObject({
      status: 'COMPLETED',
      deadlineAt: clock + 14 * DAY,
      deadlineAction: '保护期结束后，货款将结算给卖家',
    })
    const completedAt = clock
    for (const days of [1, 7, 13]) {
      clock = completedAt + days * DAY
      await t.app.trade.sweep()
      expect(await statusOf(t.app, orderNo)).toBe('COMPLETED')
    }
    clock = completedAt + 14 * DAY
    await t.app.trade.sweep()
    expect(await orderRow(t.app, orderNo)).toMatchObject({
      status: 'SETTLED',
      escrow_amount: 0,
      settled_at: clock,
    })
    expect(await ledgerOf(t.app, seller.userId)).toMatchObject([
      { type: 'SETTLEMENT', amount: 15_000, available_after: 15_000, order_no: orderNo },
    ])
    await invariantOk(t.app)
  })

  it('settles on access too (the lazy check), once', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'lzs')
    const buyer = await funded(t.app, 'lzb', 20_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 20_000 }))
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    await deliverOrder(t.app, seller.token, orderNo)
    await confirmOrder(t.app, buyer.token, orderNo)
    clock += 7 * DAY
    await relogin(t.app, seller)
    const seen = await Promise.all(
      Array.from({ length: 5 }, () => get(t.app, `/api/trade/order/detail/${orderNo}`, seller.token)),
    )
    expect(seen.every((s) => s.data.status === 'SETTLED')).toBe(true)
    expect((await ledgerOf(t.app, seller.userId)).filter((l) => l.type === 'SETTLEMENT')).toHaveLength(1)
    await invariantOk(t.app)
  })
})

describe('the sweeper', () => {
  it('logs and skips an order it cannot process, and goes on with the others', async () => {
    const { fx, body } = await dreamCoin(t.app, { stock: 10 })
    const seller = await newUser(t.app, 'swps')
    const buyer = await funded(t.app, 'swpb', 100_000)
    const goodsId = await publish(t.app, seller.token, body)
    const roleId = await addRole(t.app, buyer.token, fx)
    const order = async () => {
      const res = await post(t.app, '/api/trade/order/create', buyer.token, { goodsId, quantity: 1, roleId })
      expect(res.code).toBe(200)
      return res.data.orderNo as string
    }
    const broken = await order()
    const fine = await order()
    // a fault in one row: the database refuses every change of it
    await sql
      .raw(
        `create trigger test_broken_order before update on orders when old.order_no = '${broken}' ` +
          `begin select raise(abort, 'broken row'); end`,
      )
      .execute(t.app.db)
    clock += 16 * 60_000
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      const result = await t.app.trade.sweep()
      expect(result.failed).toEqual([broken])
    } finally {
      console.error = original
      await sql.raw('drop trigger test_broken_order').execute(t.app.db)
    }
    expect(JSON.stringify(errors)).toContain(broken)
    expect(await statusOf(t.app, fine)).toBe('CANCELLED')
    expect(await statusOf(t.app, broken)).toBe('UNPAID')
    // once the row is mended the next sweep takes it
    await t.app.trade.sweep()
    expect(await statusOf(t.app, broken)).toBe('CANCELLED')
    expect((await goodsRow(t.app, goodsId)).stock).toBe(10)
  })
})

/**
 * The demo shows valuation and 同类成交价 (issue 33): the seed sells accounts like a few on-sale
 * ones, through real orders, so a new visitor sees an estimate and a price history on them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

describe('the seeded comparable deals', () => {
  it('give on-sale accounts of the first games an estimate and a price history', async () => {
    const onSale = await t.app.db
      .selectFrom('goods')
      .select(['id', 'game_id'])
      .where('goods_type', '=', 'ACCOUNT')
      .where('status', '=', 'ON_SALE')
      .where('server_id', 'is not', null)
      .orderBy('id')
      .execute()
    const valued: number[] = []
    for (const g of onSale) {
      const v = await call(t.app, 'GET', `/api/discover/valuation/${g.id}`)
      expect(v.code).toBe(200)
      if (v.data.estimate) valued.push(g.id)
    }
    expect(valued.length).toBeGreaterThanOrEqual(4)
    for (const goodsId of valued) {
      const prices = await call(t.app, 'GET', `/api/discover/prices/${goodsId}`)
      expect(prices.data.deals).toBeGreaterThanOrEqual(5)
    }
  })

  it('are finished orders of SOLD listings, paid after the buyer topped up, with their ledger rows', async () => {
    const orders = await t.app.db
      .selectFrom('orders')
      .innerJoin('goods', 'goods.id', 'orders.goods_id')
      .select(['orders.order_no', 'orders.paid_at', 'orders.completed_at', 'goods.status as goodsStatus'])
      .where('orders.goods_type', '=', 'ACCOUNT')
      .where('orders.status', 'in', ['COMPLETED', 'SETTLED'])
      .execute()
    expect(orders.length).toBeGreaterThanOrEqual(20)
    for (const o of orders) {
      expect(o.goodsStatus).toBe('SOLD')
      expect(Number(o.paid_at)).toBeLessThan(Number(o.completed_at))
      expect(Number(o.completed_at)).toBeLessThanOrEqual(Date.now())
    }
    const pays = await t.app.db
      .selectFrom('ledger')
      .select(['order_no'])
      .where('type', '=', 'ORDER_PAY')
      .execute()
    const paid = new Set(pays.map((p) => p.order_no))
    for (const o of orders) expect(paid.has(o.order_no)).toBe(true)
  })
})

/**
 * Numbers arrive as safe integers or not at all (docs/api-conventions.md, "Numbers"): text such as
 * "Infinity", "-Infinity", "1e400", "NaN", " 7" or "0x10" is refused with 400 naming the field, in
 * JSON bodies and query strings alike, and never reaches a service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type TestApp } from '../test-utils'
import { gameNamed, kingAccount, newUser, publish, type NewUser } from '../modules/goods/test-helpers'
import { funded, goodsRow, payOrder, startClockedApp } from '../modules/trade/test-helpers'
import { coerceText, withSafeIntegers } from './validation'

let t: TestApp
let seller: NewUser
let goodsId: number

beforeAll(async () => {
  t = await startClockedApp(Date.now)
  const king = await gameNamed(t.app, '王者荣耀')
  seller = await newUser(t.app, 'numsel')
  goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
})
afterAll(() => t?.close())

const BAD_TEXT = ['Infinity', '-Infinity', '1e400', 'NaN', ' 7', '0x10', '1e3', '2.5', '', '9007199254740993']

describe('strict coercion of query and path text', () => {
  it('turns only plain decimal digits into integers', () => {
    const int = { type: 'integer' }
    expect(coerceText('42', int)).toBe(42)
    expect(coerceText('-3', int)).toBe(-3)
    for (const text of BAD_TEXT) expect(coerceText(text, int)).toBe(text)
    expect(coerceText('true', { type: 'boolean' })).toBe(true)
    expect(coerceText('yes', { type: 'boolean' })).toBe('yes')
    expect(coerceText('5', { type: 'array', items: int })).toEqual([5])
  })

  it('marks every integer node, however deep, as a safe integer', () => {
    const schema = withSafeIntegers({
      type: 'object',
      properties: { ids: { type: 'array', items: { type: 'integer' } }, n: { type: ['integer', 'null'] } },
    })
    expect(schema.properties.ids.items).toMatchObject({ safeInteger: true })
    expect(schema.properties.n).toMatchObject({ safeInteger: true })
  })
})

describe('JSON bodies', () => {
  it.each([...BAD_TEXT, Infinity, -Infinity, 2 ** 53 + 2, 2.5])(
    'refuses quantity %s with 400 naming the field, and the stock stays 1',
    async (quantity) => {
      const buyer = await funded(t.app, 'numbuy', 100_000)
      // ±Infinity arrives in JSON as 1e400 (JSON.stringify would write null): send the raw text
      const payload =
        typeof quantity === 'number' && !Number.isFinite(quantity)
          ? `{"goodsId":${goodsId},"quantity":${quantity > 0 ? '1e400' : '-1e400'}}`
          : JSON.stringify({ goodsId, quantity })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trade/order/create',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        payload,
      })
      expect(res.json()).toMatchObject({ code: 400, msg: expect.stringContaining('购买数量') })
      expect(await goodsRow(t.app, goodsId)).toMatchObject({ stock: 1, status: 'ON_SALE' })
    },
  )

  it('refuses a bid price of "Infinity" and an id beyond 2^53', async () => {
    const buyer = await funded(t.app, 'numbid', 100_000)
    const bid = await call(t.app, 'POST', '/api/trade/bid/create', {
      token: buyer.token,
      body: { goodsId, price: 'Infinity' },
    })
    expect(bid).toMatchObject({ code: 400, msg: '出价必须是整数' })
    const huge = await call(t.app, 'POST', '/api/trade/bid/create', {
      token: buyer.token,
      body: { goodsId: 2 ** 53 + 2, price: 5000 },
    })
    expect(huge).toMatchObject({ code: 400, msg: expect.stringContaining('商品编号') })
  })

  it('a stock-1 account is paid for once, however the quantity was written', async () => {
    const a = await funded(t.app, 'numa', 100_000)
    const b = await funded(t.app, 'numb', 100_000)
    const tricked = await call(t.app, 'POST', '/api/trade/order/create', {
      token: a.token,
      body: { goodsId, quantity: '-Infinity' },
    })
    expect(tricked.code).toBe(400)
    const first = await call(t.app, 'POST', '/api/trade/order/create', {
      token: a.token,
      body: { goodsId, quantity: 1 },
    })
    expect(first.code).toBe(200)
    const second = await call(t.app, 'POST', '/api/trade/order/create', {
      token: b.token,
      body: { goodsId, quantity: 1 },
    })
    expect(second.code).toBe(400)
    expect((await payOrder(t.app, a.token, first.data.orderNo)).code).toBe(200)
    // cancel for the other tests of this file
    await t.app.db
      .updateTable('goods')
      .set({ stock: 1, status: 'ON_SALE' })
      .where('id', '=', goodsId)
      .execute()
  })
})

describe('query strings and paths', () => {
  it.each(BAD_TEXT.filter((x) => x !== ''))('refuses pageNum=%s on the public search', async (text) => {
    const res = await call(t.app, 'GET', `/api/goods/search?pageNum=${encodeURIComponent(text)}`)
    expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/^页码/) })
  })

  it.each(['Infinity', '1e400', 'NaN', '-1', '2.5'])('refuses gameId=%s as a filter', async (text) => {
    const res = await call(t.app, 'GET', `/api/goods/search?gameId=${encodeURIComponent(text)}`)
    expect(res.code).toBe(400)
    expect(res.msg).toMatch(/游戏/)
  })

  it('refuses an id path parameter that is not a plain integer', async () => {
    for (const text of ['Infinity', '1e3', '0x10'])
      expect((await call(t.app, 'GET', `/api/goods/detail/${text}`)).code).toBe(400)
    expect((await call(t.app, 'GET', `/api/goods/detail/${goodsId}`)).code).toBe(200)
  })

  it('still reads plain numbers and booleans', async () => {
    const res = await call(t.app, 'GET', '/api/goods/search?pageNum=1&pageSize=10&priceMin=0')
    expect(res.code).toBe(200)
  })
})

/**
 * 包赔 in lists and 额外包赔 at checkout (docs/recovery-protection.md, "In lists" and "额外包赔"): the
 * listing's badge days and the search's 包赔 filter; the seller's extra offer, the buyer adding it to
 * the unpaid order (its fee joins the amount: paid, held in escrow, refunded with the order), refused
 * where not offered, for another user and after payment; the money invariant after each flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type Json, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  newUser,
  publish,
  uploadScreenshot,
  type NewUser,
} from '../goods/test-helpers'
import {
  confirmOrder,
  createOrder,
  deliverOrder,
  funded,
  invariantOk,
  ledgerOf,
  payOrder,
  startClockedApp,
  statusOf,
  wallet,
} from '../trade/test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
let t: TestApp
let seller: NewUser
let buyer: NewUser

const post = (url: string, token: string | undefined, body: unknown): Promise<Json> =>
  call(t.app, 'POST', url, { token, body })
const get = (url: string, token?: string): Promise<Json> => call(t.app, 'GET', url, { token })
const extra = (orderNo: string, add: boolean, token = buyer.token) =>
  post('/api/protection/extra', token, { orderNo, add })

beforeAll(async () => {
  t = await startClockedApp(now)
  seller = await newUser(t.app, 'pxs')
  buyer = await funded(t.app, 'pxb', 1_000_000)
}, 60_000)
afterAll(() => t?.close())

describe('包赔 in lists', () => {
  it('shows the days on the list row and filters protected listings on the server', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const plain = await publish(t.app, seller.token, kingAccount(king, { price: 30_000 }))
    const covered = await publish(
      t.app,
      seller.token,
      kingAccount(king, { price: 31_000, protectionDays: 90 }),
    )
    const search = async (query: string) =>
      (await get(`/api/goods/search?sellerId=${seller.userId}${query}`)) as Json & { rows: Json[] }

    const all = await search('')
    expect(all.rows.map((r: Json) => [r.goodsId, r.protectionDays])).toEqual(
      expect.arrayContaining([
        [plain, 0],
        [covered, 90],
      ]),
    )
    const protectedOnly = await search('&protection=true')
    expect(protectedOnly.rows.map((r: Json) => r.goodsId)).toEqual([covered])
    expect(protectedOnly.total).toBe(1)
    // the same filter through a game's list (another path of the search) and a price range
    const inGame = await get(`/api/goods/search?gameId=${king.game.gameId}&protection=true&pageSize=50`)
    expect(inGame.rows.length).toBeGreaterThan(0)
    expect(inGame.rows.every((r: Json) => r.protectionDays > 0)).toBe(true)
    const priced = await get(
      `/api/goods/search?gameId=${king.game.gameId}&priceMin=30000&priceMax=31000&protection=true`,
    )
    expect(priced.rows.map((r: Json) => r.goodsId)).toContain(covered)
    expect(priced.rows.map((r: Json) => r.goodsId)).not.toContain(plain)

    // taking the terms off takes the listing out of the filter
    const { data: mine } = await get(`/api/goods/seller/detail/${covered}`, seller.token)
    const edit = {
      ...kingAccount(king, { price: 31_000 }),
      imageIds: mine.images.map((i: Json) => i.imageId),
      protectionDays: 0,
    }
    expect((await post('/api/goods/seller/update', seller.token, { goodsId: covered, ...edit })).code).toBe(
      200,
    )
    expect((await search('&protection=true')).rows).toEqual([])
  })

  it('refuses a filter value that is not yes or no, naming the field', async () => {
    const res = await get('/api/goods/search?protection=maybe')
    expect(res.code).toBe(400)
    expect(res.msg).toContain('只看包赔')
  })
})

describe('额外包赔 offer', () => {
  it('is kept with the terms and shown on them; fee and days go together, and need 包赔', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const goodsId = await publish(
      t.app,
      seller.token,
      kingAccount(king, {
        price: 20_000,
        protectionDays: 30,
        protectionExtraFee: 1_500,
        protectionExtraDays: 60,
      }),
    )
    expect((await get(`/api/protection/goods/${goodsId}`)).data).toMatchObject({
      days: 30,
      extra: { fee: 1_500, days: 60 },
    })
    const body = async (over: Json) => ({
      ...kingAccount(king, over),
      imageIds: [await uploadScreenshot(t.app, seller.token)],
    })
    expect(
      await post(
        '/api/goods/seller/publish',
        seller.token,
        await body({ protectionDays: 30, protectionExtraFee: 1_500, protectionExtraDays: 0 }),
      ),
    ).toMatchObject({ code: 400, msg: '额外包赔费用和延长天数需同时填写（不提供时都填 0）' })
    expect(
      await post(
        '/api/goods/seller/publish',
        seller.token,
        await body({ protectionDays: 0, protectionExtraFee: 1_500, protectionExtraDays: 30 }),
      ),
    ).toMatchObject({ code: 400, msg: '不提供包赔的商品不能设置额外包赔' })
  })
})

describe('额外包赔 at checkout', () => {
  async function offered(price: number, fee = 2_000, days = 60) {
    const king = await gameNamed(t.app, '王者荣耀')
    return publish(
      t.app,
      seller.token,
      kingAccount(king, { price, protectionDays: 30, protectionExtraFee: fee, protectionExtraDays: days }),
    )
  }

  it('adds the fee to the amount, is paid with the order and lengthens the period', async () => {
    const goodsId = await offered(40_000)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    const before = (await wallet(t.app, buyer.token)).available
    expect(await extra(orderNo, true)).toMatchObject({
      code: 200,
      data: { amount: 42_000, protectionFee: 2_000, unitPrice: 40_000 },
    })
    // taken off and added again: the amount follows
    expect((await extra(orderNo, false)).data).toMatchObject({ amount: 40_000, protectionFee: 0 })
    expect((await extra(orderNo, true)).data).toMatchObject({ amount: 42_000, protectionFee: 2_000 })
    expect(await payOrder(t.app, buyer.token, orderNo)).toMatchObject({ code: 200, data: { status: 'PAID' } })
    expect((await wallet(t.app, buyer.token)).available).toBe(before - 42_000)
    const pay = (await ledgerOf(t.app, buyer.userId)).filter((l) => l.order_no === orderNo)
    expect(pay.map((l) => [l.type, Number(l.amount)])).toEqual([['ORDER_PAY', -42_000]])
    // after payment it can no longer change
    expect(await extra(orderNo, false)).toMatchObject({
      code: 400,
      msg: '订单已不是待支付状态，不能再更改额外包赔',
    })
    await deliverOrder(t.app, seller.token, orderNo)
    expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    const { data: protection } = await get(`/api/protection/order/${orderNo}`, buyer.token)
    expect(protection).toMatchObject({ days: 90, extraDays: 60, extraFee: 2_000, deposit: 12_600 })
    expect(protection.endsAt - protection.startsAt).toBe(90 * 24 * HOUR)
    await invariantOk(t.app)
  })

  it('is refused where the listing does not offer it, for the seller and for a stranger', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const plain = await publish(t.app, seller.token, kingAccount(king, { price: 9_000, protectionDays: 30 }))
    const orderNo = await createOrder(t.app, buyer.token, plain)
    expect(await extra(orderNo, true)).toMatchObject({ code: 400, msg: '该商品未提供额外包赔' })
    const offeredId = await offered(9_500)
    const other = await createOrder(t.app, buyer.token, offeredId)
    expect((await extra(other, true, seller.token)).code).toBe(403)
    const stranger = await newUser(t.app, 'pxx')
    expect((await extra(other, true, stranger.token)).code).toBe(404)
    expect((await get(`/api/trade/order/detail/${other}`, buyer.token)).data).toMatchObject({
      amount: 9_500,
      protectionFee: 0,
    })
  })

  it('is refunded with the order when a late seller’s order is cancelled', async () => {
    const goodsId = await offered(50_000, 3_000, 30)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    const before = (await wallet(t.app, buyer.token)).available
    expect((await extra(orderNo, true)).code).toBe(200)
    expect((await payOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    expect(await wallet(t.app, buyer.token)).toMatchObject({ available: before - 53_000 })
    clock += 48 * HOUR
    expect((await post('/api/trade/order/cancel', buyer.token, { orderNo })).code).toBe(200)
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')
    expect((await wallet(t.app, buyer.token)).available).toBe(before)
    const rows = (await ledgerOf(t.app, buyer.userId)).filter((l) => l.order_no === orderNo)
    expect(rows.map((l) => [l.type, Number(l.amount)])).toEqual([
      ['ORDER_PAY', -53_000],
      ['ORDER_REFUND', 53_000],
    ])
    await invariantOk(t.app)
  })
})

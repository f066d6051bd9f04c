/** Bids (出价 / 还价): offers below the asking price, counters, acceptance into an order, expiry, guards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import {
  addRole,
  dreamCoin,
  funded,
  get,
  invariantOk,
  payOrder,
  post,
  startClockedApp,
  statusOf,
  wallet,
  type TestUser,
} from './test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
let t: TestApp
let king: GameFixture

beforeAll(async () => {
  t = await startClockedApp(now)
  king = await gameNamed(t.app, '王者荣耀')
})
afterAll(() => t?.close())

const bid = (token: string, goodsId: number, price: number, expiresInHours?: number) =>
  post(t.app, '/api/trade/bid/create', token, {
    goodsId,
    price,
    ...(expiresInHours === undefined ? {} : { expiresInHours }),
  })
const act = (what: 'accept' | 'reject' | 'cancel', token: string, bidId: number) =>
  post(t.app, `/api/trade/bid/${what}`, token, { bidId })
const counter = (token: string, bidId: number, price: number) =>
  post(t.app, '/api/trade/bid/counter', token, { bidId, price })
const bidsOf = (token: string, role: 'buyer' | 'seller', query = '') =>
  get(t.app, `/api/trade/bid/list?role=${role}${query}`, token)

async function listing(price = 100_000): Promise<{ seller: TestUser; goodsId: number }> {
  const seller = await newUser(t.app, 'bds')
  const goodsId = await publish(t.app, seller.token, kingAccount(king, { price }))
  return { seller, goodsId }
}

describe('the bid floor', () => {
  const terms = (token: string, goodsId: number) => get(t.app, `/api/trade/bid/terms/${goodsId}`, token)
  const setFloor = (token: string, goodsId: number, minPrice?: number) =>
    post(t.app, '/api/trade/bid/floor', token, { goodsId, ...(minPrice === undefined ? {} : { minPrice }) })
  const setPercent = (value: string) =>
    t.app.db
      .updateTable('sys_config')
      .set({ config_value: value })
      .where('config_key', '=', 'trade.bid.floorPercent')
      .execute()

  it('refuses a ¥1 bid on a ¥5,710 listing, naming the minimum: 30 % of the price by default (参数设置)', async () => {
    const { goodsId } = await listing(571_000)
    const buyer = await newUser(t.app, 'bfb')
    expect(await bid(buyer.token, goodsId, 100)).toMatchObject({
      code: 400,
      msg: '出价不能低于 ¥1,713.00（售价的 30%）',
    })
    expect((await terms(buyer.token, goodsId)).data).toEqual({
      goodsId,
      askPrice: 571_000,
      minPrice: 171_300,
      sellerSet: false,
      floorPercent: 30,
      openBid: null,
    })
    // staff change the percentage in 参数设置: read at once
    await setPercent('50')
    try {
      expect((await bid(buyer.token, goodsId, 171_300)).msg).toBe('出价不能低于 ¥2,855.00（售价的 50%）')
      expect((await bid(buyer.token, goodsId, 285_500)).code).toBe(200)
    } finally {
      await setPercent('30')
    }
    // the open bid is in the terms, so 出价 says so before the buyer types
    const open = (await terms(buyer.token, goodsId)).data.openBid
    expect(open).toMatchObject({ goodsId, price: 285_500, status: 'PENDING' })
  })

  it('the seller sets their own minimum (below the price) or clears it; only their own listing', async () => {
    const { seller, goodsId } = await listing(100_000)
    const buyer = await newUser(t.app, 'bfs')
    expect((await setFloor(buyer.token, goodsId, 90_000)).code).toBe(403)
    expect(await setFloor(seller.token, goodsId, 100_000)).toMatchObject({
      code: 400,
      msg: '最低出价须低于售价 ¥1,000.00',
    })
    expect(await setFloor(seller.token, goodsId, 0)).toMatchObject({ code: 400, msg: '最低出价不能小于 1' })
    expect((await setFloor(seller.token, goodsId, 90_000)).data).toMatchObject({
      minPrice: 90_000,
      sellerSet: true,
    })
    expect(await bid(buyer.token, goodsId, 89_999)).toMatchObject({
      code: 400,
      msg: '出价不能低于 ¥900.00（卖家设置的最低出价）',
    })
    expect((await bid(buyer.token, goodsId, 90_000)).code).toBe(200)
    expect((await setFloor(seller.token, goodsId)).data).toMatchObject({ minPrice: 30_000, sellerSet: false })
  })
})

describe('bids', () => {
  it('are made below the asking price, one open bid per buyer and listing', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'bdb')
    expect(await bid(buyer.token, goodsId, 100_000)).toMatchObject({
      code: 400,
      msg: '出价须低于商品售价，可直接购买',
    })
    expect((await bid(seller.token, goodsId, 50_000)).msg).toBe('不能对自己的商品出价')
    expect((await bid(buyer.token, 999_999, 50_000)).code).toBe(404)
    // a validity over the maximum is refused, naming the maximum (not cut to it)
    expect(await bid(buyer.token, goodsId, 50_000, 73)).toMatchObject({
      code: 400,
      msg: '有效期（小时）不能大于 72',
    })
    expect(await bid(buyer.token, goodsId, 50_000, 0)).toMatchObject({
      code: 400,
      msg: '有效期（小时）不能小于 1',
    })
    expect((await bid(buyer.token, goodsId, 0)).code).toBe(400)

    const made = await bid(buyer.token, goodsId, 80_000)
    expect(made).toMatchObject({
      code: 200,
      data: {
        goodsId,
        price: 80_000,
        askPrice: 100_000,
        status: 'PENDING',
        counterPrice: null,
        buyerId: buyer.userId,
        sellerId: seller.userId,
        expiresAt: clock + 24 * HOUR,
        orderNo: null,
      },
    })
    expect(await bid(buyer.token, goodsId, 85_000)).toMatchObject({
      code: 400,
      msg: '您对该商品已有进行中的出价，请先撤销或等待卖家处理',
    })
    // another buyer may bid on the same listing
    const other = await newUser(t.app, 'bdo')
    expect((await bid(other.token, goodsId, 70_000)).code).toBe(200)

    // both sides see it: the buyer in their bids, the seller in theirs (with the listing filter)
    expect((await bidsOf(buyer.token, 'buyer')).rows).toMatchObject([{ bidId: made.data.bidId }])
    const sellerView = await bidsOf(seller.token, 'seller', `&goodsId=${goodsId}`)
    expect(sellerView).toMatchObject({ total: 2 })
    expect((await bidsOf(seller.token, 'seller', '&status=PENDING')).total).toBe(2)
    expect((await bidsOf(buyer.token, 'seller')).total).toBe(0)
    const inbox = await t.app.db
      .selectFrom('web_messages')
      .select('title')
      .where('user_id', '=', seller.userId)
      .execute()
    expect(inbox.filter((m) => m.title === '您的商品收到新出价')).toHaveLength(2)

    // after the buyer cancels, a new bid is allowed
    expect((await act('cancel', buyer.token, made.data.bidId)).data.status).toBe('CANCELLED')
    expect((await act('cancel', buyer.token, made.data.bidId)).code).toBe(400)
    expect((await bid(buyer.token, goodsId, 85_000)).code).toBe(200)
  })

  it('seller counters (above the bid, not above the ask) and the buyer accepts: an UNPAID order at that price', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await funded(t.app, 'bdc', 200_000)
    const other = await funded(t.app, 'bdd', 200_000)
    const made = (await bid(buyer.token, goodsId, 60_000)).data
    expect((await counter(seller.token, made.bidId, 60_000)).msg).toBe('还价须高于买家出价')
    expect((await counter(seller.token, made.bidId, 100_001)).msg).toBe('还价不能高于商品售价')
    // the buyer cannot accept a bid the seller has not countered
    expect((await act('accept', buyer.token, made.bidId)).code).toBe(400)
    const countered = await counter(seller.token, made.bidId, 90_000)
    expect(countered).toMatchObject({ code: 200, data: { status: 'COUNTERED', counterPrice: 90_000 } })
    // the buyer's message states both prices and links to the listing, where the bid is answered
    const told = await t.app.db
      .selectFrom('web_messages')
      .select('content')
      .where('user_id', '=', buyer.userId)
      .where('title', '=', '卖家给出了还价')
      .executeTakeFirstOrThrow()
    expect(told.content).toContain('¥900.00')
    expect(told.content).toContain('您的出价 ¥600.00')
    expect(told.content).toContain(`/detail/${goodsId}.html`)
    // now it waits for the buyer: the seller cannot accept, reject or counter again
    expect((await act('accept', seller.token, made.bidId)).code).toBe(400)
    expect((await act('reject', seller.token, made.bidId)).code).toBe(400)
    expect((await counter(seller.token, made.bidId, 95_000)).code).toBe(400)

    const accepted = await act('accept', buyer.token, made.bidId)
    expect(accepted).toMatchObject({
      code: 200,
      data: {
        status: 'UNPAID',
        unitPrice: 90_000,
        amount: 90_000,
        bidId: made.bidId,
        buyerId: buyer.userId,
        myRole: 'buyer',
        actions: ['pay', 'cancel'],
      },
    })
    const orderNo = accepted.data.orderNo
    expect((await bidsOf(buyer.token, 'buyer')).rows[0]).toMatchObject({
      bidId: made.bidId,
      status: 'ACCEPTED',
      orderNo,
    })
    // the listing is reserved for the buyer
    const g = await t.app.db
      .selectFrom('goods')
      .select(['stock', 'status'])
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(g).toEqual({ stock: 0, status: 'SOLD' })
    const late = await post(t.app, '/api/trade/order/create', other.token, { goodsId, quantity: 1 })
    expect(late.msg).toMatch(/售出/)
    expect((await act('accept', buyer.token, made.bidId)).code).toBe(400)

    expect(await payOrder(t.app, buyer.token, orderNo)).toMatchObject({ code: 200, data: { status: 'PAID' } })
    expect(await wallet(t.app, buyer.token)).toMatchObject({ available: 110_000, inEscrowAsBuyer: 90_000 })
    await invariantOk(t.app)
  })

  it('seller accepts a pending bid (order at the bid price) or rejects it', async () => {
    const { seller, goodsId } = await listing(50_000)
    const buyer = await funded(t.app, 'bda', 100_000)
    const rival = await newUser(t.app, 'bdr')
    const mine = (await bid(buyer.token, goodsId, 40_000)).data
    const theirs = (await bid(rival.token, goodsId, 30_000)).data

    expect(await act('reject', seller.token, theirs.bidId)).toMatchObject({
      code: 200,
      data: { status: 'REJECTED' },
    })
    expect((await act('reject', seller.token, theirs.bidId)).code).toBe(400)
    // the buyer cannot accept their own pending bid
    expect((await act('accept', buyer.token, mine.bidId)).code).toBe(400)
    const accepted = await act('accept', seller.token, mine.bidId)
    expect(accepted).toMatchObject({
      code: 200,
      data: { status: 'UNPAID', amount: 40_000, myRole: 'seller', actions: ['cancel'] },
    })
    const titles = (
      await t.app.db.selectFrom('web_messages').select('title').where('user_id', '=', buyer.userId).execute()
    ).map((m) => m.title)
    expect(titles).toEqual(expect.arrayContaining(['卖家接受了您的出价', '订单已创建']))
    expect(await payOrder(t.app, buyer.token, accepted.data.orderNo)).toMatchObject({ code: 200 })
    expect((await wallet(t.app, buyer.token)).available).toBe(60_000)
    // the listing is sold: new bids are refused
    expect((await bid(rival.token, goodsId, 30_000)).msg).toBe('商品不在售，不能出价')
    await invariantOk(t.app)
  })

  it('an accepted bid left unpaid releases the listing after 15 minutes', async () => {
    const { seller, goodsId } = await listing(50_000)
    const buyer = await newUser(t.app, 'bdu')
    const made = (await bid(buyer.token, goodsId, 45_000)).data
    const orderNo = (await act('accept', seller.token, made.bidId)).data.orderNo
    clock += 15 * 60_000
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('CANCELLED')
    const g = await t.app.db
      .selectFrom('goods')
      .select(['stock', 'status'])
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(g).toEqual({ stock: 1, status: 'ON_SALE' })
  })

  it('expire by themselves on the clock', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'bde')
    const a = (await bid(buyer.token, goodsId, 50_000, 2)).data
    expect(a.expiresAt).toBe(clock + 2 * HOUR)
    clock += 2 * HOUR - 1
    expect((await bidsOf(buyer.token, 'buyer')).rows[0].status).toBe('PENDING')
    clock += 1
    // an expired bid cannot be accepted, countered or rejected, whichever comes first
    expect(await act('reject', seller.token, a.bidId)).toMatchObject({ code: 400 })
    expect(await counter(seller.token, a.bidId, 60_000)).toMatchObject({ code: 400, msg: '出价已过期' })
    expect(await act('accept', seller.token, a.bidId)).toMatchObject({ code: 400, msg: '出价已过期' })
    expect((await bidsOf(buyer.token, 'buyer')).rows[0]).toMatchObject({ bidId: a.bidId, status: 'EXPIRED' })

    // a countered bid expires too; the buyer can then bid again
    const b = (await bid(buyer.token, goodsId, 50_000, 1)).data
    expect((await counter(seller.token, b.bidId, 70_000)).data.status).toBe('COUNTERED')
    clock += HOUR
    expect(await t.app.trade.sweep()).toMatchObject({ bids: 1 })
    expect(await act('accept', buyer.token, b.bidId)).toMatchObject({ code: 400, msg: '出价已过期' })
    expect((await act('cancel', buyer.token, b.bidId)).code).toBe(400)
    expect((await bid(buyer.token, goodsId, 55_000)).code).toBe(200)
    const g = await t.app.db
      .selectFrom('goods')
      .select('status')
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(g.status).toBe('ON_SALE')
  })

  it('cannot be acted on by anyone else (403 for the other side, 404 for strangers)', async () => {
    const { seller, goodsId } = await listing()
    const buyer = await newUser(t.app, 'bdg')
    const stranger = await newUser(t.app, 'bdx')
    const made = (await bid(buyer.token, goodsId, 50_000)).data
    for (const what of ['accept', 'reject', 'cancel'] as const)
      expect((await act(what, stranger.token, made.bidId)).code).toBe(404)
    expect((await counter(stranger.token, made.bidId, 60_000)).code).toBe(404)
    // the buyer cannot play the seller, the seller cannot withdraw the buyer's bid
    expect((await counter(buyer.token, made.bidId, 60_000)).code).toBe(403)
    expect((await act('reject', buyer.token, made.bidId)).code).toBe(403)
    expect((await act('cancel', seller.token, made.bidId)).code).toBe(403)
    expect((await bidsOf(stranger.token, 'buyer')).total).toBe(0)
    expect((await bidsOf(stranger.token, 'seller')).total).toBe(0)
    expect((await call(t.app, 'GET', '/api/trade/bid/list?role=buyer')).code).toBe(401)
    expect((await act('accept', stranger.token, 987_654)).code).toBe(404)
    // nothing changed
    expect((await bidsOf(buyer.token, 'buyer')).rows[0]).toMatchObject({
      bidId: made.bidId,
      status: 'PENDING',
    })
  })

  it('on a coin listing, acceptance needs a receiving role of the game and uses the default one', async () => {
    const seller = await newUser(t.app, 'bcs')
    const buyer = await newUser(t.app, 'bcb')
    const { fx, body } = await dreamCoin(t.app, { price: 5_000, stock: 20 })
    const goodsId = await publish(t.app, seller.token, body)
    const made = (await bid(buyer.token, goodsId, 4_000)).data
    expect(await act('accept', seller.token, made.bidId)).toMatchObject({ code: 400, msg: '请选择收货角色' })
    expect((await bidsOf(buyer.token, 'buyer')).rows[0].status).toBe('PENDING')
    await addRole(t.app, buyer.token, fx, { roleName: '甲' })
    const preferred = await addRole(t.app, buyer.token, fx, { roleName: '乙', isDefault: true })
    const accepted = await act('accept', seller.token, made.bidId)
    expect(accepted).toMatchObject({
      code: 200,
      data: { quantity: 1, amount: 4_000, role: { roleId: preferred, roleName: '乙' } },
    })
    const g = await t.app.db
      .selectFrom('goods')
      .select(['stock', 'status'])
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect(g).toEqual({ stock: 19, status: 'ON_SALE' })
  })
})

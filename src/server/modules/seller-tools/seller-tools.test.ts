/** Bulk actions on 我出售的商品 and the workbench summary (docs/seller-tools.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  newUser,
  publish,
  type GameFixture,
  type NewUser,
} from '../goods/test-helpers'
import { funded, paidOrder, post, startClockedApp } from '../trade/test-helpers'
import { bulkNewPrice } from '../../../shared/rules/bulk-price'

let clock = Date.now()
let t: TestApp
let king: GameFixture
let seller: NewUser
let other: NewUser

beforeAll(async () => {
  // search answers are cached: a change must clear them (the search below would show the old price)
  t = await startClockedApp(() => clock)
  king = await gameNamed(t.app, '王者荣耀')
  seller = await newUser(t.app, 'blk')
  other = await newUser(t.app, 'blo')
})
afterAll(() => t?.close())

const bulk = (what: string, body: unknown, token = seller.token) =>
  post(t.app, `/api/goods/seller/bulk/${what}`, token, body)
const mine = async (goodsId: number) =>
  (await call(t.app, 'GET', `/api/goods/seller/detail/${goodsId}`, { token: seller.token })).data
const searchTitle = async (keyword: string) =>
  (
    await call(
      t.app,
      'GET',
      `/api/goods/search?gameId=${king.game.gameId}&keyword=${encodeURIComponent(keyword)}&pageSize=10`,
    )
  ).rows as Array<{ goodsId: number; price: number }>

describe('bulk price change', () => {
  it('rounds a percentage to the fen, half up', () => {
    expect(bulkNewPrice(1999, { mode: 'PERCENT', value: -10 })).toBe(1799) // 1799.1
    expect(bulkNewPrice(1995, { mode: 'PERCENT', value: -10 })).toBe(1796) // 1795.5 → up
    expect(bulkNewPrice(5, { mode: 'PERCENT', value: -99 })).toBe(0)
    expect(bulkNewPrice(1000, { mode: 'AMOUNT', value: -250 })).toBe(750)
  })

  it('changes each listing of the owner, refuses others per id, and the search shows the new prices', async () => {
    const a = await publish(t.app, seller.token, kingAccount(king, { title: '批量改价甲号', price: 1999 }))
    const b = await publish(t.app, seller.token, kingAccount(king, { title: '批量改价乙号', price: 10_000 }))
    const cheap = await publish(t.app, seller.token, kingAccount(king, { title: '批量改价丙号', price: 1 }))
    const foreign = await publish(t.app, other.token, kingAccount(king, { title: '别人的号', price: 5000 }))
    // the search caches its answer before the change
    expect((await searchTitle('批量改价')).find((r) => r.goodsId === a)?.price).toBe(1999)

    const res = await bulk('price', {
      goodsIds: [a, b, cheap, foreign, 2_000_000_000],
      mode: 'PERCENT',
      value: -10,
    })
    expect(res.code).toBe(200)
    expect(res.msg).toBe('成功 3 件，失败 2 件')
    expect(res.data).toMatchObject({ done: 3, failed: 2 })
    expect(res.data.results).toEqual([
      { goodsId: a, ok: true, price: 1799 },
      { goodsId: b, ok: true, price: 9000 },
      // 0.009 元 rounds up to the minimum 0.01 元
      { goodsId: cheap, ok: true, price: 1 },
      { goodsId: foreign, ok: false, reason: expect.stringMatching(/权限|无权/) },
      { goodsId: 2_000_000_000, ok: false, reason: expect.stringContaining('商品') },
    ])
    expect((await mine(a)).price).toBe(1799)
    expect((await mine(cheap)).price).toBe(1)
    // the other seller's listing is untouched
    expect((await call(t.app, 'GET', `/api/goods/detail/${foreign}`)).data.price).toBe(5000)
    // the search caches were cleared like after a single 改价
    const found = await searchTitle('批量改价')
    expect(found.find((r) => r.goodsId === a)?.price).toBe(1799)
    expect(found.find((r) => r.goodsId === b)?.price).toBe(9000)
  })

  it('changes by an amount; a zero change and a price below the minimum are refused', async () => {
    const a = await publish(t.app, seller.token, kingAccount(king, { price: 3000 }))
    const res = await bulk('price', { goodsIds: [a, a], mode: 'AMOUNT', value: 550 })
    expect(res.data).toMatchObject({ done: 1, failed: 0, results: [{ goodsId: a, ok: true, price: 3550 }] })
    expect((await bulk('price', { goodsIds: [a], mode: 'AMOUNT', value: 0 })).msg).toBe('调整幅度不能为 0')
    // never below the minimum price: the listing is left as it was and the reason given
    const low = await publish(t.app, seller.token, kingAccount(king, { price: 40 }))
    const cut = await bulk('price', { goodsIds: [low, a], mode: 'PERCENT', value: -99 })
    expect(cut.data.results).toEqual([
      { goodsId: low, ok: false, reason: '调整后价格低于最低价 ¥0.01' },
      { goodsId: a, ok: true, price: 36 },
    ])
    expect((await mine(low)).price).toBe(40)
    const minus = await bulk('price', { goodsIds: [low], mode: 'AMOUNT', value: -40 })
    expect(minus.data.results[0]).toMatchObject({ ok: false, reason: '调整后价格低于最低价 ¥0.01' })
    expect((await bulk('price', { goodsIds: [a], mode: 'PERCENT', value: -100 })).msg).toContain('调整比例')
  })

  it('validates the ids: at most 100, safe integers', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1)
    const tooMany = await bulk('offShelf', { goodsIds: many })
    expect(tooMany.code).toBe(400)
    expect(tooMany.msg).toContain('商品')
    expect((await bulk('offShelf', { goodsIds: [] })).code).toBe(400)
    expect((await bulk('offShelf', { goodsIds: [1.5] })).code).toBe(400)
    expect((await bulk('offShelf', { goodsIds: [2 ** 53] })).code).toBe(400)
    expect(
      (await call(t.app, 'POST', '/api/goods/seller/bulk/offShelf', { body: { goodsIds: [1] } })).code,
    ).toBe(401)
  })
})

describe('bulk shelf', () => {
  it('takes down and relists per listing, reporting the others', async () => {
    const a = await publish(t.app, seller.token, kingAccount(king, { title: '批量下架甲' }))
    const b = await publish(t.app, seller.token, kingAccount(king, { title: '批量下架乙' }))
    const foreign = await publish(t.app, other.token, kingAccount(king, { title: '批量下架丙' }))
    expect((await searchTitle('批量下架')).map((r) => r.goodsId).sort()).toEqual([a, b, foreign].sort())

    const down = await bulk('offShelf', { goodsIds: [a, b, foreign] })
    expect(down.data).toMatchObject({ done: 2, failed: 1 })
    expect(down.data.results[2]).toMatchObject({ goodsId: foreign, ok: false })
    expect((await mine(a)).status).toBe('OFF_SHELF')
    expect((await searchTitle('批量下架')).map((r) => r.goodsId)).toEqual([foreign])

    const up = await bulk('onShelf', { goodsIds: [a] })
    expect(up.data.results).toEqual([{ goodsId: a, ok: true, status: 'ON_SALE' }])
    expect((await searchTitle('批量下架')).map((r) => r.goodsId).sort()).toEqual([a, foreign].sort())
  })
})

describe('bulk push', () => {
  it('pushes each listing within the daily quota, the rest are refused with the quota message', async () => {
    const pusher = await newUser(t.app, 'blp')
    const ids: number[] = []
    for (let i = 0; i < 6; i += 1) ids.push(await publish(t.app, pusher.token, kingAccount(king)))
    const offShelf = await publish(t.app, pusher.token, kingAccount(king))
    await bulk('offShelf', { goodsIds: [offShelf] }, pusher.token)

    expect((await bulk('push', { goodsIds: ids, hours: 5 }, pusher.token)).msg).toContain('推送时长只能选择')
    const res = await bulk('push', { goodsIds: [offShelf, ...ids], hours: 2 }, pusher.token)
    expect(res.data).toMatchObject({ done: 5, failed: 2 })
    expect(res.data.results[0]).toEqual({ goodsId: offShelf, ok: false, reason: '只能推送在售的商品' })
    expect(res.data.results[6]).toMatchObject({
      goodsId: ids[5],
      ok: false,
      reason: expect.stringContaining('今日推送次数已用完'),
    })
    const quota = await call(t.app, 'GET', '/api/goods/seller/push/quota', { token: pusher.token })
    expect(quota.data.usedToday).toBe(5)
  })
})

describe('workbench summary', () => {
  it('counts orders to deliver, pending bids and unread messages of the seller only', async () => {
    const shop = await newUser(t.app, 'wbs')
    const buyer = await funded(t.app, 'wbb', 1_000_000)
    const empty = await call(t.app, 'GET', '/api/seller/workbench/summary', { token: shop.token })
    expect(empty.data).toMatchObject({ toDeliver: 0, newToday: 0, pendingBids: 0, unreadChats: 0 })

    const sold = await publish(t.app, shop.token, kingAccount(king, { title: '工作台订单号', price: 5000 }))
    const bidOn = await publish(t.app, shop.token, kingAccount(king, { title: '工作台出价号', price: 8000 }))
    const orderNo = await paidOrder(t.app, buyer.token, sold)
    expect(
      (await post(t.app, '/api/trade/bid/create', buyer.token, { goodsId: bidOn, price: 7000 })).code,
    ).toBe(200)

    const res = await call(t.app, 'GET', '/api/seller/workbench/summary', { token: shop.token })
    expect(res.data).toMatchObject({
      toDeliver: 1,
      newToday: 1,
      pendingBids: 1,
      unreadChats: 0,
      orders: [{ orderNo, goodsTitle: '工作台订单号', amount: 5000 }],
      bids: [{ goodsId: bidOn, goodsTitle: '工作台出价号', price: 7000, askPrice: 8000 }],
    })
    // the new bid and the paid order each sent the seller a message
    expect(res.data.unreadMessages).toBeGreaterThanOrEqual(1)
    // the buyer's own summary does not show the seller's work
    const theirs = await call(t.app, 'GET', '/api/seller/workbench/summary', { token: buyer.token })
    expect(theirs.data).toMatchObject({ toDeliver: 0, pendingBids: 0 })

    // tomorrow the order is still to deliver, but no longer new today
    clock += 24 * 3600_000
    const later = await call(t.app, 'GET', '/api/seller/workbench/summary', { token: shop.token })
    expect(later.data).toMatchObject({ toDeliver: 1, newToday: 0 })
  })
})

describe('bulk rate limit', () => {
  it('allows 30 bulk requests of one kind a minute per address', async () => {
    const ip = '10.200.7.7'
    const send = (what: string, body: unknown) =>
      call(t.app, 'POST', `/api/goods/seller/bulk/${what}`, { token: seller.token, ip, body })
    const codes: number[] = []
    for (let i = 0; i < 31; i += 1) codes.push((await send('onShelf', { goodsIds: [1] })).code)
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true)
    expect(codes[30]).toBe(429)
    // another kind of bulk action counts apart
    expect((await send('price', { goodsIds: [1], mode: 'AMOUNT', value: 100 })).code).toBe(200)
  })
})

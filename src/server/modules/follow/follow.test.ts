import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'

describe('follows', () => {
  let t: TestApp
  let king: GameFixture
  let seller: { token: string; userId: number }
  let buyer: { token: string; userId: number }

  beforeAll(async () => {
    t = await startTestApp()
    king = await gameNamed(t.app, '王者荣耀')
    seller = await newUser(t.app, 'fls')
    buyer = await newUser(t.app, 'flb')
  })
  afterAll(() => t.close())

  const follow = (goodsId: number, token = buyer.token) =>
    call(t.app, 'POST', '/api/goods/follow', { token, body: { goodsId } })
  const unfollow = (goodsId: number) =>
    call(t.app, 'POST', '/api/goods/unfollow', { token: buyer.token, body: { goodsId } })
  const detail = async (goodsId: number) =>
    (await call(t.app, 'GET', `/api/goods/detail/${goodsId}`, { token: buyer.token })).data

  it('follows once (idempotent), counts followers and shows the price change', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 100_000 }))
    expect(await follow(goodsId)).toMatchObject({ code: 200 })
    expect(await follow(goodsId)).toMatchObject({ code: 200 })
    expect(await detail(goodsId)).toMatchObject({ followed: true, followCount: 1 })

    await call(t.app, 'POST', '/api/goods/seller/updatePrice', {
      token: seller.token,
      body: { goodsId, price: 88_000 },
    })
    const list = await call(t.app, 'GET', '/api/goods/follow/list', { token: buyer.token })
    expect(list).toMatchObject({ code: 200, total: 1 })
    expect(list.rows[0]).toMatchObject({
      goodsId,
      price: 88_000,
      priceWhenFollowed: 100_000,
      priceChange: -12_000,
    })
    expect(list.rows[0].followedAt).toEqual(expect.any(Number))

    const games = await call(t.app, 'GET', '/api/goods/game/getGamesByFollow', { token: buyer.token })
    expect(games.data.map((g: { nameCn: string }) => g.nameCn)).toEqual(['王者荣耀'])

    expect(await unfollow(goodsId)).toMatchObject({ code: 200 })
    expect(await unfollow(goodsId)).toMatchObject({ code: 200 })
    expect(await detail(goodsId)).toMatchObject({ followed: false, followCount: 0 })
    expect((await call(t.app, 'GET', '/api/goods/follow/list', { token: buyer.token })).total).toBe(0)
  })

  it('follows only ON_SALE listings of others, and drops deleted ones from the list', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king))
    expect(await follow(goodsId, seller.token)).toMatchObject({ code: 400, msg: '不能关注自己的商品' })
    await follow(goodsId)
    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token: seller.token, body: { goodsId } })
    const other = await newUser(t.app, 'flc')
    expect(await follow(goodsId, other.token)).toMatchObject({ code: 400, msg: '只能关注在售的商品' })
    expect(await follow(999_999)).toMatchObject({ code: 404, msg: '商品不存在' })
    // still in the buyer's list (with its state), gone once deleted
    const list = await call(t.app, 'GET', '/api/goods/follow/list', { token: buyer.token })
    expect(list.rows.find((r: { goodsId: number }) => r.goodsId === goodsId).status).toBe('OFF_SHELF')
    await call(t.app, 'POST', '/api/goods/seller/remove', { token: seller.token, body: { goodsId } })
    const after = await call(t.app, 'GET', '/api/goods/follow/list', { token: buyer.token })
    expect(after.rows.some((r: { goodsId: number }) => r.goodsId === goodsId)).toBe(false)
    expect((await call(t.app, 'POST', '/api/goods/follow', { body: { goodsId } })).code).toBe(401)
  })
})

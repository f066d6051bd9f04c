import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../../shared/messages'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import { chinaDay } from './service'

const HOUR = 3_600_000

describe('goods push', () => {
  let t: TestApp
  let time = Date.UTC(2025, 4, 20, 15, 0) // 23:00 in China
  let king: GameFixture
  let seller: { token: string; userId: number }

  beforeAll(async () => {
    t = await startTestApp({ now: () => time })
    king = await gameNamed(t.app, '王者荣耀')
    seller = await newUser(t.app, 'psh')
  })
  afterAll(() => t.close())

  const push = (goodsId: number, hours = 2, token = seller.token) =>
    call(t.app, 'POST', '/api/goods/seller/push', { token, body: { goodsId, hours } })
  const firstOfGame = async () =>
    (await call(t.app, 'GET', `/api/goods/search?gameId=${king.game.gameId}&pageSize=1`)).rows[0]

  it('counts the day in China time', () => {
    expect(chinaDay(Date.UTC(2025, 4, 20, 15, 59))).toBe('2025-05-20')
    expect(chinaDay(Date.UTC(2025, 4, 20, 16, 0))).toBe('2025-05-21')
  })

  it('puts an ON_SALE listing at the top of its game for the chosen hours', async () => {
    expect(await call(t.app, 'GET', '/api/goods/seller/push/quota', { token: seller.token })).toMatchObject({
      code: 200,
      data: { dailyQuota: 5, usedToday: 0, hourOptions: [2, 6, 12, 24] },
    })
    const older = await publish(t.app, seller.token, kingAccount(king, { title: '推送的老号' }))
    await publish(t.app, seller.token, kingAccount(king, { title: '新发布的号' }))
    expect((await firstOfGame()).goodsId).not.toBe(older)

    const res = await push(older, 6)
    expect(res).toMatchObject({
      code: 200,
      data: { goodsId: older, startAt: time, endAt: time + 6 * HOUR, active: true },
    })
    expect(await firstOfGame()).toMatchObject({ goodsId: older, pushed: true })
    expect((await call(t.app, 'GET', '/api/goods/home')).data.recommended[0].goodsId).toBe(older)

    // pushing again adds to the time left
    expect((await push(older, 2)).data.endAt).toBe(time + 8 * HOUR)
    const list = await call(t.app, 'GET', '/api/goods/seller/push/list', { token: seller.token })
    expect(list).toMatchObject({ total: 2 })
    expect(list.rows[0]).toMatchObject({ goodsId: older, goodsTitle: '推送的老号', active: true })

    // the push ends by itself
    time += 9 * HOUR
    const after = await firstOfGame()
    expect(after.goodsId).not.toBe(older)
    expect(
      (await call(t.app, 'GET', '/api/goods/seller/push/list', { token: seller.token })).rows[0].active,
    ).toBe(false)
  })

  it('keeps to the daily quota, per China day, and refuses bad pushes', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king))
    const used = (await call(t.app, 'GET', '/api/goods/seller/push/quota', { token: seller.token })).data
      .usedToday
    for (let i = used; i < 5; i++) expect((await push(goodsId)).code).toBe(200)
    expect(await push(goodsId)).toMatchObject({
      code: 400,
      msg: '今日推送次数已用完（每天 5 次），明天再来吧',
    })
    time += 24 * HOUR
    expect(
      (await call(t.app, 'GET', '/api/goods/seller/push/quota', { token: seller.token })).data.usedToday,
    ).toBe(0)
    expect((await push(goodsId)).code).toBe(200)

    expect(await push(goodsId, 3)).toMatchObject({ code: 400, msg: '推送时长只能选择 2/6/12/24 小时' })
    const other = await newUser(t.app, 'pso')
    expect(await push(goodsId, 2, other.token)).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token: seller.token, body: { goodsId } })
    expect(await push(goodsId)).toMatchObject({ code: 400, msg: '只能推送在售的商品' })
    expect(await push(424242)).toMatchObject({ code: 404 })
  })
})

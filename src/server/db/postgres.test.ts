/**
 * The same app on PostgreSQL. Runs when TEST_DATABASE_URL points at a server where the user may create
 * databases (e.g. postgres://postgres@127.0.0.1:5432/test); it creates a database with a random name,
 * runs the migrations and seed there, and drops it afterwards.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../modules/goods/test-helpers'

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl)
  console.info('postgres.test.ts skipped: set TEST_DATABASE_URL=postgres://user@host:port/db to run it')

describe.skipIf(!adminUrl)('PostgreSQL', () => {
  const dbName = `market_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  let databaseUrl: string
  let t: TestApp

  beforeAll(async () => {
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    const url = new URL(adminUrl!)
    url.pathname = `/${dbName}`
    databaseUrl = url.toString()
    t = await startTestApp({ databaseUrl })
  })

  afterAll(async () => {
    await t?.close()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  })

  it('migrates, seeds and serves the same API', async () => {
    const token = await tokenOf(t.app, ...DEMO.buyer)
    const info = await call(t.app, 'GET', '/api/getInfo', { token })
    expect(info).toMatchObject({
      code: 200,
      user: { userName: 'buyer', nickName: '买家小王' },
      roles: ['common'],
    })
    expect(typeof info.user.createdAt).toBe('number')

    const games = await call(t.app, 'GET', '/api/goods/game/getGames')
    expect(games.data.length).toBeGreaterThanOrEqual(8)
    expect(games.data[0]).toMatchObject({ gameId: expect.any(Number), hot: true })

    expect(await call(t.app, 'GET', '/api/user/message/getNoReadWebMessageCount', { token })).toMatchObject({
      data: 3,
    })
    const page = await call(t.app, 'GET', '/api/platform/notice/list?pageSize=2&keyword=%E5%AF%86%E7%A0%81')
    expect(page).toMatchObject({ code: 200, total: 2 })
  })

  it('publishes and searches listings (64-bit prices, attributes, keyword, pushes)', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'pgs')
    const max = 9_999_999_999
    const dear = await publish(
      t.app,
      seller.token,
      kingAccount(king, {
        title: 'PG 顶级荣耀王者 100%_真号',
        price: max,
        attributes: { 段位: '荣耀王者', 英雄数量: 120, 皮肤数量: 600, 已实名: true },
      }),
    )
    const cheap = await publish(
      t.app,
      seller.token,
      kingAccount(king, {
        title: 'PG 便宜星耀号',
        price: 1,
        attributes: { 段位: '星耀', 英雄数量: 10, 皮肤数量: 1 },
      }),
    )
    const search = (params: string) =>
      call(t.app, 'GET', `/api/goods/search?sellerId=${seller.userId}&${params}`)

    const all = await search('sort=price_desc')
    expect(all).toMatchObject({ code: 200, total: 2, totalCapped: false })
    expect(all.rows.map((r: { price: number }) => r.price)).toEqual([max, 1])
    expect(
      (await search(`gameId=${king.game.gameId}&priceMin=9999999998`)).rows.map(
        (r: { goodsId: number }) => r.goodsId,
      ),
    ).toEqual([dear])
    expect(
      (
        await search(
          `gameId=${king.game.gameId}&attrs[${encodeURIComponent('段位')}]=${encodeURIComponent('星耀')}`,
        )
      ).rows.map((r: { goodsId: number }) => r.goodsId),
    ).toEqual([cheap])
    expect(
      (await search(`keyword=${encodeURIComponent('荣耀王者')}`)).rows.map(
        (r: { goodsId: number }) => r.goodsId,
      ),
    ).toEqual([dear])
    expect(
      (await search(`keyword=${encodeURIComponent('pg 便宜')}`)).rows.map(
        (r: { goodsId: number }) => r.goodsId,
      ),
    ).toEqual([cheap])
    expect(
      (await search(`keyword=${encodeURIComponent('%_')}`)).rows.map((r: { goodsId: number }) => r.goodsId),
    ).toEqual([dear])
    expect((await search(`serverId=${king.areas[0].children[0].serverId}`)).total).toBe(2)

    const detail = await call(t.app, 'GET', `/api/goods/detail/${dear}`)
    expect(detail.data).toMatchObject({
      price: max,
      title: 'PG 顶级荣耀王者 100%_真号',
      attributes: { 已实名: true },
    })

    expect(
      await call(t.app, 'POST', '/api/goods/seller/push', {
        token: seller.token,
        body: { goodsId: cheap, hours: 2 },
      }),
    ).toMatchObject({ code: 200 })
    expect((await search('')).rows[0]).toMatchObject({ goodsId: cheap, pushed: true })
    const other = await newUser(t.app, 'pgo')
    expect(
      (
        await call(t.app, 'POST', '/api/goods/seller/offShelf', {
          token: other.token,
          body: { goodsId: cheap },
        })
      ).code,
    ).toBe(403)
    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token: seller.token, body: { goodsId: cheap } })
    expect((await search('')).total).toBe(1)
    expect((await call(t.app, 'GET', '/api/goods/home')).data.newest.length).toBeGreaterThan(0)
  })

  it('starts again on the existing database without migrating or seeding twice', async () => {
    const users = async (app: TestApp['app']) =>
      (await app.db.selectFrom('users').select('user_name').execute()).length
    const goods = async (app: TestApp['app']) =>
      (await app.db.selectFrom('goods').select('id').execute()).length
    const before = { users: await users(t.app), goods: await goods(t.app) }
    const again = await startTestApp({ databaseUrl })
    try {
      expect((await tokenOf(again.app, ...DEMO.seller)).length).toBeGreaterThan(0)
      expect({ users: await users(again.app), goods: await goods(again.app) }).toEqual(before)
    } finally {
      await again.close()
    }
  })
})

/**
 * The same app on PostgreSQL. Runs when TEST_DATABASE_URL points at a server where the user may create
 * databases (e.g. postgres://postgres@127.0.0.1:5432/test); it creates a database with a random name,
 * runs the migrations and seed there, and drops it afterwards.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../test-utils'
import { createScratchDatabase, dropScratchDatabase } from './scratch'
import { gameNamed, kingAccount, newUser, publish } from '../modules/goods/test-helpers'
import { fundsRepo } from '../modules/funds/repo'
import { GAME_TOPIC } from '../modules/game/service'
import { checkInvariant } from '../modules/funds/service'
import {
  confirmOrder,
  addRole,
  deliverOrder,
  funded,
  ledgerOf,
  orderRow,
  payOrder,
  post,
  relogin,
  statusOf,
  listen,
  payAtAlipay,
  wallet,
} from '../modules/trade/test-helpers'

let clock = Date.now()
const now = () => clock
const DAY = 24 * 60 * 60 * 1000

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl)
  console.info('postgres.test.ts skipped: set TEST_DATABASE_URL=postgres://user@host:port/db to run it')

describe.skipIf(!adminUrl)('PostgreSQL', () => {
  const dbName = `market_test_${randomBytes(6).toString('hex')}`
  let databaseUrl: string
  let t: TestApp

  beforeAll(async () => {
    // an empty database: this file's clock is its own, so the app migrates and seeds it
    databaseUrl = await createScratchDatabase(adminUrl!, dbName)
    t = await startTestApp({ databaseUrl, now, tradeSweepMs: 0, paySimulators: true })
    // migrating and seeding PostgreSQL, and the simulators' first key pairs: over 30 s on a loaded machine
  }, 120_000)

  afterAll(async () => {
    await t?.close()
    await dropScratchDatabase(adminUrl!, dbName)
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

  it('trades with BIGINT money: order, pay, deliver, confirm, settle after 30 days; the invariant holds', async () => {
    // a game whose protection period is 30 days (30 × 86 400 000 ms does not fit a 32-bit integer)
    const game = await gameNamed(t.app, '永劫无间')
    await t.app.db
      .updateTable('game_configs')
      .set({ protection_days: 30 })
      .where('game_id', '=', game.game.gameId)
      .execute()
    // what a console edit announces (a write straight to the table announces nothing): the game's
    // cached rules, which earlier lists of this app read, are dropped
    t.app.invalidation.emit(GAME_TOPIC)
    const seller = await newUser(t.app, 'pgts')
    const buyer = await funded(t.app, 'pgtb', 0)
    // a top-up beyond 2^31 fen (past the form's limit, so its row is written here), paid at the
    // Alipay simulator and credited through its signed notification
    const price = 3_000_000_000
    const topupNo = `T${Date.now()}PG`
    await fundsRepo(t.app.db).insertTopup({
      topup_no: topupNo,
      user_id: buyer.userId,
      amount: price + 1,
      channel: 'alipay',
      status: 'PENDING',
      created_at: clock,
      paid_at: null,
    })
    await listen(t.app)
    const started = await t.app.services.pay.start({
      bizType: 'TOPUP',
      bizNo: topupNo,
      userId: buyer.userId,
      amount: price + 1,
      subject: '余额充值',
      channel: 'ALIPAY',
      scene: 'PC',
      returnPath: '/account/balance.html',
    })
    await payAtAlipay(started.payUrl!)
    for (let i = 0; i < 200 && (await wallet(t.app, buyer.token)).available === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25))
    expect(await wallet(t.app, buyer.token)).toMatchObject({ available: price + 1 })

    const area = game.areas[0]
    const goodsId = await publish(t.app, seller.token, {
      gameId: game.game.gameId,
      goodsType: 'COIN',
      areaId: area.serverId,
      serverId: area.children[0].serverId,
      title: 'PG 金块 大额',
      description: '大额测试',
      price,
      stock: 1,
      attributes: { 数量: 1000 },
      imageIds: [],
    })
    const roleId = await addRole(t.app, buyer.token, game)
    // the open-bid unique index (a partial index) on PostgreSQL
    const bid = { goodsId, price: price - 1 }
    expect((await post(t.app, '/api/trade/bid/create', buyer.token, bid)).code).toBe(200)
    expect((await post(t.app, '/api/trade/bid/create', buyer.token, bid)).msg).toBe(
      '您对该商品已有进行中的出价，请先撤销或等待卖家处理',
    )

    const created = await post(t.app, '/api/trade/order/create', buyer.token, {
      goodsId,
      quantity: 1,
      roleId,
    })
    expect(created).toMatchObject({ code: 200, data: { amount: price, status: 'UNPAID' } })
    const orderNo = created.data.orderNo
    expect((await payOrder(t.app, buyer.token, orderNo, '000000')).msg).toBe('支付密码错误，还可尝试 4 次')
    expect(await payOrder(t.app, buyer.token, orderNo)).toMatchObject({ code: 200, data: { status: 'PAID' } })
    expect(await wallet(t.app, buyer.token)).toMatchObject({ available: 1, inEscrowAsBuyer: price })
    await deliverOrder(t.app, seller.token, orderNo)
    expect(await confirmOrder(t.app, buyer.token, orderNo)).toMatchObject({
      code: 200,
      data: { status: 'COMPLETED', deadlineAt: clock + 30 * DAY },
    })
    expect(await orderRow(t.app, orderNo)).toMatchObject({ protection_days: 30, escrow_amount: price })
    expect((await checkInvariant(t.app.db)).ok).toBe(true)

    clock += 30 * DAY - 1
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('COMPLETED')
    clock += 1
    await t.app.trade.sweep()
    expect(await orderRow(t.app, orderNo)).toMatchObject({ status: 'SETTLED', escrow_amount: 0 })
    await relogin(t.app, seller)
    expect(await wallet(t.app, seller.token)).toMatchObject({ available: price, pendingSettlement: 0 })
    expect(await ledgerOf(t.app, seller.userId)).toMatchObject([
      { type: 'SETTLEMENT', amount: price, available_after: price, order_no: orderNo },
    ])
    expect((await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, l.amount, l.available_after])).toEqual([
      ['TOPUP', price + 1, price + 1],
      ['ORDER_PAY', -price, 1],
    ])
    const inv = await checkInvariant(t.app.db)
    expect(inv).toMatchObject({ ok: true })
    expect(inv.held).toBe(inv.expected)
    expect(inv.held).toBeGreaterThan(price)
  })

  it('counts no more than 5 PIN guesses arriving at once at two processes (the wallet row is locked)', async () => {
    // a second process on the same database and keys: only the row lock orders the two
    const other = await startTestApp({ databaseUrl, now, tradeSweepMs: 0, dataDir: t.dataDir })
    try {
      const king = await gameNamed(t.app, '王者荣耀')
      const seller = await newUser(t.app, 'pgls')
      const u = await funded(t.app, 'pglb', 100_000)
      const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
      const created = await post(t.app, '/api/trade/order/create', u.token, { goodsId, quantity: 1 })
      const orderNo = created.data.orderNo as string
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          payOrder(i % 2 === 0 ? t.app : other.app, u.token, orderNo, `${200_000 + i}`),
        ),
      )
      const checked = answers.filter((a) => /支付密码错误(，还可尝试|次数过多，支付已锁定)/.test(a.msg))
      expect(checked).toHaveLength(5)
      const row = await fundsRepo(t.app.db).payPasswordState(u.userId)
      expect(row).toMatchObject({ failures: 5, lockedUntil: clock + 30 * 60_000 })
      expect(await statusOf(t.app, orderNo)).toBe('UNPAID')
    } finally {
      // the directory is t's: close the app only
      await other.app.close()
    }
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

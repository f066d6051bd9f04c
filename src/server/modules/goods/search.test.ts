import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GoodsBrief } from '../../../shared/api'
import { call, startTestAppOn, TEST_DIALECTS, type TestApp } from '../../test-utils'
import { sql } from 'kysely'
import { FTS_CANDIDATES } from './search-repo'
import { ftsDocument, parseKeyword, ftsQuery, SEARCH_BUCKET_BITS, storedSearchTerms } from './search-text'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from './test-helpers'

const enc = encodeURIComponent
const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${enc(k)}=${enc(String(v))}`)
    .join('&')

describe('search text', () => {
  it('cuts titles into bigrams per run and keywords into phrases', () => {
    expect(ftsDocument('王者荣耀 V10贵族', { gameId: 1, goodsType: 'ACCOUNT', serverId: 5 })).toBe(
      '王者 者荣 荣耀 zzx v1 10 0贵 贵族 zzg1 zztaccount zzs5',
    )
    expect(parseKeyword('  荣耀  V ')).toEqual({ runs: ['荣耀', 'v'], phrases: [['荣耀']] })
    expect(parseKeyword('%_')).toEqual({ runs: ['%_'], phrases: [] })
    expect(parseKeyword('   ')).toBeNull()
    expect(ftsQuery([['荣耀', '耀王']], { gameId: 3 })).toBe('"荣耀 耀王" AND zzg3')
  })
})

describe.each(TEST_DIALECTS)('goods search on %s', (dialect) => {
  let t: TestApp
  let drop: () => Promise<void>
  let king: GameFixture
  let seller: { token: string; userId: number }
  const ids: Record<string, number> = {}

  const search = async (params: Record<string, string | number>) => {
    const res = await call(t.app, 'GET', `/api/goods/search?${q({ sellerId: seller.userId, ...params })}`)
    if (res.code !== 200) throw new Error(res.msg)
    return res as { rows: GoodsBrief[]; total: number; totalCapped: boolean }
  }
  const titles = (rows: GoodsBrief[]) => rows.map((r) => r.title)

  beforeAll(async () => {
    ;({ t, drop } = await startTestAppOn(dialect, 'search'))
    king = await gameNamed(t.app, '王者荣耀')
    seller = await newUser(t.app, 'srch')
    const [a0, , ios] = king.areas
    const listings: Array<[string, Partial<Parameters<typeof kingAccount>[1]>]> = [
      [
        'A 荣耀王者 满皮肤',
        { price: 500_000, attributes: { 段位: '荣耀王者', 英雄数量: 120, 皮肤数量: 500, 已实名: true } },
      ],
      [
        'B 星耀 贵族V8',
        { price: 20_000, attributes: { 段位: '星耀', 英雄数量: 60, 皮肤数量: 80, 贵族等级: 'V8' } },
      ],
      [
        'C 钻石 典藏李白',
        {
          price: 80_000,
          serverId: a0.children[1].serverId,
          attributes: {
            段位: '钻石',
            英雄数量: 90,
            皮肤数量: 150,
            典藏皮肤: ['李白·千年之狐', '貂蝉·仲夏夜之梦'],
          },
        },
      ],
      [
        'D 荣耀王者 苹果区',
        {
          price: 300_000,
          areaId: ios.serverId,
          serverId: ios.children[0].serverId,
          attributes: { 段位: '荣耀王者', 英雄数量: 110, 皮肤数量: 300, 已实名: false },
        },
      ],
      ['E 100%_真实 打折号', { price: 9_900, attributes: { 段位: '黄金', 英雄数量: 30, 皮肤数量: 20 } }],
    ]
    for (const [title, patch] of listings)
      ids[title[0]] = await publish(t.app, seller.token, kingAccount(king, { title, ...patch }))
    // a coin listing of the same seller
    ids.F = await publish(t.app, seller.token, {
      ...kingAccount(king, { title: 'F 点券 10000' }),
      goodsType: 'COIN',
      price: 90_000,
      stock: 50,
      attributes: { 数量: 10000 },
    })
  })
  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  it('lists only ON_SALE listings, 综合 order newest first, with totals', async () => {
    const all = await search({})
    expect(all).toMatchObject({ total: 6, totalCapped: false })
    expect(titles(all.rows).map((x) => x[0])).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token: seller.token, body: { goodsId: ids.E } })
    expect((await search({})).total).toBe(5)
    await call(t.app, 'POST', '/api/goods/seller/onShelf', { token: seller.token, body: { goodsId: ids.E } })
  })

  it('sorts by price both ways and by newest', async () => {
    expect((await search({ sort: 'price_asc' })).rows.map((r) => r.price)).toEqual([
      9_900, 20_000, 80_000, 90_000, 300_000, 500_000,
    ])
    expect((await search({ sort: 'price_desc' })).rows.map((r) => r.price)).toEqual([
      500_000, 300_000, 90_000, 80_000, 20_000, 9_900,
    ])
    expect(titles((await search({ sort: 'newest' })).rows).map((x) => x[0])).toEqual([
      'F',
      'E',
      'D',
      'C',
      'B',
      'A',
    ])
  })

  it('filters by game, type, area, server, platform and price range', async () => {
    const gameId = king.game.gameId
    const [a0, , ios] = king.areas
    expect((await search({ gameId, goodsType: 'COIN' })).rows.map((r) => r.goodsId)).toEqual([ids.F])
    expect((await search({ gameId, goodsType: 'ACCOUNT' })).total).toBe(5)
    expect((await search({ gameId, areaId: ios.serverId })).rows.map((r) => r.goodsId)).toEqual([ids.D])
    expect((await search({ serverId: a0.children[1].serverId })).rows.map((r) => r.goodsId)).toEqual([ids.C])
    expect((await search({ gameId, platform: 'iOS' })).rows.map((r) => r.goodsId)).toEqual([ids.D])
    const range = await search({ gameId, priceMin: 20_000, priceMax: 90_000, sort: 'price_asc' })
    expect(range.rows.map((r) => r.price)).toEqual([20_000, 80_000, 90_000])
    expect((await search({ priceMin: 400_000 })).rows.map((r) => r.goodsId)).toEqual([ids.A])
    expect((await search({ gameId: (await gameNamed(t.app, '原神')).game.gameId })).total).toBe(0)
  })

  it('filters by the game attributes (select, multiselect, yes/no), combined with sorts', async () => {
    const gameId = king.game.gameId
    const rank = await search({ gameId, 'attrs[段位]': '荣耀王者', sort: 'price_asc' })
    expect(rank.rows.map((r) => r.goodsId)).toEqual([ids.D, ids.A])
    expect(rank.total).toBe(2)
    expect(
      (await search({ gameId, 'attrs[典藏皮肤]': '貂蝉·仲夏夜之梦' })).rows.map((r) => r.goodsId),
    ).toEqual([ids.C])
    expect((await search({ gameId, 'attrs[已实名]': '是' })).rows.map((r) => r.goodsId)).toEqual([ids.A])
    expect((await search({ gameId, 'attrs[已实名]': 'false' })).rows.map((r) => r.goodsId)).toEqual([ids.D])
    const both = await search({ gameId, 'attrs[段位]': '荣耀王者', 'attrs[已实名]': 'true' })
    expect(both.rows.map((r) => r.goodsId)).toEqual([ids.A])
    const withPrice = await search({
      gameId,
      'attrs[段位]': '荣耀王者',
      priceMax: 400_000,
      areaId: king.areas[2].serverId,
    })
    expect(withPrice.rows.map((r) => r.goodsId)).toEqual([ids.D])
  })

  it('refuses unknown or unfilterable attributes, filters without a game and bad ranges', async () => {
    const gameId = king.game.gameId
    const bad = (params: Record<string, string | number>) =>
      call(t.app, 'GET', `/api/goods/search?${q(params)}`)
    expect(await bad({ gameId, 'attrs[身高]': '180' })).toMatchObject({
      code: 400,
      msg: '不支持的筛选条件：身高',
    })
    expect(await bad({ gameId, 'attrs[英雄数量]': '100' })).toMatchObject({
      code: 400,
      msg: '不支持的筛选条件：英雄数量',
    })
    expect(await bad({ gameId, 'attrs[段位]': '宇宙王者' })).toMatchObject({
      code: 400,
      msg: '段位筛选值不正确',
    })
    expect(await bad({ 'attrs[段位]': '钻石' })).toMatchObject({ code: 400, msg: '按属性筛选时请先选择游戏' })
    expect(await bad({ priceMin: 500, priceMax: 100 })).toMatchObject({
      code: 400,
      msg: '最低价不能高于最高价',
    })
    expect(await bad({ priceMin: -1 })).toMatchObject({ code: 400, msg: '最低价不能小于 0' })
    expect(await bad({ pageSize: 51 })).toMatchObject({ code: 400, msg: '每页条数不能大于 50' })
    expect(await bad({ sort: 'random' })).toMatchObject({ code: 400, msg: '排序方式取值不正确' })
    expect(await bad({ color: 'red' })).toMatchObject({ code: 400, msg: '不支持的参数：color' })
  })

  it('answers a page past the last result with no rows and the total, however far it is', async () => {
    expect(await search({ pageNum: 2, pageSize: 5 })).toMatchObject({ total: 6, totalCapped: false })
    expect((await search({ pageNum: 2, pageSize: 5 })).rows).toHaveLength(1)
    for (const [pageNum, pageSize] of [
      [3, 5],
      [300, 50],
      [100_000, 50],
    ]) {
      const res = await call(
        t.app,
        'GET',
        `/api/goods/search?${q({ sellerId: seller.userId, pageNum, pageSize })}`,
      )
      expect(res, `${pageNum}×${pageSize}`).toEqual({
        code: 200,
        msg: '查询成功',
        rows: [],
        total: 6,
        totalCapped: false,
      })
    }
    // the same past the end of a keyword search (the FTS path)
    expect(await search({ keyword: '荣耀王者', pageNum: 400, pageSize: 50 })).toMatchObject({
      rows: [],
      total: 2,
    })
  })

  it('finds titles by keyword (bigrams, single characters, punctuation matched literally)', async () => {
    expect((await search({ keyword: '荣耀王者' })).rows.map((r) => r.goodsId)).toEqual([ids.D, ids.A])
    expect((await search({ keyword: '王者 苹果' })).rows.map((r) => r.goodsId)).toEqual([ids.D])
    expect((await search({ keyword: 'v8' })).rows.map((r) => r.goodsId)).toEqual([ids.B])
    expect((await search({ keyword: '李' })).rows.map((r) => r.goodsId)).toEqual([ids.C])
    expect((await search({ keyword: '%_' })).rows.map((r) => r.goodsId)).toEqual([ids.E])
    expect((await search({ keyword: '%' })).rows.map((r) => r.goodsId)).toEqual([ids.E])
    expect((await search({ keyword: '_' })).rows.map((r) => r.goodsId)).toEqual([ids.E])
    expect((await search({ keyword: '耀王者满' })).total).toBe(0)
    expect(
      (await search({ keyword: '荣耀', sort: 'price_asc', gameId: king.game.gameId })).rows.map(
        (r) => r.price,
      ),
    ).toEqual([300_000, 500_000])
  })

  it('pages with pageNum/pageSize and marks pushed listings', async () => {
    const p1 = await search({ pageSize: 4 })
    const p2 = await search({ pageSize: 4, pageNum: 2 })
    expect(p1.rows).toHaveLength(4)
    expect(p2.rows).toHaveLength(2)
    expect(p2.total).toBe(6)
    expect(new Set([...p1.rows, ...p2.rows].map((r) => r.goodsId)).size).toBe(6)

    await call(t.app, 'POST', '/api/goods/seller/push', {
      token: seller.token,
      body: { goodsId: ids.A, hours: 2 },
    })
    const top = await search({})
    expect(top.rows[0]).toMatchObject({ goodsId: ids.A, pushed: true })
    expect(top.rows.slice(1).every((r) => !r.pushed)).toBe(true)
    // the attribute path and the keyword path order by the push too
    expect((await search({ gameId: king.game.gameId, 'attrs[段位]': '荣耀王者' })).rows[0].goodsId).toBe(
      ids.A,
    )
    expect((await search({ keyword: '荣耀' })).rows[0].goodsId).toBe(ids.A)
  })

  it('keeps the ON_SALE counters exact through every change', async () => {
    const { db } = t.app
    const actual = await db
      .selectFrom('goods')
      .select(['game_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'ON_SALE')
      .where('deleted_at', 'is', null)
      .groupBy('game_id')
      .orderBy('game_id')
      .execute()
    const counted = await db
      .selectFrom('goods_counts')
      .select(['game_id', (eb) => eb.fn.sum<number>('n').as('n')])
      .groupBy('game_id')
      .having((eb) => eb.fn.sum('n'), '>', 0)
      .orderBy('game_id')
      .execute()
    expect(counted.map((r) => [r.game_id, Number(r.n)])).toEqual(actual.map((r) => [r.game_id, Number(r.n)]))
    // the game list's total comes from them
    const gameTotal = (await call(t.app, 'GET', `/api/goods/search?gameId=${king.game.gameId}`)).total
    expect(gameTotal).toBe(Number(actual.find((r) => r.game_id === king.game.gameId)!.n))
  })

  it('stops counting a common keyword at the candidate limit and says so', async () => {
    const { db } = t.app
    const base = await db.selectFrom('goods').selectAll().where('id', '=', ids.B).executeTakeFirstOrThrow()
    const { id: _id, ...row } = base
    const other = await newUser(t.app, 'kwc')
    const title = '批发价清仓号'
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < FTS_CANDIDATES + 100; i += 500) {
        const n = Math.min(500, FTS_CANDIDATES + 100 - i)
        const inserted = await trx
          .insertInto('goods')
          .values(Array.from({ length: n }, () => ({ ...row, title, seller_id: other.userId })))
          .returning('id')
          .execute()
        const filters = {
          gameId: row.game_id,
          goodsType: row.goods_type,
          serverId: row.server_id,
          areaId: row.area_id,
          platform: row.platform,
        }
        for (const { id } of inserted) {
          if (dialect === 'sqlite')
            await sql`insert into goods_fts (rowid, terms) values (${id}, ${ftsDocument(title, filters)})`.execute(
              trx,
            )
          else
            await sql`update goods set search_terms = ${storedSearchTerms(id, title, filters)}::text[] where id = ${id}`.execute(
              trx,
            )
        }
      }
    })
    const res = await call(
      t.app,
      'GET',
      `/api/goods/search?keyword=${enc('清仓')}&gameId=${king.game.gameId}`,
    )
    expect(res).toMatchObject({ code: 200, total: FTS_CANDIDATES, totalCapped: true })
    expect(res.rows).toHaveLength(20)
    expect(res.rows.every((r: GoodsBrief) => r.title === title)).toBe(true)
    const narrow = await call(
      t.app,
      'GET',
      `/api/goods/search?keyword=${enc('清仓')}&sellerId=${seller.userId}`,
    )
    expect(narrow).toMatchObject({ total: 0, totalCapped: false })
  })

  it('counts up to the cap and says when it stopped', async () => {
    const { db } = t.app
    const base = await db.selectFrom('goods').selectAll().where('id', '=', ids.B).executeTakeFirstOrThrow()
    const { id: _id, ...row } = base
    const other = await newUser(t.app, 'many')
    // 10,001 more listings of one seller, straight into the tables (search entries through FTS as well)
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 10_001; i += 500) {
        const chunk = Array.from({ length: Math.min(500, 10_001 - i) }, () => ({
          ...row,
          seller_id: other.userId,
        }))
        await trx.insertInto('goods').values(chunk).execute()
      }
    })
    const res = await call(t.app, 'GET', `/api/goods/search?sellerId=${other.userId}&pageSize=50&pageNum=200`)
    expect(res).toMatchObject({ code: 200, total: 10_000, totalCapped: true })
    expect(res.rows).toHaveLength(50)
    // a page across the cap is cut at it; one past it, with results there, is refused with the cap
    const across = await call(
      t.app,
      'GET',
      `/api/goods/search?sellerId=${other.userId}&pageSize=30&pageNum=334`,
    )
    expect(across).toMatchObject({ code: 200, total: 10_000, totalCapped: true })
    expect(across.rows).toHaveLength(10)
    expect(
      await call(t.app, 'GET', `/api/goods/search?sellerId=${other.userId}&pageSize=50&pageNum=201`),
    ).toMatchObject({ code: 400, msg: '最多浏览前 10000 条商品，请缩小筛选范围' })
  })

  it('finds keyword matches in every id range of the keyword index', async () => {
    // PostgreSQL stores search_terms per range of 2^17 ids (search-text.ts): listings ranges apart
    const other = await newUser(t.app, 'bkt')
    const kw = (params: Record<string, string | number>) =>
      search({ keyword: '分段号', sellerId: other.userId, ...params })
    const published: number[] = []
    for (const range of [0, 1, 3]) {
      if (dialect === 'postgres' && range > 0)
        await sql`select setval(pg_get_serial_sequence('goods', 'id'), ${range * 2 ** SEARCH_BUCKET_BITS})`.execute(
          t.app.db,
        )
      const title = `分段号${range} 稀有皮肤`
      published.push(
        await publish(t.app, other.token, kingAccount(king, { title, price: 1000 * (range + 1) })),
      )
    }
    if (dialect === 'postgres') expect(published.map((id) => id >> SEARCH_BUCKET_BITS)).toEqual([0, 1, 3])
    const found = await kw({})
    expect(found).toMatchObject({ total: 3, totalCapped: false })
    expect(titles(found.rows)).toEqual(['分段号3 稀有皮肤', '分段号1 稀有皮肤', '分段号0 稀有皮肤'])
    expect((await kw({ sort: 'price_desc', pageSize: 2, pageNum: 2 })).rows.map((r) => r.price)).toEqual([
      1000,
    ])
    expect((await kw({ keyword: '分段号1', gameId: king.game.gameId })).total).toBe(1)
    await call(t.app, 'POST', '/api/goods/seller/offShelf', {
      token: other.token,
      body: { goodsId: published[2] },
    })
    expect(titles((await kw({})).rows)).toEqual(['分段号1 稀有皮肤', '分段号0 稀有皮肤'])
  })
})

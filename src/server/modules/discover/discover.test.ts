import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { GoodsBrief, PublishGoodsBody } from '../../../shared/api'
import type { Db } from '../../db'
import { call, startTestAppOn, TEST_DIALECTS, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  newUser,
  publish,
  type GameFixture,
  type NewUser,
} from '../goods/test-helpers'

const DAY = 24 * 60 * 60 * 1000
const enc = encodeURIComponent

/** A finished deal of the listing (marked sold, its order completed `daysAgo` days ago), straight in the database. */
const T0 = Date.now()
async function sell(app: FastifyInstance, goodsId: number, buyerId: number, daysAgo: number) {
  const db = (app as unknown as { db: Db }).db
  const g = await db.selectFrom('goods').selectAll().where('id', '=', goodsId).executeTakeFirstOrThrow()
  // every deal of a day at the same moment: equal recency weights
  const at = T0 - daysAgo * DAY
  await db.updateTable('goods').set({ status: 'SOLD', sold_at: at }).where('id', '=', goodsId).execute()
  await db
    .insertInto('orders')
    .values({
      order_no: `T${goodsId}${Math.floor(at)}`,
      goods_id: goodsId,
      buyer_id: buyerId,
      seller_id: g.seller_id,
      game_id: g.game_id,
      goods_type: g.goods_type,
      title: g.title,
      unit_price: Number(g.price),
      quantity: 1,
      amount: Number(g.price),
      escrow_amount: 0,
      status: 'SETTLED',
      disputed_from: null,
      dispute_reason: null,
      role_json: null,
      bid_id: null,
      protection_days: 0,
      credentials_enc: null,
      created_at: at - DAY,
      paid_at: at - DAY,
      delivery_started_at: at - DAY,
      delivered_at: at - DAY,
      completed_at: at,
      settled_at: at,
      cancelled_at: null,
      refunded_at: null,
      updated_at: at,
    })
    .execute()
}

/** the apps' clock: estimates and deal sets are kept five minutes */
let clock = Date.now()
const now = () => clock
const startOn = (dialect: 'sqlite' | 'postgres') => startTestAppOn(dialect, 'discover', { now })

describe.each(TEST_DIALECTS)('discover on %s', (dialect) => {
  let t: TestApp
  let drop: () => Promise<void>
  let king: GameFixture
  let seller: NewUser
  let other: NewUser
  const ids: Record<string, number> = {}
  const account = (over: Partial<PublishGoodsBody>) => kingAccount(king, over)

  beforeAll(async () => {
    ;({ t, drop } = await startOn(dialect))
    king = await gameNamed(t.app, '王者荣耀')
    seller = await newUser(t.app, 'dsell')
    other = await newUser(t.app, 'dother')
    ids.A = await publish(t.app, seller.token, account({ title: '相似甲 星河号', price: 7_777_700 }))
    ids.B = await publish(t.app, other.token, account({ title: '相似乙 星河号', price: 7_800_000 }))
    ids.C = await publish(t.app, other.token, account({ title: '相似丙 下架号', price: 7_700_000 }))
    ids.D = await publish(t.app, seller.token, account({ title: '相似丁 同卖家', price: 7_777_800 }))
    ids.E = await publish(t.app, other.token, account({ title: '相似戊 太贵', price: 99_000_000 }))
    ids.F = await publish(t.app, other.token, {
      ...account({ title: '相似己 点券 星河' }),
      goodsType: 'COIN',
      price: 7_777_700,
      stock: 5,
      attributes: { 数量: 10000 },
    })
    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token: other.token, body: { goodsId: ids.C } })
  })
  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  describe('similar listings', () => {
    it('same game and type, near price, on sale, not this listing; the same seller after others', async () => {
      const res = await call(t.app, 'GET', `/api/discover/similar/${ids.A}`)
      expect(res.code).toBe(200)
      const got = (res.data as GoodsBrief[]).map((g) => g.goodsId)
      expect(got).toContain(ids.B)
      expect(got).not.toContain(ids.A) // this listing
      expect(got).not.toContain(ids.C) // taken down
      expect(got).not.toContain(ids.E) // more than twice the price
      expect(got).not.toContain(ids.F) // another goods type
      expect(
        (res.data as GoodsBrief[]).every((g) => g.status === 'ON_SALE' && g.goodsType === 'ACCOUNT'),
      ).toBe(true)
      // D is nearer in price than B but is the same seller's: it comes after B
      expect(got.indexOf(ids.B)).toBeLessThan(got.indexOf(ids.D))
    })

    it('a listing the public cannot see, or none, is 404; a bad id is 400', async () => {
      const hidden = await publish(t.app, seller.token, account({ title: '待删除' }))
      await call(t.app, 'POST', '/api/goods/seller/remove', {
        token: seller.token,
        body: { goodsId: hidden },
      })
      expect((await call(t.app, 'GET', `/api/discover/similar/${hidden}`)).code).toBe(404)
      expect((await call(t.app, 'GET', '/api/discover/similar/99999999')).code).toBe(404)
      const bad = await call(t.app, 'GET', '/api/discover/similar/abc')
      expect(bad.code).toBe(400)
      expect(bad.msg).toMatch(/商品编号/)
    })

    it('a taken-down listing leaves the answers (caches are dropped on the change)', async () => {
      const before = await call(t.app, 'GET', `/api/discover/similar/${ids.A}`)
      expect((before.data as GoodsBrief[]).map((g) => g.goodsId)).toContain(ids.B)
      await call(t.app, 'POST', '/api/goods/seller/offShelf', {
        token: other.token,
        body: { goodsId: ids.B },
      })
      const after = await call(t.app, 'GET', `/api/discover/similar/${ids.A}`)
      expect((after.data as GoodsBrief[]).map((g) => g.goodsId)).not.toContain(ids.B)
      await call(t.app, 'POST', '/api/goods/seller/onShelf', { token: other.token, body: { goodsId: ids.B } })
    })
  })

  describe('suggestions', () => {
    it('titles of on-sale listings with the keyword, within the game and type', async () => {
      const res = await call(
        t.app,
        'GET',
        `/api/discover/suggest?gameId=${king.game.gameId}&goodsType=ACCOUNT&keyword=${enc('星河')}`,
      )
      expect(res.code).toBe(200)
      expect(res.data).toEqual(expect.arrayContaining(['相似甲 星河号', '相似乙 星河号']))
      expect(res.data).not.toContain('相似己 点券 星河')
      const all = await call(
        t.app,
        'GET',
        `/api/discover/suggest?gameId=${king.game.gameId}&keyword=${enc('星河')}`,
      )
      expect(all.data).toContain('相似己 点券 星河')
      const none = await call(t.app, 'GET', `/api/discover/suggest?keyword=${enc('下架号')}`)
      expect(none.data).toEqual([])
      // a single character suggests nothing (it has no bigram to look up)
      const single = await call(t.app, 'GET', `/api/discover/suggest?keyword=${enc('星')}`)
      expect(single).toMatchObject({ code: 200, data: [] })
    })

    it('validates the keyword and is rate-limited', async () => {
      const empty = await call(t.app, 'GET', '/api/discover/suggest?keyword=')
      expect(empty.code).toBe(400)
      expect(empty.msg).toMatch(/关键词/)
      const long = await call(t.app, 'GET', `/api/discover/suggest?keyword=${'长'.repeat(51)}`)
      expect(long.code).toBe(400)
      const ip = '10.201.1.1'
      const codes: number[] = []
      for (let i = 0; i < 121; i++)
        codes.push((await call(t.app, 'GET', `/api/discover/suggest?keyword=x${i}`, { ip })).code)
      expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true)
      expect(codes[120]).toBe(429)
    })
  })

  describe('valuation', () => {
    // a server of the last area: the demo data sells nothing there
    const place = () => {
      const area = king.areas[king.areas.length - 1]
      const server = area.children[area.children.length - 1]
      return { areaId: area.serverId, serverId: server.serverId }
    }
    const attrs = { 段位: '最强王者', 英雄数量: 120, 皮肤数量: 300 }

    it('too few comparable deals: no estimate, 样本不足', async () => {
      const subject = await publish(
        t.app,
        seller.token,
        account({ ...place(), attributes: attrs, price: 450_000 }),
      )
      const res = await call(t.app, 'GET', `/api/discover/valuation/${subject}`)
      expect(res.code).toBe(200)
      expect(res.data).toMatchObject({ estimate: null, reason: '样本不足', minSamples: 5, windowDays: 90 })
    })

    it('known deals → known range, for a listing and for a draft', async () => {
      for (const [i, price] of [100_000, 200_000, 300_000, 400_000, 500_000, 600_000].entries()) {
        const id = await publish(
          t.app,
          other.token,
          account({ ...place(), attributes: attrs, price, title: `成交${i}` }),
        )
        await sell(t.app, id, seller.userId, 3)
      }
      // an old deal (over 90 days) does not count
      const old = await publish(
        t.app,
        other.token,
        account({ ...place(), attributes: attrs, price: 9_000_000 }),
      )
      await sell(t.app, old, seller.userId, 100)

      // the deals of the game were read (and kept five minutes) by the test before: they count after that
      clock += 6 * 60_000
      const subject = await publish(
        t.app,
        seller.token,
        account({ ...place(), attributes: attrs, price: 264_000 }),
      )
      const res = await call(t.app, 'GET', `/api/discover/valuation/${subject}`)
      expect(res.code).toBe(200)
      expect(res.data).toMatchObject({
        estimate: { low: 200_000, mid: 300_000, high: 500_000 },
        samples: 6,
        scope: 'server',
      })

      const { areaId, serverId } = place()
      const draftUrl = (a: Record<string, string | number>) =>
        `/api/discover/valuation?gameId=${king.game.gameId}&areaId=${areaId}&serverId=${serverId}&` +
        Object.entries(a)
          .map(([k, v]) => `${enc(`attrs[${k}]`)}=${enc(String(v))}`)
          .join('&')
      expect((await call(t.app, 'GET', draftUrl(attrs))).code).toBe(401)
      const draft = await call(t.app, 'GET', draftUrl(attrs), { token: seller.token })
      expect(draft.data).toMatchObject({ estimate: { mid: 300_000 }, samples: 6 })
      const bad = await call(t.app, 'GET', draftUrl({ 英雄数量: 'abc' }), { token: seller.token })
      expect(bad.code).toBe(400)
      expect(bad.msg).toMatch(/英雄数量/)
      const unknown = await call(t.app, 'GET', draftUrl({ 不存在: '1' }), { token: seller.token })
      expect(unknown.code).toBe(400)

      // the price history of comparable deals: the same server, the six deals of the window
      const prices = await call(t.app, 'GET', `/api/discover/prices/${subject}`)
      expect(prices.data).toMatchObject({ deals: 6, days: 90, scope: 'server' })
      expect(prices.data.series).toHaveLength(1)
      expect(prices.data.series[0]).toMatchObject({ deals: 6, min: 100_000, max: 600_000, avg: 350_000 })
    })

    it('only account listings are valued; hidden listings are 404', async () => {
      const res = await call(t.app, 'GET', `/api/discover/valuation/${ids.F}`)
      expect(res.data).toMatchObject({ estimate: null, reason: '仅账号类商品提供估价' })
      expect((await call(t.app, 'GET', '/api/discover/valuation/99999999')).code).toBe(404)
    })
  })
})

/**
 * Saved searches (docs/saved-searches.md): saving with its checks, matching each condition, price
 * drops, batching per window on the injected clock, pausing, owner checks, the live event and the
 * WeChat template of a bound user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAVED_SEARCH_LIMITS } from '../../../shared/api/saved-search'
import { call, startTestApp, type Json, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import { SANDBOX_WECHAT_USERS } from '../wechat/provider'
import { SAVED_SEARCH_WINDOW_MS } from './service'

let clock = Date.now()
const now = () => clock
let t: TestApp
let king: GameFixture
let seller: { token: string; userId: number }

beforeAll(async () => {
  t = await startTestApp({ now, tradeSweepMs: 0, wechatOutboxMs: 0, savedSearchSweepMs: 0 })
  king = await gameNamed(t.app, '王者荣耀')
  seller = await newUser(t.app, 'sss')
})
afterAll(() => t?.close())

const add = (token: string, query: string, name = '我的订阅') =>
  call(t.app, 'POST', '/api/user/savedSearch/add', { token, body: { name, query } })
const list = async (token: string) => (await call(t.app, 'GET', '/api/user/savedSearch/list', { token })).data
const sweep = () => t.app.savedSearches.sweep()
const alertsOf = async (token: string) =>
  (
    await call(t.app, 'POST', '/api/user/message/webMessagePage', {
      token,
      body: { pageNum: 1, pageSize: 50 },
    })
  ).rows.filter((m: Json) => m.title.startsWith('订阅提醒'))
const liveEvents = (userId: number) =>
  t.app.db
    .selectFrom('live_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'saved-search')
    .execute()
/** after each alert the next window must pass before another */
const nextWindow = () => (clock += SAVED_SEARCH_WINDOW_MS)

describe('saving', () => {
  it('keeps the canonical query with its conditions in words, and checks name, query and limit', async () => {
    const buyer = await newUser(t.app, 'ssa')
    const area = king.areas[0]!
    const res = await add(
      buyer.token,
      `?page=3&limit=50&gameId=${king.game.gameId}&priceMax=200&priceMin=100&keyword=王者&attrs[段位]=荣耀王者&areaId=${area.serverId}`,
      '  王者号  ',
    )
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({
      name: '王者号',
      query: `gameId=${king.game.gameId}&areaId=${area.serverId}&priceMin=100&priceMax=200&keyword=%E7%8E%8B%E8%80%85&attrs[%E6%AE%B5%E4%BD%8D]=%E8%8D%A3%E8%80%80%E7%8E%8B%E8%80%85`,
      paused: false,
      newCount: 0,
      lastAlertAt: null,
    })
    expect(res.data.conditions).toBe(`王者荣耀 · ${area.name} · ¥100–¥200 · 关键词“王者” · 段位：荣耀王者`)
    expect((await add(buyer.token, res.data.query)).msg).toBe('已订阅过相同的搜索条件')
    expect((await add(buyer.token, 'priceMin=10')).msg).toBe('请先选择游戏或输入关键词，再订阅搜索')
    expect((await add(buyer.token, 'gameId=999999')).msg).toBe('游戏不存在')
    expect((await add(buyer.token, 'keyword=x', '   ')).msg).toBe('订阅名称不能为空')
    const long = await add(buyer.token, 'keyword=x', 'x'.repeat(SAVED_SEARCH_LIMITS.name + 1))
    expect(long.code).toBe(400)
    expect(long.msg).toContain('订阅名称')
    expect(
      (await call(t.app, 'POST', '/api/user/savedSearch/add', { body: { name: 'a', query: 'keyword=a' } }))
        .code,
    ).toBe(401)
  })

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perUser} per user`, async () => {
    const buyer = await newUser(t.app, 'ssl')
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perUser; i++)
      expect((await add(buyer.token, `keyword=词${i}`, `订阅${i}`)).code).toBe(200)
    const over = await add(buyer.token, 'keyword=多一个')
    expect(over).toMatchObject({
      code: 400,
      msg: `最多保存 ${SAVED_SEARCH_LIMITS.perUser} 个订阅，请先删除不需要的订阅`,
    })
    expect((await list(buyer.token)).rows).toHaveLength(SAVED_SEARCH_LIMITS.perUser)
  })

  it('lets only the owner rename, pause, mark seen and delete', async () => {
    const owner = await newUser(t.app, 'sso')
    const other = await newUser(t.app, 'ssx')
    const { savedSearchId } = (await add(owner.token, 'keyword=皮肤')).data
    for (const [path, body] of [
      ['rename', { savedSearchId, name: '别人的' }],
      ['pause', { savedSearchId, paused: true }],
      ['seen', { savedSearchId }],
      ['remove', { savedSearchId }],
    ] as const) {
      const res = await call(t.app, 'POST', `/api/user/savedSearch/${path}`, { token: other.token, body })
      expect(res.code).toBe(403)
    }
    expect(
      (
        await call(t.app, 'POST', '/api/user/savedSearch/remove', {
          token: owner.token,
          body: { savedSearchId: 999999 },
        })
      ).code,
    ).toBe(404)
    await call(t.app, 'POST', '/api/user/savedSearch/rename', {
      token: owner.token,
      body: { savedSearchId, name: '新名字' },
    })
    expect((await list(owner.token)).rows[0]).toMatchObject({ name: '新名字', paused: false })
    await call(t.app, 'POST', '/api/user/savedSearch/remove', { token: owner.token, body: { savedSearchId } })
    expect((await list(owner.token)).rows).toEqual([])
  })
})

describe('matching and alerts', () => {
  it('matches each condition: game, type, area, server, price range, keyword, attributes', async () => {
    const buyer = await newUser(t.app, 'ssm')
    const area = king.areas[0]!
    const [server, otherServer] = area.children
    const g = king.game.gameId
    const queries: Record<string, string> = {
      game: `gameId=${g}`,
      type: `gameId=${g}&goodsType=COIN`,
      area: `gameId=${g}&areaId=${area.serverId}&serverId=${otherServer!.serverId}`,
      priceIn: `gameId=${g}&priceMin=500&priceMax=600`,
      priceOut: `gameId=${g}&priceMin=601`,
      keyword: 'keyword=千年之狐 满级',
      keywordMiss: 'keyword=千年之狐 不在标题',
      attr: `gameId=${g}&attrs[段位]=荣耀王者`,
      attrMiss: `gameId=${g}&attrs[段位]=最强王者`,
    }
    const ids: Record<string, number> = {}
    for (const [name, query] of Object.entries(queries))
      ids[name] = (await add(buyer.token, query, name)).data.savedSearchId
    await publish(
      t.app,
      seller.token,
      kingAccount(king, { price: 55_000, title: '千年之狐 满级 荣耀号', serverId: server!.serverId }),
    )
    const result = await sweep()
    expect(result).toMatchObject({ listings: 1 })
    const counts = Object.fromEntries((await list(buyer.token)).rows.map((r: Json) => [r.name, r.newCount]))
    expect(counts).toEqual({
      game: 1,
      type: 0,
      area: 0,
      priceIn: 1,
      priceOut: 0,
      keyword: 1,
      keywordMiss: 0,
      attr: 1,
      attrMiss: 0,
    })
    // four searches matched: four alerts, each its own message
    expect(await alertsOf(buyer.token)).toHaveLength(4)
    // these broad searches would match the listings of the tests below
    for (const savedSearchId of Object.values(ids))
      await call(t.app, 'POST', '/api/user/savedSearch/remove', {
        token: buyer.token,
        body: { savedSearchId },
      })
  })

  it('a price drop triggers, a rise does not; the seller is not alerted to their own listing', async () => {
    const buyer = await newUser(t.app, 'ssp')
    const word = '降价测试'
    await add(buyer.token, `keyword=${word}&priceMax=800`)
    await add(seller.token, `keyword=${word}`)
    const goodsId = await publish(
      t.app,
      seller.token,
      kingAccount(king, { price: 90_000, title: `${word} 号` }),
    )
    await sweep()
    expect(await alertsOf(buyer.token)).toHaveLength(0) // ¥900 is above the range
    nextWindow()
    const setPrice = (price: number) =>
      call(t.app, 'POST', '/api/goods/seller/updatePrice', { token: seller.token, body: { goodsId, price } })
    await setPrice(95_000) // a rise: nothing
    expect((await sweep()).matches).toBe(0)
    await setPrice(70_000) // a drop into the range
    await sweep()
    const alerts = await alertsOf(buyer.token)
    expect(alerts).toHaveLength(1)
    expect(alerts[0].content).toContain('¥700.00（降价）')
    expect(alerts[0].content).toContain(`/detail/${goodsId}.html`)
    expect(await alertsOf(seller.token)).toHaveLength(0)
  })

  it('batches: many matches in a window make one message, the next window another', async () => {
    const buyer = await newUser(t.app, 'ssb')
    const word = '批量测试'
    const { savedSearchId } = (await add(buyer.token, `keyword=${word}`, '批量订阅')).data
    await publish(t.app, seller.token, kingAccount(king, { title: `${word} 一号` }))
    await sweep()
    expect(await alertsOf(buyer.token)).toHaveLength(1) // the first match of a quiet search goes out at once
    for (let i = 0; i < 12; i++)
      await publish(t.app, seller.token, kingAccount(king, { title: `${word} 第${i}个` }))
    clock += SAVED_SEARCH_WINDOW_MS / 2
    await sweep() // inside the window: collected, not sent
    expect(await alertsOf(buyer.token)).toHaveLength(1)
    clock += SAVED_SEARCH_WINDOW_MS / 2
    await sweep()
    const alerts = await alertsOf(buyer.token)
    expect(alerts).toHaveLength(2)
    expect(alerts[0].title).toBe('订阅提醒：「批量订阅」有 12 件新商品')
    expect(alerts[0].content).toContain('等共 12 件')
    const row = (await list(buyer.token)).rows[0]
    expect(row).toMatchObject({ savedSearchId, newCount: 13, lastAlertAt: clock })
    // opening the search clears the count
    await call(t.app, 'POST', '/api/user/savedSearch/seen', { token: buyer.token, body: { savedSearchId } })
    expect((await list(buyer.token)).rows[0].newCount).toBe(0)
    // one live event per alert, naming the search
    const events = await liveEvents(buyer.userId)
    expect(events).toHaveLength(2)
    expect(JSON.parse(events[1]!.data)).toMatchObject({ savedSearchId, name: '批量订阅', count: 12 })
    nextWindow()
    await sweep()
    expect(await alertsOf(buyer.token)).toHaveLength(2) // nothing new: nothing sent
  })

  it('a paused search gets nothing; resumed, it matches again', async () => {
    const buyer = await newUser(t.app, 'ssq')
    const word = '暂停测试'
    const { savedSearchId } = (await add(buyer.token, `keyword=${word}`)).data
    const pause = (paused: boolean) =>
      call(t.app, 'POST', '/api/user/savedSearch/pause', {
        token: buyer.token,
        body: { savedSearchId, paused },
      })
    await pause(true)
    await publish(t.app, seller.token, kingAccount(king, { title: `${word} 号` }))
    await sweep()
    nextWindow()
    await sweep()
    expect(await alertsOf(buyer.token)).toHaveLength(0)
    expect((await list(buyer.token)).rows[0]).toMatchObject({ paused: true, newCount: 0 })
    await pause(false)
    await publish(t.app, seller.token, kingAccount(king, { title: `${word} 新号` }))
    await sweep()
    expect(await alertsOf(buyer.token)).toHaveLength(1)
  })

  it('a relisted listing alerts; one taken down before the alert is left out', async () => {
    const buyer = await newUser(t.app, 'ssr')
    const word = '上架测试'
    await add(buyer.token, `keyword=${word}`)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { title: `${word} 号` }))
    await call(t.app, 'POST', '/api/goods/seller/offShelf', { token: seller.token, body: { goodsId } })
    expect((await sweep()).alerts).toBe(0) // off the shelf again before it was matched: left out
    await call(t.app, 'POST', '/api/goods/seller/onShelf', { token: seller.token, body: { goodsId } })
    expect((await sweep()).alerts).toBe(1)
  })

  it('sends the WeChat template to a bound user (the sandbox records it), not a second 新站内信', async () => {
    const buyer = await newUser(t.app, 'ssw')
    const openid = SANDBOX_WECHAT_USERS[2]!.openid
    const qr = (
      await call(t.app, 'POST', '/api/user/userOfficial/buildQRCode', {
        token: buyer.token,
        body: { purpose: 'BIND' },
      })
    ).data
    const scene = new URL(qr.qrContent, 'http://x').searchParams.get('scene')!
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/wechat/sandbox/scan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ scene, openid, event: 'SCAN' }).toString(),
    })
    expect(scan.statusCode).toBe(303)
    const word = '公众号测试'
    await add(buyer.token, `keyword=${word}`, '微信订阅')
    await publish(t.app, seller.token, kingAccount(king, { title: `${word} 号` }))
    await sweep()
    await t.app.wechat.drain()
    const inbox = (await t.app.wechat.sandboxInbox(openid)).filter((m) => m.template_key === 'SAVED_SEARCH')
    expect(inbox).toHaveLength(1)
    expect(inbox[0]!.title).toBe('您订阅的「微信订阅」有新商品')
    expect(inbox[0]!.content).toContain('1 件')
    const outbox = await t.app.db
      .selectFrom('wechat_outbox')
      .selectAll()
      .where('user_id', '=', buyer.userId)
      .execute()
    // the binding's own message is a 新站内信; the alert's message is not sent twice
    expect(outbox.map((r) => r.template_key).sort()).toEqual(['NEW_MESSAGE', 'SAVED_SEARCH'])
  })

  it('runs the sweeper at once through the sandbox in demo installs only', async () => {
    const res = await call(t.app, 'POST', '/api/sandbox/savedSearch/sweep')
    expect(res).toMatchObject({ code: 200, data: { listings: 0, matches: 0, alerts: 0 } })
    const prod = await startTestApp({
      seedDemo: false,
      wechatSandbox: false,
      tradeSweepMs: 0,
      savedSearchSweepMs: 0,
      wechatOutboxMs: 0,
    })
    try {
      const off = await prod.app.inject({ method: 'POST', url: '/api/sandbox/savedSearch/sweep' })
      expect(off.json().code).toBe(404)
    } finally {
      await prod.close()
    }
  })
})

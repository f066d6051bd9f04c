/**
 * Staff: 订单管理: the permission of each endpoint (admin, 运营 and 客服 read; notes need
 * trade:order:note, which 客服 lacks; buyer 403, visitor 401), the search filters, the read-only
 * detail (timeline, both parties' ledger rows, delivery masked, the dispute and its ruling) and the
 * staff note with its operation-log row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import { deliverOrder, funded, get, paidOrder, post, startClockedApp } from './test-helpers'

const clock = Date.now()
let t: TestApp
let king: GameFixture
let admin: string
let operator: string
let kefu: string
let buyer: string
let sale: { orderNo: string; buyerId: number; sellerId: number; buyerName: string; sellerName: string }

beforeAll(async () => {
  t = await startClockedApp(() => clock)
  king = await gameNamed(t.app, '王者荣耀')
  admin = await tokenOf(t.app, ...DEMO.admin)
  operator = await tokenOf(t.app, ...DEMO.operator)
  kefu = await tokenOf(t.app, ...DEMO.kefu)
  buyer = await tokenOf(t.app, ...DEMO.buyer)
  // a delivered order, disputed and ruled with a partial refund
  const s = await newUser(t.app, 'cos')
  const b = await funded(t.app, 'cob', 30_000)
  const goodsId = await publish(t.app, s.token, kingAccount(king, { price: 30_000 }))
  const orderNo = await paidOrder(t.app, b.token, goodsId)
  await deliverOrder(t.app, s.token, orderNo)
  expect(
    (await post(t.app, '/api/trade/order/dispute', b.token, { orderNo, reason: '账号被找回' })).code,
  ).toBe(200)
  expect(
    (
      await post(t.app, '/api/trade/warrant/rule', admin, {
        orderNo,
        decision: 'SPLIT',
        refundAmount: 10_000,
        reason: '双方各担一部分',
      })
    ).code,
  ).toBe(200)
  sale = { orderNo, buyerId: b.userId, sellerId: s.userId, buyerName: b.username, sellerName: s.username }
})
afterAll(() => t?.close())

describe('permissions', () => {
  const reads = () => [
    '/api/console/order/list',
    `/api/console/order/detail/${sale.orderNo}`,
    `/api/console/order/notes/${sale.orderNo}`,
  ]
  it('lets admin, 运营 and 客服 read; a buyer gets 403 and a visitor 401', async () => {
    for (const url of reads()) {
      for (const token of [admin, operator, kefu]) expect((await get(t.app, url, token)).code, url).toBe(200)
      expect((await get(t.app, url, buyer)).code, url).toBe(403)
      expect((await get(t.app, url)).code, url).toBe(401)
    }
  })
  it('lets admin and 运营 add notes; 客服 and a buyer get 403, a visitor 401', async () => {
    const body = { orderNo: 'NONE0001', content: '核对' }
    expect((await post(t.app, '/api/console/order/note', admin, body)).code).toBe(404)
    expect((await post(t.app, '/api/console/order/note', operator, body)).code).toBe(404)
    expect((await post(t.app, '/api/console/order/note', kefu, body)).code).toBe(403)
    expect((await post(t.app, '/api/console/order/note', buyer, body)).code).toBe(403)
    expect((await call(t.app, 'POST', '/api/console/order/note', { body })).code).toBe(401)
  })
})

describe('search', () => {
  const list = async (query: string) => {
    const res = await get(t.app, `/api/console/order/list?${query}`, kefu)
    expect(res.code, query).toBe(200)
    return res as { total: number; rows: Array<{ orderNo: string; status: string }> }
  }
  it('finds an order by number, by either party (name or id), game, status and time', async () => {
    const mine = (r: { rows: Array<{ orderNo: string }> }) => r.rows.some((o) => o.orderNo === sale.orderNo)
    expect((await list(`orderNo=${sale.orderNo}`)).rows).toEqual([
      expect.objectContaining({
        orderNo: sale.orderNo,
        status: 'SETTLED',
        amount: 30_000,
        buyerId: sale.buyerId,
        sellerId: sale.sellerId,
        gameName: '王者荣耀',
        notes: 0,
      }),
    ])
    expect(mine(await list(`buyer=${sale.buyerName}`))).toBe(true)
    expect(mine(await list(`buyer=${sale.buyerId}`))).toBe(true)
    expect(mine(await list(`seller=${sale.sellerName}&status=SETTLED&gameId=${king.game.gameId}`))).toBe(true)
    expect(mine(await list(`buyer=${sale.sellerName}`))).toBe(false)
    expect(mine(await list(`orderNo=${sale.orderNo}&status=UNPAID`))).toBe(false)
    expect(mine(await list(`beginTime=${clock - 1000}&endTime=${clock + 1000}`))).toBe(true)
    expect(mine(await list(`beginTime=${clock + 1000}`))).toBe(false)
    // LIKE wildcards are taken literally
    expect((await list('buyer=%25')).total).toBe(0)
    // the whole list pages (seeded demo orders included)
    const page = await list('pageSize=10')
    expect(page.rows.length).toBeLessThanOrEqual(10)
    expect(page.total).toBeGreaterThanOrEqual(1)
    expect((await get(t.app, '/api/console/order/list?status=NOPE', kefu)).msg).toBe('订单状态取值不正确')
  })
})

describe('detail', () => {
  it('shows amounts, the timeline, both ledgers, the delivery masked and the ruling', async () => {
    const res = await get(t.app, `/api/console/order/detail/${sale.orderNo}`, kefu)
    expect(res.code).toBe(200)
    const d = res.data
    expect(d).toMatchObject({ orderNo: sale.orderNo, amount: 30_000, escrowAmount: 0, status: 'SETTLED' })
    const titles = d.timeline.map((l: { title: string }) => l.title)
    for (const title of [
      '买家下单',
      '买家支付',
      '卖家开始交付',
      '卖家交付',
      '买家发起纠纷',
      '平台裁决：部分退款',
    ])
      expect(titles).toContain(title)
    expect(titles.indexOf('买家下单')).toBe(0)
    // the room's lines (the system posts of the dispute and the ruling) are in the timeline
    expect(d.timeline.some((l: { kind: string }) => l.kind === 'MESSAGE')).toBe(true)
    const ledger = d.ledger.map((l: { userId: number; type: string; amount: number }) => [
      l.userId,
      l.type,
      l.amount,
    ])
    expect(ledger).toEqual([
      [sale.buyerId, 'ORDER_PAY', -30_000],
      [sale.buyerId, 'ORDER_REFUND', 10_000],
      [sale.sellerId, 'SETTLEMENT', 20_000],
    ])
    expect(d.dispute).toMatchObject({
      state: 'RULED',
      ruling: { refundAmount: 10_000, settleAmount: 20_000 },
    })
    // delivered fields are named, their values never sent
    expect(d.delivery.fields.length).toBeGreaterThan(0)
    for (const f of d.delivery.fields) expect(f.value).toBe('******')
    const stored = await t.app.db
      .selectFrom('orders')
      .select('credentials_enc')
      .where('order_no', '=', sale.orderNo)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(d)).not.toContain(Object.values(JSON.parse(stored.credentials_enc!))[0] as string)
    expect(await get(t.app, '/api/console/order/detail/NONE0001', kefu)).toMatchObject({
      code: 404,
      msg: '订单不存在',
    })
  })
})

describe('notes', () => {
  it('adds a note with its operation-log row; lists newest first; checks the content', async () => {
    const add = (content: unknown) =>
      post(t.app, '/api/console/order/note', operator, { orderNo: sale.orderNo, content })
    expect(await add('  已电话联系买家，确认账号已找回  ')).toMatchObject({
      code: 200,
      msg: '备注已添加',
      data: { content: '已电话联系买家，确认账号已找回', staffName: 'operator' },
    })
    expect((await add('第二条备注')).code).toBe(200)
    expect(await add('   ')).toMatchObject({ code: 400, msg: '备注内容格式不正确' })
    expect((await add('备'.repeat(501))).msg).toBe('备注内容长度不能超过 500 个字符')
    const notes = await get(t.app, `/api/console/order/notes/${sale.orderNo}`, kefu)
    expect(notes.data.map((n: { content: string }) => n.content)).toEqual([
      '第二条备注',
      '已电话联系买家，确认账号已找回',
    ])
    expect((await get(t.app, `/api/console/order/detail/${sale.orderNo}`, admin)).data.noteList).toHaveLength(
      2,
    )
    expect((await get(t.app, `/api/console/order/list?orderNo=${sale.orderNo}`, admin)).rows[0].notes).toBe(2)
    const logged = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'detail', 'module'])
      .where('target', '=', sale.orderNo)
      .where('action', '=', 'order-note')
      .orderBy('id')
      .execute()
    expect(logged).toEqual([
      { module: 'trade', action: 'order-note', detail: '已电话联系买家，确认账号已找回' },
      { module: 'trade', action: 'order-note', detail: '第二条备注' },
    ])
    // the parties never see staff notes: their order answer has no such field
    const buyerView = await get(t.app, `/api/trade/order/detail/${sale.orderNo}`, buyer)
    expect(JSON.stringify(buyerView)).not.toContain('第二条备注')
  })
})

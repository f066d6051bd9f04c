/**
 * The parties' order detail (GET /trade/order/view/:orderNo, docs/order-detail.md): only its buyer and
 * its seller read it (a stranger and staff get 404), the timeline lines in order (manual and automatic
 * confirmation, the payment timeout, the review), each side's own ledger rows, the amounts, the
 * current deadline, the delivery's view log and the room summary; and the my-review filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRADE_RULES } from '../../../shared/api'
import { DEMO, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import {
  confirmOrder,
  createOrder,
  deliverOrder,
  funded,
  get,
  orderRow,
  paidOrder,
  post,
  relogin,
  startClockedApp,
  type TestUser,
} from './test-helpers'

let clock = Date.now()
const HOUR = 3600_000
const DAY = 24 * HOUR
let t: TestApp
let king: GameFixture
let seller: TestUser
let buyer: TestUser

const view = (orderNo: string, token?: string) => get(t.app, `/api/trade/order/view/${orderNo}`, token)
const titles = (d: { timeline: Array<{ title: string }> }) => d.timeline.map((l) => l.title)
const listing = (price: number) =>
  publish(t.app, seller.token, kingAccount(king, { price, title: `详情测试号 ${price}` }))

beforeAll(async () => {
  t = await startClockedApp(() => clock)
  king = await gameNamed(t.app, '王者荣耀')
  seller = await newUser(t.app, 'ods')
  buyer = await funded(t.app, 'odb', 1_000_000)
}, 60_000)
afterAll(() => t?.close())

describe('who may read it', () => {
  it('answers the buyer and the seller each their side; strangers and staff get 404, a bad number 400', async () => {
    const orderNo = await paidOrder(t.app, buyer.token, await listing(12_000))
    const b = await view(orderNo, buyer.token)
    expect(b.code).toBe(200)
    expect(b.data.order).toMatchObject({ orderNo, myRole: 'buyer', status: 'PAID', amount: 12_000 })
    const s = await view(orderNo, seller.token)
    expect(s.code).toBe(200)
    expect(s.data.order.myRole).toBe('seller')
    expect(s.data.order.actions).toContain('startDelivery')

    const stranger = await newUser(t.app, 'odx')
    expect((await view(orderNo, stranger.token)).code).toBe(404)
    // staff read orders in the console, not here (no existence leak either)
    expect((await view(orderNo, await tokenOf(t.app, ...DEMO.admin))).code).toBe(404)
    expect((await view('NOSUCHORDER1', buyer.token)).code).toBe(404)
    expect((await view(orderNo)).code).toBe(401)
    const bad = await view('abc-def', buyer.token)
    expect(bad.code).toBe(400)
    expect(bad.msg).toContain('订单号')
  })
})

describe('a paid order', () => {
  it('shows the timeline so far, the buyer’s payment row only to the buyer, and the seller’s deadline', async () => {
    const orderNo = await paidOrder(t.app, buyer.token, await listing(15_000))
    const row = await orderRow(t.app, orderNo)
    const b = (await view(orderNo, buyer.token)).data
    expect(titles(b)).toEqual(['买家下单', '买家支付'])
    expect(b.ledger).toHaveLength(1)
    expect(b.ledger[0]).toMatchObject({ type: 'ORDER_PAY', amount: -15_000, orderNo })
    expect(b.ledger[0]).not.toHaveProperty('userId')
    expect(b.deadline).toEqual({
      label: '卖家开始交付截止',
      at: Number(row.paid_at) + TRADE_RULES.sellerStartTimeoutMs,
      action: expect.stringContaining('买家可取消订单') as unknown,
    })
    expect(b.amounts).toMatchObject({
      unitPrice: 15_000,
      quantity: 1,
      amount: 15_000,
      fee: 0,
      sellerReceives: 15_000,
      escrow: 15_000,
      refunded: 0,
    })
    expect(b.delivery).toBeNull()
    expect(b.room).toMatchObject({ open: true, href: `/warrantOrderHandler.html?orderNo=${orderNo}` })
    // the seller has no ledger row of this order yet
    expect((await view(orderNo, seller.token)).data.ledger).toEqual([])
  })

  it('an unpaid order shows its payment deadline, and after it the automatic cancellation', async () => {
    const orderNo = await createOrder(t.app, buyer.token, await listing(8_000))
    const row = await orderRow(t.app, orderNo)
    const before = (await view(orderNo, buyer.token)).data
    expect(before.deadline).toMatchObject({
      label: '支付截止',
      at: Number(row.created_at) + TRADE_RULES.payTimeoutMs,
    })
    expect(before.order.actions).toEqual(expect.arrayContaining(['pay', 'cancel']))
    clock += TRADE_RULES.payTimeoutMs + 1_000
    const after = (await view(orderNo, buyer.token)).data
    expect(after.order.status).toBe('CANCELLED')
    expect(titles(after)).toEqual(['买家下单', '超时未支付，订单自动取消'])
    expect(after.deadline).toBeNull()
    expect(after.amounts).toMatchObject({ sellerReceives: 0 })
    expect(after.room.open).toBe(false)
  })
})

describe('a finished order', () => {
  it('lists delivery, the credential views, confirmation, settlement and the review in order', async () => {
    const orderNo = await paidOrder(t.app, buyer.token, await listing(20_000))
    await deliverOrder(t.app, seller.token, orderNo)
    const delivered = (await view(orderNo, seller.token)).data
    expect(delivered.deadline).toMatchObject({
      label: '自动确认收货',
      at: Number((await orderRow(t.app, orderNo)).delivered_at) + TRADE_RULES.autoConfirmMs,
    })
    expect(delivered.delivery.views).toEqual([])
    expect(delivered.delivery.fields.length).toBeGreaterThan(0)

    clock += 60_000
    expect((await get(t.app, `/api/trade/order/credentials/${orderNo}`, buyer.token)).code).toBe(200)
    const seen = (await view(orderNo, seller.token)).data.delivery
    expect(seen.views).toHaveLength(1)
    expect(seen.views[0]).toEqual({ at: clock, viewer: expect.stringMatching(/^测试/) as unknown })

    clock += 60_000
    expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    const completed = (await view(orderNo, buyer.token)).data
    expect(completed.deadline.label).toBe('保护期结束结算')

    // past the protection period the order settles to the seller
    clock += completed.order.protectionDays * DAY + 1_000
    await t.app.trade.sweep()
    await relogin(t.app, buyer)
    await relogin(t.app, seller)
    expect(
      (await post(t.app, '/api/review/rate', buyer.token, { orderNo, stars: 4, tags: [], text: '不错' }))
        .code,
    ).toBe(200)
    clock += 1_000
    const reviewId = (await view(orderNo, seller.token)).data.review.reviewId as number
    expect((await post(t.app, '/api/review/reply', seller.token, { reviewId, content: '谢谢' })).code).toBe(
      200,
    )

    const s = (await view(orderNo, seller.token)).data
    expect(s.order.status).toBe('SETTLED')
    expect(titles(s)).toEqual([
      '买家下单',
      '买家支付',
      '卖家开始交付',
      '交付完成，待买家确认',
      '卖家交付',
      '确认收货',
      '货款结算',
      '买家评价',
      '卖家回复评价',
    ])
    const times = s.timeline.map((l: { at: number }) => l.at)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(s.ledger.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['SETTLEMENT', 20_000],
    ])
    expect(s.amounts).toMatchObject({ fee: 0, sellerReceives: 20_000, escrow: 0 })
    expect(s.deadline).toBeNull()
    expect(s.review).toMatchObject({ stars: 4, reply: '谢谢' })
    const b = (await view(orderNo, buyer.token)).data
    expect(b.ledger.map((l: { type: string }) => l.type)).toEqual(['ORDER_PAY'])

    // 我的评价 / 收到的评价 filter by stars and by the reply
    const nos = async (url: string, token: string) =>
      ((await get(t.app, url, token)).rows as Array<{ orderNo: string }>).map((r) => r.orderNo)
    expect(await nos('/api/review/given?stars=4', buyer.token)).toContain(orderNo)
    expect(await nos('/api/review/given?stars=5', buyer.token)).not.toContain(orderNo)
    expect(await nos('/api/review/received?replied=true', seller.token)).toContain(orderNo)
    expect(await nos('/api/review/received?replied=false', seller.token)).not.toContain(orderNo)
    expect((await get(t.app, '/api/review/received?replied=maybe', seller.token)).msg).toContain('是否已回复')
  })

  it('names an automatic confirmation as such', async () => {
    const orderNo = await paidOrder(t.app, buyer.token, await listing(9_000))
    await deliverOrder(t.app, seller.token, orderNo)
    clock += TRADE_RULES.autoConfirmMs + 1_000
    await t.app.trade.sweep()
    await relogin(t.app, buyer)
    await relogin(t.app, seller)
    const d = (await view(orderNo, buyer.token)).data
    expect(d.order.status).toBe('COMPLETED')
    expect(titles(d)).toContain('超时自动确认收货')
    expect(titles(d)).not.toContain('确认收货')
  })

  it('shows a dispute and its ruling, the split of the money and each side’s rows', async () => {
    const orderNo = await paidOrder(t.app, buyer.token, await listing(30_000))
    await deliverOrder(t.app, seller.token, orderNo)
    clock += 1_000
    expect(
      (await post(t.app, '/api/trade/order/dispute', buyer.token, { orderNo, reason: '账号被找回' })).code,
    ).toBe(200)
    const open = (await view(orderNo, seller.token)).data
    expect(open.amounts).toMatchObject({ sellerReceives: null, escrow: 30_000 })
    expect(open.deadline).toBeNull()
    clock += 1_000
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const ruling = { orderNo, decision: 'SPLIT', refundAmount: 10_000, reason: '双方各担一部分' }
    expect((await post(t.app, '/api/trade/warrant/rule', admin, ruling)).code).toBe(200)

    const b = (await view(orderNo, buyer.token)).data
    const lines = titles(b)
    expect(lines.indexOf('交付完成，待买家确认')).toBeLessThan(lines.indexOf('买家发起纠纷'))
    expect(lines.indexOf('买家发起纠纷')).toBeLessThan(lines.indexOf('平台裁决：部分退款'))
    expect(lines).toContain('货款结算')
    const ruled = b.timeline.find((l: { title: string }) => l.title === '平台裁决：部分退款')
    expect(ruled.detail).toContain('退回买家 ¥100.00，结算卖家 ¥200.00')
    expect(b.amounts).toMatchObject({ sellerReceives: 20_000, refunded: 10_000, escrow: 0, fee: 0 })
    expect(b.ledger.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['ORDER_PAY', -30_000],
      ['ORDER_REFUND', 10_000],
    ])
    const s = (await view(orderNo, seller.token)).data
    expect(s.ledger.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['SETTLEMENT', 20_000],
    ])
  })

  it('counts the room’s posts and shows the last ones', async () => {
    const orderNo = await paidOrder(t.app, buyer.token, await listing(9_500))
    for (const content of ['你好', '请尽快发货', '好的', '马上'])
      expect(
        (await post(t.app, '/api/trade/warrant/message', buyer.token, { orderNo, content, imageIds: [] }))
          .code,
      ).toBe(200)
    const d = (await view(orderNo, seller.token)).data
    expect(d.room.count).toBeGreaterThanOrEqual(4)
    expect(d.room.last).toHaveLength(3)
    expect(d.room.last.at(-1).content).toBe('马上')
  })
})

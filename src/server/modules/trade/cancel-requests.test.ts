/** Cancellation on request: the buyer asks with a reason, the seller agrees (full refund) or refuses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_CANCEL_ANSWER_HOURS } from '../../../shared/api'
import { DEMO, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  funded,
  get,
  goodsRow,
  invariantOk,
  paidOrder,
  post,
  startClockedApp,
  statusOf,
  wallet,
} from './test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
let t: TestApp

beforeAll(async () => {
  t = await startClockedApp(now)
})
afterAll(() => t?.close())

async function paid(prefix: string) {
  const king = await gameNamed(t.app, '王者荣耀')
  const seller = await newUser(t.app, `${prefix}s`)
  const buyer = await funded(t.app, `${prefix}b`, 100_000)
  const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 40_000 }))
  const orderNo = await paidOrder(t.app, buyer.token, goodsId)
  return { seller, buyer, goodsId, orderNo }
}

describe('cancellation on request', () => {
  it('the seller agrees: the order is refunded in full and the stock is back', async () => {
    const { seller, buyer, goodsId, orderNo } = await paid('cra')
    const request = (token: string, reason = '拍错了') =>
      post(t.app, '/api/trade/order/requestCancel', token, { orderNo, reason })
    expect((await request(seller.token)).code).toBe(403)
    expect(await request(buyer.token)).toMatchObject({
      code: 200,
      data: { status: 'PENDING', reason: '拍错了', answerBy: clock + ORDER_CANCEL_ANSWER_HOURS * HOUR },
    })
    expect(await request(buyer.token)).toMatchObject({ code: 400, msg: '已申请取消，请等待卖家答复' })
    // only the seller answers
    expect(
      (await post(t.app, '/api/trade/order/answerCancel', buyer.token, { orderNo, agree: true })).code,
    ).toBe(403)
    const before = (await wallet(t.app, buyer.token)).available
    expect(
      await post(t.app, '/api/trade/order/answerCancel', seller.token, { orderNo, agree: true }),
    ).toMatchObject({ code: 200, data: { status: 'AGREED' } })
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')
    expect((await wallet(t.app, buyer.token)).available).toBe(before + 40_000)
    expect((await goodsRow(t.app, goodsId)).stock).toBe(1)
    await invariantOk(t.app)
    // answered once
    expect(
      await post(t.app, '/api/trade/order/answerCancel', seller.token, { orderNo, agree: true }),
    ).toMatchObject({ code: 400, msg: '没有待答复的取消申请' })
  })

  it('the seller refuses with a reason; the order goes on; overdue when unanswered', async () => {
    const { seller, buyer, orderNo } = await paid('crb')
    await post(t.app, '/api/trade/order/requestCancel', buyer.token, { orderNo, reason: '不想要了' })
    expect(
      await post(t.app, '/api/trade/order/answerCancel', seller.token, { orderNo, agree: false }),
    ).toMatchObject({ code: 400, msg: '请填写拒绝原因' })
    expect(
      await post(t.app, '/api/trade/order/answerCancel', seller.token, {
        orderNo,
        agree: false,
        reason: '已在交付中',
      }),
    ).toMatchObject({ code: 200, data: { status: 'REFUSED', refusal: '已在交付中' } })
    expect(await statusOf(t.app, orderNo)).toBe('PAID')
    // a new request may follow a refusal; unanswered past the deadline it is overdue
    await post(t.app, '/api/trade/order/requestCancel', buyer.token, { orderNo, reason: '再申请一次' })
    clock += ORDER_CANCEL_ANSWER_HOURS * HOUR + 1
    expect((await get(t.app, `/api/trade/order/cancelRequest/${orderNo}`, seller.token)).data).toMatchObject({
      status: 'PENDING',
      overdue: true,
    })
  })

  it('an overdue request reaches staff by itself: a dispute in 纠纷仲裁, both parties told, once', async () => {
    const { seller, buyer, orderNo } = await paid('crc')
    await post(t.app, '/api/trade/order/requestCancel', buyer.token, { orderNo, reason: '买错区服了' })
    // not yet due: nothing happens
    clock += ORDER_CANCEL_ANSWER_HOURS * HOUR - 1000
    await t.app.trade.escalateOverdue()
    expect(await statusOf(t.app, orderNo)).toBe('PAID')

    clock += 2000
    // two processes (or two overlapping runs) at once: one hand-over
    const handed = await Promise.all([t.app.trade.escalateOverdue(), t.app.trade.escalateOverdue()])
    expect(handed.reduce((a, b) => a + b, 0)).toBe(1)
    await t.app.trade.escalateOverdue()
    expect(await statusOf(t.app, orderNo)).toBe('ARBITRATING')
    const disputeRows = await t.app.db
      .selectFrom('disputes')
      .selectAll()
      .where('order_no', '=', orderNo)
      .execute()
    expect(disputeRows).toHaveLength(1)
    expect(disputeRows[0]).toMatchObject({ opened_by: null, from_status: 'PAID', status: 'OPEN' })
    expect(disputeRows[0]!.reason).toContain('买错区服了')

    // staff find it in the 纠纷仲裁 queue (the permission is checked on the server)
    const staff = await tokenOf(t.app, ...DEMO.admin)
    const queue = await get(t.app, `/api/trade/warrant/disputes?state=OPEN&pageSize=100`, staff)
    expect(queue.rows.find((d: { orderNo: string }) => d.orderNo === orderNo)).toMatchObject({
      state: 'OPEN',
      fromStatus: 'PAID',
      openedBy: null,
    })
    expect((await get(t.app, `/api/trade/warrant/disputes?state=OPEN`, buyer.token)).code).toBe(403)

    // both parties told once; the request reads as handed over and the history says so
    for (const user of [buyer, seller]) {
      const notes = await t.app.db
        .selectFrom('web_messages')
        .select('title')
        .where('user_id', '=', user.userId)
        .where('title', '=', '取消申请已转平台处理')
        .execute()
      expect(notes).toHaveLength(1)
    }
    expect((await get(t.app, `/api/trade/order/cancelRequest/${orderNo}`, buyer.token)).data).toMatchObject({
      status: 'ESCALATED',
      overdue: false,
    })
    const events = await t.app.db
      .selectFrom('order_events')
      .select('kind')
      .where('order_no', '=', orderNo)
      .where('kind', '=', 'CANCEL_ESCALATED')
      .execute()
    expect(events).toHaveLength(1)
    // staff may now rule (a full refund is the cancellation)
    expect(
      await post(t.app, '/api/trade/warrant/rule', staff, {
        orderNo,
        decision: 'REFUND',
        reason: '卖家超时未答复，同意取消',
      }),
    ).toMatchObject({ code: 200 })
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')
    await invariantOk(t.app)
  })

  it('a request the seller answered in time, or an order that moved on, is not handed over', async () => {
    const a = await paid('crd')
    await post(t.app, '/api/trade/order/requestCancel', a.buyer.token, {
      orderNo: a.orderNo,
      reason: '不要了',
    })
    await post(t.app, '/api/trade/order/answerCancel', a.seller.token, {
      orderNo: a.orderNo,
      agree: false,
      reason: '已经在交付',
    })
    const b = await paid('cre')
    await post(t.app, '/api/trade/order/requestCancel', b.buyer.token, {
      orderNo: b.orderNo,
      reason: '不要了',
    })
    expect(
      (
        await post(t.app, '/api/trade/order/dispute', b.buyer.token, {
          orderNo: b.orderNo,
          reason: '卖家不理',
        })
      ).code,
    ).toBe(200)
    clock += ORDER_CANCEL_ANSWER_HOURS * HOUR + 1
    await t.app.trade.escalateOverdue()
    expect(await statusOf(t.app, a.orderNo)).toBe('PAID')
    const disputesOfB = await t.app.db
      .selectFrom('disputes')
      .select('id')
      .where('order_no', '=', b.orderNo)
      .execute()
    expect(disputesOfB).toHaveLength(1)
  })
})

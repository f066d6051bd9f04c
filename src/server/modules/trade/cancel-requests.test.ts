/** Cancellation on request: the buyer asks with a reason, the seller agrees (full refund) or refuses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_CANCEL_ANSWER_HOURS } from '../../../shared/api'
import { type TestApp } from '../../test-utils'
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
})

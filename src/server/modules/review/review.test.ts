/**
 * Reviews end to end on the server: who may rate (the buyer of a completed order, once, within 15
 * days), the seller's one reply, reports once per user, the public shop list and credit, and staff
 * hiding with its permission checks and op_logs rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, tokenOf, type Json, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type NewUser } from '../goods/test-helpers'
import { confirmOrder, deliverOrder, funded, paidOrder, startClockedApp } from '../trade/test-helpers'

const clock = Date.now()
const now = () => clock
const DAY = 24 * 3600_000
let t: TestApp
let seller: NewUser
let buyer: NewUser
let stranger: NewUser
let completedNo: string
let paidNo: string
let lateNo: string
let admin: string
let operator: string
let kefu: string

const post = (url: string, token: string | undefined, body: unknown): Promise<Json> =>
  call(t.app, 'POST', url, { token, body })
const get = (url: string, token?: string): Promise<Json> => call(t.app, 'GET', url, { token })

async function completedOrder(price: number): Promise<string> {
  const king = await gameNamed(t.app, '王者荣耀')
  const goodsId = await publish(
    t.app,
    seller.token,
    kingAccount(king, { price, title: `评价测试号 ${price}` }),
  )
  const orderNo = await paidOrder(t.app, buyer.token, goodsId)
  await deliverOrder(t.app, seller.token, orderNo)
  expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(200)
  return orderNo
}

beforeAll(async () => {
  t = await startClockedApp(now)
  seller = await newUser(t.app, 'rvs')
  buyer = await funded(t.app, 'rvb', 1_000_000)
  stranger = await newUser(t.app, 'rvx')
  completedNo = await completedOrder(10_000)
  lateNo = await completedOrder(10_100)
  const king = await gameNamed(t.app, '王者荣耀')
  paidNo = await paidOrder(
    t.app,
    buyer.token,
    await publish(t.app, seller.token, kingAccount(king, { price: 9_900 })),
  )
  ;[admin, operator, kefu] = await Promise.all([
    tokenOf(t.app, ...DEMO.admin),
    tokenOf(t.app, ...DEMO.operator),
    tokenOf(t.app, ...DEMO.kefu),
  ])
}, 60_000)
afterAll(() => t?.close())

describe('rating', () => {
  it('lets only the buyer of a completed order rate it, once, with valid tags and no contact details', async () => {
    const body = {
      orderNo: completedNo,
      stars: 5,
      tags: ['AS_DESCRIBED', 'FAST_DELIVERY'],
      text: '<b>很好</b>，秒发',
    }
    expect((await post('/api/review/rate', undefined, body)).code).toBe(401)
    expect(await post('/api/review/rate', seller.token, body)).toMatchObject({
      code: 403,
      msg: '只有买家可以评价订单',
    })
    expect((await post('/api/review/rate', stranger.token, body)).code).toBe(404)
    expect(await post('/api/review/rate', buyer.token, { ...body, orderNo: paidNo })).toMatchObject({
      code: 400,
      msg: '订单完成后才能评价',
    })
    expect(await post('/api/review/rate', buyer.token, { ...body, stars: 6 })).toMatchObject({ code: 400 })
    expect((await post('/api/review/rate', buyer.token, { ...body, stars: 6 })).msg).toContain('评分')
    expect(await post('/api/review/rate', buyer.token, { ...body, tags: ['NOPE'] })).toMatchObject({
      code: 400,
      msg: '评价标签取值不正确',
    })
    expect(
      await post('/api/review/rate', buyer.token, { ...body, text: '加我QQ 12345678 便宜' }),
    ).toMatchObject({
      code: 400,
      msg: '评价内容不能包含联系方式（QQ号）',
    })
    expect((await post('/api/review/rate', buyer.token, { ...body, text: 'x'.repeat(501) })).code).toBe(400)

    const ok = await post('/api/review/rate', buyer.token, body)
    expect(ok).toMatchObject({
      code: 200,
      data: {
        orderNo: completedNo,
        stars: 5,
        tags: ['描述相符', '发货迅速'],
        text: '很好，秒发',
        reply: null,
      },
    })
    expect(await post('/api/review/rate', buyer.token, { ...body, stars: 1 })).toMatchObject({
      code: 400,
      msg: '该订单已评价，不能重复评价',
    })
    // the seller is told
    const inbox = await post('/api/user/message/webMessagePage', seller.token, { pageSize: 5 })
    expect(JSON.stringify(inbox)).toContain('您收到了一条新评价')
  })

  it('closes the window 15 days after completion', async () => {
    await t.app.db
      .updateTable('orders')
      .set({ completed_at: clock - 15 * DAY - 60_000 })
      .where('order_no', '=', lateNo)
      .execute()
    expect(await post('/api/review/rate', buyer.token, { orderNo: lateNo, stars: 3 })).toMatchObject({
      code: 400,
      msg: '订单完成已超过 15 天，不能再评价',
    })
    await t.app.db
      .updateTable('orders')
      .set({ completed_at: clock - 14 * DAY })
      .where('order_no', '=', lateNo)
      .execute()
    const ok = await post('/api/review/rate', buyer.token, { orderNo: lateNo, stars: 3 })
    expect(ok).toMatchObject({ code: 200, data: { stars: 3, tags: [], text: '' } })
  })
})

describe('reply, report and the public views', () => {
  it('lets the seller reply once; nobody else may', async () => {
    const [review] = (await get(`/api/review/ofOrders?orderNos=${completedNo},${paidNo}`, seller.token)).data
    expect(review.orderNo).toBe(completedNo)
    const reviewId = review.reviewId
    expect((await post('/api/review/reply', buyer.token, { reviewId, content: '谢谢' })).code).toBe(404)
    expect((await post('/api/review/reply', stranger.token, { reviewId, content: '谢谢' })).code).toBe(404)
    const ok = await post('/api/review/reply', seller.token, { reviewId, content: '感谢支持！' })
    expect(ok).toMatchObject({ code: 200, data: { reply: '感谢支持！' } })
    expect(await post('/api/review/reply', seller.token, { reviewId, content: '再说一句' })).toMatchObject({
      code: 400,
      msg: '已回复过该评价，不能再次回复',
    })
    // strangers see nothing of other people's orders
    expect((await get(`/api/review/ofOrders?orderNos=${completedNo}`, stranger.token)).data).toEqual([])
    expect((await get('/api/review/given', buyer.token)).total).toBe(2)
    expect((await get('/api/review/received', seller.token)).total).toBe(2)
  })

  it('takes one report per user, never the author’s', async () => {
    const [review] = (await get(`/api/review/ofOrders?orderNos=${completedNo}`, buyer.token)).data
    const body = { reviewId: review.reviewId, reason: '内容不实' }
    expect(await post('/api/review/report', buyer.token, body)).toMatchObject({
      code: 400,
      msg: '不能举报自己的评价',
    })
    expect((await post('/api/review/report', undefined, body)).code).toBe(401)
    expect((await post('/api/review/report', stranger.token, body)).code).toBe(200)
    expect(await post('/api/review/report', stranger.token, body)).toMatchObject({
      code: 400,
      msg: '您已举报过该评价',
    })
    expect(
      (await post('/api/review/report', stranger.token, { reviewId: 2_000_000, reason: 'x' })).code,
    ).toBe(404)
  })

  it('shows the shop its reviews (buyer masked) and the seller credit, publicly', async () => {
    const shop = await get(`/api/review/shop/${seller.userId}`)
    expect(shop.total).toBe(2)
    expect(shop.rows[1]).toMatchObject({ stars: 5, reply: '感谢支持！', buyerId: 0 })
    expect(shop.rows[1].buyerName).toMatch(/^.\*\*$/)
    expect((await get(`/api/review/shop/${seller.userId}?stars=3`)).total).toBe(1)
    const credit = await get(`/api/review/credit/${seller.userId}`)
    expect(credit.data).toEqual({
      sellerId: seller.userId,
      rating: 4,
      reviewCount: 2,
      completedCount: 2,
      disputeRate: 0,
      paidCount: 3,
      disputedCount: 0,
      lostDisputes: 0,
      level: 1,
      levelName: '新手卖家',
    })
    // a dispute on the paid order: 1 of 3 paid orders went to arbitration
    const opened = await post('/api/trade/order/dispute', buyer.token, {
      orderNo: paidNo,
      reason: '迟迟不发货',
    })
    expect(opened.code).toBe(200)
    expect((await get(`/api/review/credit/${seller.userId}`)).data).toMatchObject({
      completedCount: 2,
      disputeRate: 0.3333,
      disputedCount: 1,
      lostDisputes: 0,
    })
    // a ruling that refunds the buyer is a lost dispute for 90 days (set directly: the ruling is the warrant module's)
    const refunded = (refundedAt: number) =>
      t.app.db
        .updateTable('orders')
        .set({ status: 'REFUNDED', refunded_at: refundedAt })
        .where('order_no', '=', paidNo)
        .execute()
    await refunded(clock - 89 * DAY)
    expect((await get(`/api/review/credit/${seller.userId}`)).data.lostDisputes).toBe(1)
    await refunded(clock - 91 * DAY)
    expect((await get(`/api/review/credit/${seller.userId}`)).data.lostDisputes).toBe(0)
  })
})

describe('staff', () => {
  it('lists reviews by permission: admin and operator yes, 客服 and buyers no, visitors 401', async () => {
    expect((await get(`/api/review/staff/list?sellerId=${seller.userId}`, admin)).total).toBe(2)
    const reported = await get(`/api/review/staff/list?reported=true&sellerId=${seller.userId}`, operator)
    expect(reported).toMatchObject({ code: 200, total: 1 })
    expect(reported.rows[0]).toMatchObject({ reportCount: 1, stars: 5 })
    expect((await get('/api/review/staff/list', kefu)).code).toBe(403)
    expect((await get('/api/review/staff/list', buyer.token)).code).toBe(403)
    expect((await get('/api/review/staff/list')).code).toBe(401)
    // refusals are written to the operation log with the permission asked for
    const denied = await t.app.db
      .selectFrom('op_logs')
      .select(['detail'])
      .where('status', '=', 'DENIED')
      .where('user_name', '=', 'kefu')
      .where('target', '=', 'GET /api/review/staff/list')
      .execute()
    expect(denied).toEqual([{ detail: 'trade:review:list' }])
  })

  it('hides and shows a review with a reason, logged in op_logs; hidden reviews leave the shop and credit', async () => {
    const [review] = (await get(`/api/review/staff/list?stars=5&sellerId=${seller.userId}`, admin)).rows
    const reviewId = review.reviewId
    const hide = { reviewId, hidden: true, reason: '含不实内容' }
    expect((await post('/api/review/staff/hide', kefu, hide)).code).toBe(403)
    expect((await post('/api/review/staff/hide', buyer.token, hide)).code).toBe(403)
    expect((await post('/api/review/staff/hide', undefined, hide)).code).toBe(401)
    expect((await post('/api/review/staff/hide', operator, { ...hide, reason: ' ' })).code).toBe(400)
    const hidden = await post('/api/review/staff/hide', operator, hide)
    expect(hidden).toMatchObject({ code: 200, data: { hidden: true, hiddenReason: '含不实内容' } })
    expect(await post('/api/review/staff/hide', operator, hide)).toMatchObject({
      code: 400,
      msg: '该评价已隐藏',
    })

    expect((await get(`/api/review/shop/${seller.userId}`)).total).toBe(1)
    expect((await get(`/api/review/credit/${seller.userId}`)).data).toMatchObject({
      rating: 3,
      reviewCount: 1,
    })
    expect((await get(`/api/review/staff/list?hidden=true&sellerId=${seller.userId}`, admin)).total).toBe(1)
    // the parties still see it, marked hidden; a new report is refused
    const [mine] = (await get(`/api/review/ofOrders?orderNos=${completedNo}`, buyer.token)).data
    expect(mine.hidden).toBe(true)
    expect((await post('/api/review/report', seller.token, { reviewId, reason: '再举报' })).code).toBe(400)

    expect(
      (await post('/api/review/staff/hide', admin, { reviewId, hidden: false, reason: '复核无误' })).data,
    ).toMatchObject({ hidden: false, hiddenReason: null })
    expect((await get(`/api/review/shop/${seller.userId}`)).total).toBe(2)

    const logged = await t.app.db
      .selectFrom('op_logs')
      .select(['action', 'detail', 'status'])
      .where('target', '=', String(reviewId))
      .where('action', 'like', 'review%')
      .orderBy('id')
      .execute()
    expect(logged).toEqual([
      { action: 'reviewHide', detail: '含不实内容', status: 'SUCCESS' },
      { action: 'reviewUnhide', detail: '复核无误', status: 'SUCCESS' },
    ])
  })
})

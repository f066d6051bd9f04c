/** Guaranteed-order rooms: disputes freeze the time rules, staff rule release or refund, evidence images. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, tokenOf, type TestApp } from '../../test-utils'
import {
  flatImage,
  gameNamed,
  kingAccount,
  newUser,
  publish,
  uploadImage,
  type GameFixture,
} from '../goods/test-helpers'
import {
  confirmOrder,
  addRole,
  deliverOrder,
  dreamCoin,
  funded,
  get,
  goodsRow,
  invariantOk,
  ledgerOf,
  orderRow,
  paidOrder,
  post,
  relogin,
  startClockedApp,
  statusOf,
  type TestUser,
} from '../trade/test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
const DAY = 24 * HOUR
let t: TestApp
let king: GameFixture

beforeAll(async () => {
  t = await startClockedApp(now)
  king = await gameNamed(t.app, '王者荣耀')
})
afterAll(() => t?.close())

const admin = () => tokenOf(t.app, ...DEMO.admin)
const dispute = (token: string, orderNo: string, reason = '账号被找回') =>
  post(t.app, '/api/trade/order/dispute', token, { orderNo, reason })
const rule = (token: string, orderNo: string, decision: 'RELEASE' | 'REFUND', reason = '核实完毕') =>
  post(t.app, '/api/trade/warrant/rule', token, { orderNo, decision, reason })

async function sale(price: number): Promise<{ seller: TestUser; buyer: TestUser; orderNo: string }> {
  const seller = await newUser(t.app, 'wrs')
  const buyer = await funded(t.app, 'wrb', price)
  const goodsId = await publish(t.app, seller.token, kingAccount(king, { price }))
  return { seller, buyer, orderNo: await paidOrder(t.app, buyer.token, goodsId) }
}

describe('disputes', () => {
  it('freeze auto-confirm and settlement; staff release the money to the seller', async () => {
    const { seller, buyer, orderNo } = await sale(70_000)
    await deliverOrder(t.app, seller.token, orderNo)
    const stranger = await newUser(t.app, 'wrx')
    expect((await dispute(stranger.token, orderNo)).code).toBe(404)
    expect((await dispute(await admin(), orderNo)).code).toBe(403)
    const opened = await dispute(buyer.token, orderNo, '  登录后发现账号被二次找回  ')
    expect(opened).toMatchObject({
      code: 200,
      data: {
        status: 'ARBITRATING',
        disputedFrom: 'TO_CONFIRM',
        deadlineAt: null,
        actions: ['viewCredentials'],
      },
    })
    expect((await dispute(buyer.token, orderNo)).code).toBe(400)
    // the room shows the system line; staff now see the room
    const msgs = await get(t.app, `/api/trade/warrant/messages/${orderNo}`, seller.token)
    expect(msgs.data.at(-1)).toMatchObject({
      senderRole: 'system',
      content: '订单进入仲裁：登录后发现账号被二次找回',
    })
    const staffRooms = await get(t.app, '/api/trade/warrant/rooms', await admin())
    expect(staffRooms.data.map((r: { orderNo: string }) => r.orderNo)).toContain(orderNo)
    // frozen: no confirm, no auto-confirm, no settlement however long it waits
    expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(400)
    clock += 73 * HOUR
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('ARBITRATING')
    clock += 30 * DAY
    await t.app.trade.sweep()
    expect(await orderRow(t.app, orderNo)).toMatchObject({ status: 'ARBITRATING', escrow_amount: 70_000 })
    await relogin(t.app, buyer)
    await relogin(t.app, seller)
    expect((await get(t.app, `/api/trade/order/detail/${orderNo}`, buyer.token)).data.status).toBe(
      'ARBITRATING',
    )
    expect(await ledgerOf(t.app, seller.userId)).toEqual([])

    // only staff rule
    expect((await rule(buyer.token, orderNo, 'REFUND')).code).toBe(403)
    expect((await rule(seller.token, orderNo, 'RELEASE')).code).toBe(403)
    expect(await statusOf(t.app, orderNo)).toBe('ARBITRATING')
    const staff = await admin()
    expect(await rule(staff, orderNo, 'RELEASE', '卖家提供了交接记录')).toMatchObject({ code: 200 })
    expect(await orderRow(t.app, orderNo)).toMatchObject({ status: 'SETTLED', escrow_amount: 0 })
    expect(await ledgerOf(t.app, seller.userId)).toMatchObject([
      { type: 'SETTLEMENT', amount: 70_000, available_after: 70_000, order_no: orderNo },
    ])
    expect((await ledgerOf(t.app, buyer.userId)).map((l) => l.type)).toEqual(['TOPUP', 'ORDER_PAY'])
    expect((await rule(staff, orderNo, 'REFUND')).msg).toBe('只有仲裁中的订单可以裁决')
    const last = (await get(t.app, `/api/trade/warrant/messages/${orderNo}`, buyer.token)).data.at(-1)
    expect(last).toMatchObject({ senderRole: 'system', content: expect.stringContaining('放款给卖家') })
    const inbox = await t.app.db
      .selectFrom('web_messages')
      .select('title')
      .where('user_id', '=', buyer.userId)
      .execute()
    expect(inbox.map((m) => m.title)).toContain('订单仲裁结果')
    await invariantOk(t.app)
  })

  it('opened after completion (before settlement) freeze it; staff refund the buyer', async () => {
    const { seller, buyer, orderNo } = await sale(40_000)
    await deliverOrder(t.app, seller.token, orderNo)
    expect((await confirmOrder(t.app, buyer.token, orderNo)).data.status).toBe('COMPLETED')
    clock += 6 * DAY
    await relogin(t.app, seller)
    expect(await dispute(seller.token, orderNo, '买家换绑后恶意找回')).toMatchObject({
      code: 200,
      data: { status: 'ARBITRATING', disputedFrom: 'COMPLETED' },
    })
    clock += 2 * DAY
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('ARBITRATING')

    const before = await invariantOk(t.app)
    expect(await rule(await admin(), orderNo, 'REFUND', '证据不足')).toMatchObject({ code: 200 })
    expect(await orderRow(t.app, orderNo)).toMatchObject({ status: 'REFUNDED', escrow_amount: 0 })
    expect((await ledgerOf(t.app, buyer.userId)).at(-1)).toMatchObject({
      type: 'ORDER_REFUND',
      amount: 40_000,
      available_after: 40_000,
      order_no: orderNo,
    })
    expect(await ledgerOf(t.app, seller.userId)).toEqual([])
    const after = await invariantOk(t.app)
    expect(after.escrow).toBe(before.escrow - 40_000)
    expect(after.available).toBe(before.available + 40_000)
    // settled or refunded orders cannot be disputed any more
    await relogin(t.app, buyer)
    expect((await dispute(buyer.token, orderNo)).code).toBe(400)
  })

  it('a paid order disputed before delivery is refunded by staff; a settled one cannot be disputed', async () => {
    const { seller, buyer, orderNo } = await sale(25_000)
    expect((await dispute(buyer.token, orderNo, '卖家不回复')).data.disputedFrom).toBe('PAID')
    // the 48-hour cancel is frozen too
    clock += 49 * HOUR
    expect((await post(t.app, '/api/trade/order/cancel', buyer.token, { orderNo })).code).toBe(400)
    expect((await post(t.app, '/api/trade/order/startDelivery', seller.token, { orderNo })).code).toBe(400)
    expect(await rule(await admin(), orderNo, 'REFUND', '卖家未发货')).toMatchObject({ code: 200 })
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')
    // nothing was handed over: the account is back on sale
    const { goods_id } = await orderRow(t.app, orderNo)
    expect(await goodsRow(t.app, goods_id)).toEqual({ stock: 1, status: 'ON_SALE' })
    await invariantOk(t.app)

    const other = await sale(10_000)
    await deliverOrder(t.app, other.seller.token, other.orderNo)
    await confirmOrder(t.app, other.buyer.token, other.orderNo)
    clock += 7 * DAY
    await t.app.trade.sweep()
    expect(await statusOf(t.app, other.orderNo)).toBe('SETTLED')
    await relogin(t.app, other.buyer)
    expect((await dispute(other.buyer.token, other.orderNo)).code).toBe(400)
    await invariantOk(t.app)
  })

  it('a refunded order whose goods were delivered does not put them on sale again', async () => {
    const seller = await newUser(t.app, 'wis')
    const buyer = await funded(t.app, 'wib', 9_000)
    const { fx, body } = await dreamCoin(t.app, {
      goodsType: 'ITEM',
      title: '梦幻西游 无级别 巨剑',
      price: 9_000,
      stock: 1,
      attributes: { 道具名称: '无级别 巨剑', 道具类型: '装备' },
    })
    const goodsId = await publish(t.app, seller.token, body)
    const roleId = await addRole(t.app, buyer.token, fx)
    const orderNo = await paidOrder(t.app, buyer.token, goodsId, { roleId })
    await deliverOrder(t.app, seller.token, orderNo)
    await dispute(buyer.token, orderNo, '收到的不是描述的装备')
    expect(await rule(await admin(), orderNo, 'REFUND', '卖家同意退款')).toMatchObject({ code: 200 })
    expect(await goodsRow(t.app, goodsId)).toEqual({ stock: 0, status: 'SOLD' })
    const again = await funded(t.app, 'wic', 9_000)
    expect(
      (await post(t.app, '/api/trade/order/create', again.token, { goodsId, quantity: 1, roleId })).code,
    ).toBe(400)
    await invariantOk(t.app)
  })
})

describe('room messages', () => {
  it('take evidence images only from the poster’s own uploads', async () => {
    const { seller, buyer, orderNo } = await sale(15_000)
    const mine = (await uploadImage(t.app, buyer.token, await flatImage(320, 240))).data.imageId as string
    const theirs = (
      await uploadImage(t.app, seller.token, await flatImage(320, 240, 'png', { r: 9, g: 9, b: 9 }))
    ).data.imageId as string
    const postMsg = (token: string, content: string, imageIds?: string[]) =>
      post(t.app, '/api/trade/warrant/message', token, {
        orderNo,
        content,
        ...(imageIds ? { imageIds } : {}),
      })
    expect(await postMsg(buyer.token, '这是对方的截图', [theirs])).toMatchObject({
      code: 400,
      msg: '图片不存在或不属于您',
    })
    expect(await postMsg(buyer.token, '', ['0'.repeat(32)])).toMatchObject({
      code: 400,
      msg: '图片不存在或不属于您',
    })
    expect(await postMsg(buyer.token, '', [mine, theirs])).toMatchObject({ code: 400 })
    expect((await postMsg(buyer.token, '', ['not-an-id'])).code).toBe(400)
    expect(await postMsg(buyer.token, '   ')).toMatchObject({ code: 400, msg: '请输入消息内容或上传图片' })
    // the filter the pre-sale chat shares (rules/message-safety.ts)
    expect(await postMsg(buyer.token, '加我QQ 12345678 私下交易')).toMatchObject({
      code: 400,
      msg: '消息不能包含站外联系方式（QQ号），请在平台内沟通，谨防诈骗',
    })
    expect((await postMsg(buyer.token, '', [mine, mine])).code).toBe(200)
    expect((await postMsg(buyer.token, '发货后无法登录', [mine])).code).toBe(200)
    const stranger = await newUser(t.app, 'wrq')
    expect((await postMsg(stranger.token, '我也来', [])).code).toBe(404)
    expect((await get(t.app, `/api/trade/warrant/messages/${orderNo}`, stranger.token)).code).toBe(404)
    // staff see a room only once it is disputed (or they have posted in it)
    const staff = await admin()
    expect((await get(t.app, `/api/trade/warrant/messages/${orderNo}`, staff)).code).toBe(404)

    const seen = await get(t.app, `/api/trade/warrant/messages/${orderNo}`, seller.token)
    expect(seen.data).toMatchObject([
      { senderRole: 'buyer', content: '', imageUrls: [`/api/goods/image/file/${mine}.jpg`] },
      { senderRole: 'buyer', content: '发货后无法登录', imageUrls: [`/api/goods/image/file/${mine}.jpg`] },
    ])
    await dispute(buyer.token, orderNo, '无法登录')
    expect((await get(t.app, `/api/trade/warrant/messages/${orderNo}`, staff)).code).toBe(200)
    const staffImage = (await uploadImage(t.app, staff, await flatImage(100, 100))).data.imageId as string
    expect(
      (
        await post(t.app, '/api/trade/warrant/message', staff, {
          orderNo,
          content: '请双方提供截图',
          imageIds: [staffImage],
        })
      ).code,
    ).toBe(200)
    const rooms = await get(t.app, '/api/trade/warrant/rooms', buyer.token)
    expect(rooms.data.find((r: { orderNo: string }) => r.orderNo === orderNo)).toMatchObject({ unread: 1 })
  })
})

/**
 * Handing an account over: the transfer form checked by field kind, corrections until the buyer
 * confirms (logged and announced), and automatic delivery at payment from a complete delivery
 * account (docs/trading-rules.md, "Delivery").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import {
  confirmOrder,
  funded,
  get,
  invariantOk,
  paidOrder,
  payOrder,
  createOrder,
  post,
  startClockedApp,
  statusOf,
  type TestUser,
} from './test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
let t: TestApp
let king: GameFixture
let seller: TestUser

const GOOD = {
  QQ号或微信号: '10086123',
  登录密码: 'Pw -with spaces ',
  绑定手机: '13912345678',
  实名身份证号: '11010519491231002X',
}

beforeAll(async () => {
  t = await startClockedApp(now)
  king = await gameNamed(t.app, '王者荣耀')
  seller = await newUser(t.app, 'hos')
})
afterAll(() => t?.close())

async function sellerOrder(price = 20_000) {
  const buyer = await funded(t.app, 'hob', 100_000)
  const goodsId = await publish(t.app, seller.token, kingAccount(king, { price }))
  const orderNo = await paidOrder(t.app, buyer.token, goodsId)
  expect((await post(t.app, '/api/trade/order/startDelivery', seller.token, { orderNo })).code).toBe(200)
  return { buyer, goodsId, orderNo }
}

const deliver = (orderNo: string, fields: Record<string, string>) =>
  post(t.app, '/api/trade/order/deliver', seller.token, { orderNo, fields })

describe('the transfer form', () => {
  it.each([
    ['a phone 139abc', { 绑定手机: '139abc' }, '绑定手机须为 11 位手机号'],
    ['an ID number 123', { 实名身份证号: '123' }, '实名身份证号：身份证号须为 18 位（最后一位可为 X）'],
    [
      'a wrong ID checksum',
      { 实名身份证号: '110105194912310021' },
      '实名身份证号：身份证号校验位不正确，请核对',
    ],
    ['300 characters', { QQ号或微信号: 'x'.repeat(300) }, 'QQ号或微信号长度不能超过 64 个字符'],
    ['an account @@@', { QQ号或微信号: '@@@' }, 'QQ号或微信号须为 QQ 号、微信号、手机号或邮箱'],
    ['a 501-character note', { 交接备注: '长'.repeat(501) }, '交接备注长度不能超过 500 个字符'],
    ['an unknown field', { 其他: 'x' }, '未知的交付字段：其他'],
  ])('refuses %s, and the order stays in delivery', async (_name, patch, msg) => {
    const { orderNo } = await sellerOrder()
    expect(await deliver(orderNo, { ...GOOD, ...patch })).toMatchObject({ code: 400, msg })
    expect(await statusOf(t.app, orderNo)).toBe('DELIVERING')
  })

  it('takes valid values (passwords untrimmed) and logs the hand-over without its values', async () => {
    const { buyer, orderNo } = await sellerOrder()
    expect(await deliver(orderNo, GOOD)).toMatchObject({ code: 200, data: { status: 'TO_CONFIRM' } })
    const creds = await get(t.app, `/api/trade/order/credentials/${orderNo}`, buyer.token)
    expect(creds.data.fields).toContainEqual({
      key: '登录密码',
      label: '登录密码',
      value: 'Pw -with spaces ',
    })
    expect(creds.data).toMatchObject({ automatic: false, corrections: [] })
    const events = await t.app.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_no', '=', orderNo)
      .execute()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ kind: 'DELIVERED', actor_id: seller.userId })
    expect(events[0].detail).not.toContain('13912345678')
  })
})

describe('corrections', () => {
  it('lets the seller correct until the buyer confirms: logged, announced, the 72 hours restart', async () => {
    const { buyer, orderNo } = await sellerOrder()
    await deliver(orderNo, GOOD)
    const form = await get(t.app, `/api/trade/order/deliveryForm/${orderNo}`, seller.token)
    expect(form.data).toMatchObject({ correcting: true, values: { 绑定手机: '13912345678' } })
    expect((await get(t.app, `/api/trade/order/detail/${orderNo}`, seller.token)).data.actions).toContain(
      'correctDelivery',
    )

    const correct = (fields: Record<string, string>, token = seller.token) =>
      post(t.app, '/api/trade/order/correctDelivery', token, { orderNo, fields })
    expect(await correct(GOOD)).toMatchObject({ code: 400, msg: '交付信息没有变化' })
    expect(await correct({ ...GOOD, 绑定手机: '1391234' })).toMatchObject({ code: 400 })
    expect((await correct({ ...GOOD, 登录密码: 'New#pass1' }, buyer.token)).code).toBe(403)

    clock += 10 * HOUR
    const res = await correct({ ...GOOD, 登录密码: 'New#pass1' })
    expect(res).toMatchObject({ code: 200, data: { status: 'TO_CONFIRM', deliveryCorrections: 1 } })
    expect(res.data.deadlineAt).toBe(clock + 72 * HOUR)

    const creds = await get(t.app, `/api/trade/order/credentials/${orderNo}`, buyer.token)
    expect(creds.data.fields).toContainEqual({ key: '登录密码', label: '登录密码', value: 'New#pass1' })
    expect(creds.data.corrections).toEqual([{ at: clock, fields: '登录密码' }])
    const messages = await call(t.app, 'POST', '/api/user/message/webMessagePage', {
      token: buyer.token,
      body: { messageType: 'ORDER' },
    })
    expect(messages.rows[0]).toMatchObject({ title: '卖家修改了交付信息' })
    expect(messages.rows[0].content).toContain('登录密码')

    expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    expect((await correct({ ...GOOD, 登录密码: 'Later#pw2' })).msg).toBe(
      '只有待买家确认收货的订单可以修改交付信息',
    )
  })
})

describe('automatic delivery', () => {
  const saveAccount = (goodsId: number, fields: Record<string, string>) =>
    post(t.app, '/api/goods/seller/deliveryAccount/save', seller.token, { goodsId, fields })
  const setAuto = (goodsId: number, enabled: boolean, token = seller.token) =>
    post(t.app, '/api/goods/seller/deliveryAccount/autoDelivery', token, { goodsId, enabled })

  it('is refused without a complete delivery account, and for someone else’s listing', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king))
    expect(await setAuto(goodsId, true)).toMatchObject({
      code: 400,
      msg: '请先完整填写发货账号，再开启自动交付',
    })
    const stranger = await newUser(t.app, 'hox')
    expect((await setAuto(goodsId, true, stranger.token)).code).toBe(403)
  })

  it('hands the credentials to the buyer at payment, logged like a manual delivery', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 30_000 }))
    expect((await saveAccount(goodsId, GOOD)).data).toMatchObject({ complete: true, autoDelivery: false })
    expect((await setAuto(goodsId, true)).code).toBe(200)
    expect((await get(t.app, `/api/goods/detail/${goodsId}`)).data.autoDelivery).toBe(true)

    const buyer = await funded(t.app, 'hoa', 100_000)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    const paid = await payOrder(t.app, buyer.token, orderNo)
    expect(paid).toMatchObject({ code: 200, data: { status: 'TO_CONFIRM', autoDelivered: true } })
    const creds = await get(t.app, `/api/trade/order/credentials/${orderNo}`, buyer.token)
    expect(creds.data).toMatchObject({ automatic: true })
    expect(creds.data.fields).toContainEqual({ key: '绑定手机', label: '绑定手机', value: '13912345678' })
    const events = await t.app.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_no', '=', orderNo)
      .execute()
    expect(events.map((e) => e.kind)).toEqual(['AUTO_DELIVERED'])
    await invariantOk(t.app)
  })

  it('switches itself off when the delivery account is removed; payment then waits for the seller', async () => {
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 30_000 }))
    await saveAccount(goodsId, GOOD)
    await setAuto(goodsId, true)
    // an incomplete account cannot even be saved
    expect(await saveAccount(goodsId, { 绑定手机: '' })).toMatchObject({ code: 400, msg: '请填写绑定手机' })
    expect(
      (await post(t.app, '/api/goods/seller/deliveryAccount/remove', seller.token, { goodsId })).code,
    ).toBe(200)
    expect((await get(t.app, `/api/goods/detail/${goodsId}`)).data.autoDelivery).toBe(false)
    const buyer = await funded(t.app, 'hoc', 100_000)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    expect((await payOrder(t.app, buyer.token, orderNo)).data).toMatchObject({
      status: 'PAID',
      autoDelivered: false,
    })
  })
})

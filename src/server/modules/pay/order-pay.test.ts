/**
 * Paying an order through 支付宝 (docs/payments.md, "Paying an order"): the real Alipay adapter
 * against the simulator. The channel part is a top-up that pays the order once credited; a balance
 * part needs the payment password; the payment of an order that can no longer be paid goes back to
 * 支付宝, and the buyer is told.
 */
import { describe, expect, it } from 'vitest'
import { call, encryptPassword, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import { createOrder, funded, invariantOk, ledgerOf, PAY_PASSWORD, statusOf } from '../trade/test-helpers'
import { appWithSimulator, available, eventually } from './test-helpers'

async function listing(t: TestApp, price: number) {
  const seller = await newUser(t.app, 'ops', { verified: true })
  return publish(t.app, seller.token, { ...kingAccount(await gameNamed(t.app, '王者荣耀')), price })
}

const payChannel = async (t: TestApp, token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/trade/order/payChannel', { token, body })

describe('an order paid through 支付宝', () => {
  it('all of it through the channel: paid into escrow once the payment is credited', async () => {
    const { t, simCall } = await appWithSimulator()
    const goodsId = await listing(t, 6_600)
    const buyer = await funded(t.app, 'opa', 0)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    const res = await payChannel(t, buyer.token, { orderNo, channel: 'alipay' })
    expect(res).toMatchObject({ code: 200, data: { channelAmount: 6_600, balanceAmount: 0 } })
    expect(res.data.payUrl).toContain('gateway.do')

    await simCall('/_sim/pay', { url: res.data.payUrl })
    await eventually(async () => (await statusOf(t.app, orderNo)) === 'PAID', 'the order is paid')
    expect(await available(t, buyer.token)).toBe(0)
    const rows = (await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, Number(l.amount)])
    expect(rows).toEqual([
      ['TOPUP', 6_600],
      ['ORDER_PAY', -6_600],
    ])
    await invariantOk(t.app)
  })

  it('balance first, the rest through the channel; the balance part needs the payment password', async () => {
    const { t, simCall } = await appWithSimulator()
    const goodsId = await listing(t, 10_000)
    const buyer = await funded(t.app, 'opm', 3_000)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    expect(await payChannel(t, buyer.token, { orderNo, channel: 'alipay', useBalance: true })).toMatchObject({
      code: 400,
      msg: '使用余额抵扣需要输入支付密码',
    })
    const wrong = await payChannel(t, buyer.token, {
      orderNo,
      channel: 'alipay',
      useBalance: true,
      payPassword: await encryptPassword(t.app, '000000'),
    })
    expect(wrong.code).toBe(400)
    const res = await payChannel(t, buyer.token, {
      orderNo,
      channel: 'alipay',
      useBalance: true,
      payPassword: await encryptPassword(t.app, PAY_PASSWORD),
    })
    expect(res).toMatchObject({ code: 200, data: { channelAmount: 7_000, balanceAmount: 3_000 } })
    await simCall('/_sim/pay', { url: res.data.payUrl })
    await eventually(async () => (await statusOf(t.app, orderNo)) === 'PAID', 'the order is paid')
    expect(await available(t, buyer.token)).toBe(0)
    await invariantOk(t.app)

    // enough balance: the channel is not for it
    const rich = await funded(t.app, 'opr', 20_000)
    const other = await createOrder(t.app, rich.token, await listing(t, 5_000))
    expect(
      await payChannel(t, rich.token, { orderNo: other, channel: 'alipay', useBalance: true }),
    ).toMatchObject({
      code: 400,
      msg: '余额足够支付本订单，请使用余额支付',
    })
  })

  it('an order cancelled before the payment arrived: the payment goes back to 支付宝 (ledger rows both ways) and the buyer is told', async () => {
    const { t, simCall } = await appWithSimulator()
    const goodsId = await listing(t, 4_200)
    const buyer = await funded(t.app, 'opc', 0)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    const res = await payChannel(t, buyer.token, { orderNo, channel: 'alipay' })
    expect(
      (await call(t.app, 'POST', '/api/trade/order/cancel', { token: buyer.token, body: { orderNo } })).code,
    ).toBe(200)
    await simCall('/_sim/pay', { url: res.data.payUrl })
    const refunds = () =>
      t.app.db
        .selectFrom('pay_refunds')
        .select(['amount', 'status', 'source'])
        .where('order_no', '=', orderNo)
        .execute()
    await eventually(async () => (await refunds()).some((r) => r.status === 'SUCCESS'), 'refunded to 支付宝')
    expect((await refunds()).map((r) => [Number(r.amount), r.source])).toEqual([[4_200, 'BALANCE']])
    expect(await statusOf(t.app, orderNo)).toBe('CANCELLED')
    expect(await available(t, buyer.token)).toBe(0)
    const rows = (await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, Number(l.amount)])
    expect(rows).toEqual([
      ['TOPUP', 4_200],
      ['CHANNEL_REFUND', -4_200],
    ])
    const messages = await t.app.db
      .selectFrom('web_messages')
      .select(['title'])
      .where('user_id', '=', buyer.userId)
      .execute()
    expect(messages.map((m) => m.title)).toContain('订单未能支付，款项原路退回')
    await invariantOk(t.app)
  })
})

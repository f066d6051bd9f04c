/** Trading: the order life cycle, its guards and time rules, the 50-buyer race, exactly-once top-ups. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TransferField } from '../../../shared/api'
import { demoTransferValue } from '../../db/seed/goods'
import { checkInvariant } from '../funds/invariant'
import { call, encryptPassword, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import { creditTopUp, startClockedApp } from './test-helpers'
import { appWithSimulator, attemptOf, topup, verdicts } from '../pay/test-helpers'

let clock = Date.now()
const now = () => clock
const HOUR = 3600_000
let t: TestApp

beforeAll(async () => {
  t = await startClockedApp(now)
})
afterAll(() => t?.close())

// a top-up credited as a verified notification credits it (the round trip through the simulator:
// funds/topups.test.ts, pay/pay.test.ts and the notification test below)
const topUp = (token: string, amount: number) => creditTopUp(t.app, token, amount)

async function funded(prefix: string, amount: number) {
  const u = await newUser(t.app, prefix)
  await topUp(u.token, amount)
  const set = await call(t.app, 'POST', '/api/funds/payPassword', {
    token: u.token,
    body: {
      payPassword: await encryptPassword(t.app, '135792'),
      loginPassword: await encryptPassword(t.app, 'Passw0rd!x'),
    },
  })
  expect(set.code).toBe(200)
  return u
}

const wallet = async (token: string) => (await call(t.app, 'GET', '/api/funds/wallet', { token })).data
const invariantOk = async () => {
  const inv = await checkInvariant(t.app.db)
  expect(inv).toMatchObject({ ok: true })
  return inv
}

describe('orders', () => {
  it('runs create → pay → deliver → confirm → settle with guards and ledger rows', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'sel')
    const buyer = await funded('buy', 200_000)
    const stranger = await funded('str', 1000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 100_000 }))

    expect(
      (
        await call(t.app, 'POST', '/api/trade/order/create', {
          token: seller.token,
          body: { goodsId, quantity: 1 },
        })
      ).msg,
    ).toBe('不能购买自己发布的商品')
    const created = await call(t.app, 'POST', '/api/trade/order/create', {
      token: buyer.token,
      body: { goodsId, quantity: 1 },
    })
    expect(created).toMatchObject({
      code: 200,
      data: { status: 'UNPAID', amount: 100_000, actions: ['pay', 'cancel'] },
    })
    const orderNo = created.data.orderNo
    expect(created.data.deadlineAt).toBe(clock + 15 * 60_000)
    expect(
      (await call(t.app, 'GET', `/api/trade/order/detail/${orderNo}`, { token: stranger.token })).code,
    ).toBe(404)
    // sold out for others
    expect(
      (
        await call(t.app, 'POST', '/api/trade/order/create', {
          token: stranger.token,
          body: { goodsId, quantity: 1 },
        })
      ).code,
    ).toBe(400)

    const bad = await call(t.app, 'POST', '/api/trade/order/pay', {
      token: buyer.token,
      body: { orderNo, payPassword: await encryptPassword(t.app, '000000') },
    })
    expect(bad.msg).toContain('还可尝试 4 次')
    const paid = await call(t.app, 'POST', '/api/trade/order/pay', {
      token: buyer.token,
      body: { orderNo, payPassword: await encryptPassword(t.app, '135792') },
    })
    expect(paid).toMatchObject({ code: 200, data: { status: 'PAID' } })
    expect(await wallet(buyer.token)).toMatchObject({ available: 100_000, inEscrowAsBuyer: 100_000 })

    expect(
      (await call(t.app, 'POST', '/api/trade/order/startDelivery', { token: buyer.token, body: { orderNo } }))
        .code,
    ).toBe(403)
    expect(
      (
        await call(t.app, 'POST', '/api/trade/order/startDelivery', {
          token: seller.token,
          body: { orderNo },
        })
      ).data.status,
    ).toBe('DELIVERING')
    const form = await call(t.app, 'GET', `/api/trade/order/deliveryForm/${orderNo}`, { token: seller.token })
    const fields: Record<string, string> = {}
    for (const f of form.data.fields as TransferField[])
      fields[f.key] = f.kind === 'password' ? 'Secret#991' : demoTransferValue(f, 0)
    const delivered = await call(t.app, 'POST', '/api/trade/order/deliver', {
      token: seller.token,
      body: { orderNo, fields },
    })
    expect(delivered.data.status).toBe('TO_CONFIRM')
    expect(
      (await call(t.app, 'GET', `/api/trade/order/credentials/${orderNo}`, { token: seller.token })).code,
    ).toBe(403)
    const creds = await call(t.app, 'GET', `/api/trade/order/credentials/${orderNo}`, { token: buyer.token })
    expect(creds.data.fields.map((f: { value: string }) => f.value)).toContain('Secret#991')
    // the room refuses the password
    const leak = await call(t.app, 'POST', '/api/trade/warrant/message', {
      token: seller.token,
      body: { orderNo, content: '密码是 Secret#991' },
    })
    expect(leak.code).toBe(400)
    expect(
      (
        await call(t.app, 'POST', '/api/trade/warrant/message', {
          token: seller.token,
          body: { orderNo, content: '已交付，请换绑' },
        })
      ).code,
    ).toBe(200)
    expect(
      (await call(t.app, 'GET', '/api/user/message/getIkkGroupMessage', { token: buyer.token })).data
        ?.hasNewWarrantMessage ?? true,
    ).toBe(true)
    const rooms = await call(t.app, 'GET', '/api/trade/warrant/rooms', { token: buyer.token })
    expect(rooms.data[0]).toMatchObject({ orderNo, unread: 1 })
    await call(t.app, 'GET', `/api/trade/warrant/messages/${orderNo}`, { token: buyer.token })
    expect(
      (await call(t.app, 'GET', '/api/trade/warrant/rooms', { token: buyer.token })).data[0].unread,
    ).toBe(0)

    const confirm = async (token: string, pw: string) =>
      call(t.app, 'POST', '/api/trade/order/confirm', {
        token,
        body: { orderNo, payPassword: await encryptPassword(t.app, pw) },
      })
    expect((await confirm(seller.token, '135792')).code).toBe(403)
    // confirming releases escrow toward the seller: the payment password, like paying
    expect(
      (await call(t.app, 'POST', '/api/trade/order/confirm', { token: buyer.token, body: { orderNo } })).msg,
    ).toBe('支付密码不能为空')
    expect(await confirm(buyer.token, '975318')).toMatchObject({
      code: 400,
      msg: '支付密码错误，还可尝试 4 次',
    })
    expect(
      (await call(t.app, 'GET', `/api/trade/order/detail/${orderNo}`, { token: buyer.token })).data.status,
    ).toBe('TO_CONFIRM')
    expect((await confirm(buyer.token, '135792')).data).toMatchObject({ status: 'COMPLETED' })
    clock += 6 * 24 * HOUR
    await t.app.trade.sweep()
    // (sessions expire as the clock moves days: read the state from the database)
    const statusOf = async () =>
      (
        await t.app.db
          .selectFrom('orders')
          .select('status')
          .where('order_no', '=', orderNo)
          .executeTakeFirstOrThrow()
      ).status
    expect(await statusOf()).toBe('COMPLETED')
    clock += 1 * 24 * HOUR + 1
    await t.app.trade.sweep()
    expect(await statusOf()).toBe('SETTLED')
    const ledger = await t.app.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', seller.userId)
      .execute()
    expect(ledger).toMatchObject([
      { type: 'SETTLEMENT', amount: 100_000, available_after: 100_000, order_no: orderNo },
    ])
    const records = await call(
      t.app,
      'GET',
      `/api/trade/record/prices?gameId=${king.game.gameId}&goodsType=ACCOUNT`,
    )
    expect(records.data.rows.some((r: { orderNo: string }) => r.orderNo === orderNo)).toBe(true)
    await invariantOk()
  })

  it('cancels unpaid orders after 15 minutes and releases the listing; insufficient balance', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'sel')
    const buyer = await funded('poor', 1000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 50_000 }))
    const { data } = await call(t.app, 'POST', '/api/trade/order/create', {
      token: buyer.token,
      body: { goodsId, quantity: 1 },
    })
    const pay = await call(t.app, 'POST', '/api/trade/order/pay', {
      token: buyer.token,
      body: { orderNo: data.orderNo, payPassword: await encryptPassword(t.app, '135792') },
    })
    expect(pay.msg).toBe('余额不足，请先充值')
    clock += 15 * 60_000
    const detail = await call(t.app, 'GET', `/api/trade/order/detail/${data.orderNo}`, { token: buyer.token })
    expect(detail.data.status).toBe('CANCELLED')
    const again = await call(t.app, 'POST', '/api/trade/order/create', {
      token: buyer.token,
      body: { goodsId, quantity: 1 },
    })
    expect(again.code).toBe(200)
    await invariantOk()
  })

  it('50 concurrent buyers race for a stock-1 account: exactly one pays', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'race')
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 30_000 }))
    const buyers = []
    for (let i = 0; i < 50; i++) buyers.push(await funded(`r${i}`, 40_000))
    const pw = await encryptPassword(t.app, '135792')
    const results = await Promise.all(
      buyers.map(async (b) => {
        const o = await call(t.app, 'POST', '/api/trade/order/create', {
          token: b.token,
          body: { goodsId, quantity: 1 },
        })
        if (o.code !== 200) return o.msg as string
        const p = await call(t.app, 'POST', '/api/trade/order/pay', {
          token: b.token,
          body: { orderNo: o.data.orderNo, payPassword: pw },
        })
        return p.code === 200 ? 'PAID' : p.msg
      }),
    )
    expect(results.filter((r) => r === 'PAID')).toHaveLength(1)
    expect(results.filter((r) => r !== 'PAID').every((m) => /售出/.test(m))).toBe(true)
    const balances = await Promise.all(buyers.map((b) => wallet(b.token)))
    expect(balances.filter((w) => w.available === 10_000)).toHaveLength(1)
    expect(balances.filter((w) => w.available === 40_000)).toHaveLength(49)
    await invariantOk()
  }, 120_000)

  it('applies the same Alipay notification arriving 20 times at once exactly once', async () => {
    // the simulator holds its own first delivery back a minute: the 20 copies race alone
    const { t: app, simCall } = await appWithSimulator(60_000)
    const u = await newUser(app.app, 'n20')
    const created = await topup(app, u.token, 12_345)
    await simCall('/_sim/pay', { url: created.payUrl })
    const { attempt_no: attemptNo } = await attemptOf(app, created.topupNo)
    const [stored] = (await (
      await fetch(
        `${created.payUrl.slice(0, created.payUrl.indexOf('/gateway.do'))}/_sim/notifications?outTradeNo=${attemptNo}`,
      )
    ).json()) as Array<{ body: string }>
    const send = (body: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/pay/notify/alipay',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: body,
      })
    const altered = new URLSearchParams(stored.body)
    altered.set('total_amount', '1234.50')
    const forged = await send(altered.toString())
    expect(forged.body).not.toBe('success')
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(stored.body)))
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill('success'))
    const seen = await verdicts(app, attemptNo)
    expect(seen.filter((v) => v === 'APPLIED')).toHaveLength(1)
    expect(seen.filter((v) => v === 'DUPLICATE')).toHaveLength(19)
    expect((await call(app.app, 'GET', '/api/funds/wallet', { token: u.token })).data).toMatchObject({
      available: 12_345,
    })
    expect((await call(app.app, 'GET', '/api/funds/ledger', { token: u.token })).total).toBe(1)
    expect(await checkInvariant(app.app.db)).toMatchObject({ ok: true })
  })
})

/**
 * Refunds return money the way it came (docs/payments.md, "Refunds"): the real Alipay adapter
 * against the simulator. An order's channel part goes back to 支付宝 when its money comes back to
 * the buyer (a cancellation, a ruling), a refund the provider cannot take now is retried by the
 * refunds job, and a payment that arrives too late is refunded by itself.
 */
import { describe, expect, it } from 'vitest'
import { call, DEMO, encryptPassword, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  confirmOrder,
  createOrder,
  deliverOrder,
  funded,
  invariantOk,
  ledgerOf,
  PAY_PASSWORD,
  post,
  statusOf,
} from '../trade/test-helpers'
import {
  advance,
  appWithSimulator,
  attemptOf,
  available,
  closers,
  eventually,
  MINUTE,
  now,
  topup,
  verdicts,
} from './test-helpers'

const HOUR = 60 * MINUTE

async function listing(t: TestApp, price: number, protectionDays = 0) {
  const seller = await newUser(t.app, 'rfs', { verified: true })
  const goodsId = await publish(t.app, seller.token, {
    ...kingAccount(await gameNamed(t.app, '王者荣耀'), protectionDays ? { protectionDays } : {}),
    price,
  })
  return { seller, goodsId }
}

type Env = Awaited<ReturnType<typeof appWithSimulator>>

/** An order of `price` paid with `balance` from the balance and the rest through 支付宝 at the simulator. */
async function channelPaidOrder(env: Env, price: number, balance = 0, protectionDays = 0) {
  const { t, simCall } = env
  const { seller, goodsId } = await listing(t, price, protectionDays)
  const buyer = await funded(t.app, 'rfb', balance)
  const orderNo = await createOrder(t.app, buyer.token, goodsId)
  const body: Record<string, unknown> = { orderNo, channel: 'alipay' }
  if (balance > 0)
    Object.assign(body, { useBalance: true, payPassword: await encryptPassword(t.app, PAY_PASSWORD) })
  const res = await call(t.app, 'POST', '/api/trade/order/payChannel', { token: buyer.token, body })
  expect(res.code).toBe(200)
  await simCall('/_sim/pay', { url: res.data.payUrl })
  await eventually(async () => (await statusOf(t.app, orderNo)) === 'PAID', 'the order is paid')
  const attempt = await attemptOf(t, res.data.topupNo)
  return { seller, buyer, orderNo, topupNo: res.data.topupNo as string, attemptNo: attempt.attempt_no }
}

const refundsOf = (t: TestApp, attemptNo: string) =>
  t.app.db
    .selectFrom('pay_refunds')
    .select(['refund_no', 'amount', 'status', 'source', 'order_no'])
    .where('attempt_no', '=', attemptNo)
    .orderBy('id')
    .execute()
    // amounts are bigint columns: numbers for comparing
    .then((rows) => rows.map((r) => ({ ...r, amount: Number(r.amount) })))

async function simTrade(env: Env, attemptNo: string) {
  const res = await fetch(`${env.sim.url}/_sim/trade?outTradeNo=${attemptNo}`)
  return (await res.json()) as { refunded: number; total: number; status: string }
}

const cancel = (t: TestApp, token: string, orderNo: string) =>
  call(t.app, 'POST', '/api/trade/order/cancel', { token, body: { orderNo } })

describe('refunds to 支付宝', () => {
  it('a cancelled order paid through 支付宝 is refunded there; the balance is back where it was', async () => {
    const env = await appWithSimulator()
    const { t } = env
    const { seller, buyer, orderNo, attemptNo } = await channelPaidOrder(env, 6_600)
    advance(49 * HOUR) // the seller did not start delivering: the buyer may cancel
    expect((await cancel(t, buyer.token, orderNo)).code).toBe(200)
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')

    expect(await refundsOf(t, attemptNo)).toMatchObject([
      { amount: 6_600, status: 'SUCCESS', source: 'BALANCE', order_no: orderNo },
    ])
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 6_600, total: 6_600 })
    expect(await available(t, buyer.token)).toBe(0)
    const rows = (await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, Number(l.amount)])
    expect(rows).toEqual([
      ['TOPUP', 6_600],
      ['ORDER_PAY', -6_600],
      ['ORDER_REFUND', 6_600],
      ['CHANNEL_REFUND', -6_600],
    ])
    // Alipay's refund notification comes too: recognised, nothing more moves
    await eventually(
      async () => (await verdicts(t, attemptNo)).includes('REFUNDED'),
      'the refund is notified',
    )
    expect(await available(t, buyer.token)).toBe(0)
    const inv = await invariantOk(t.app)
    expect(inv.refundedToChannel).toBeGreaterThanOrEqual(6_600)

    // the buyer sees where the money went and when (the order page), the seller nothing of it
    const view = await call(t.app, 'GET', `/api/trade/order/view/${orderNo}`, { token: buyer.token })
    expect(view.data.channelRefunds).toMatchObject([{ channel: 'ALIPAY', amount: 6_600, status: 'SUCCESS' }])
    expect(view.data.ledger.at(-1)).toMatchObject({ type: 'CHANNEL_REFUND', amount: -6_600 })
    expect(view.data.ledger.at(-1).remark).toContain('退回支付宝')
    const sellerView = await call(t.app, 'GET', `/api/trade/order/view/${orderNo}`, { token: seller.token })
    expect(sellerView.data.channelRefunds).toEqual([])
  })

  it('a partial ruling: the channel part of the refund goes to 支付宝 first, the rest stays in the balance', async () => {
    const env = await appWithSimulator()
    const { t } = env
    // 3,000 from the balance, 7,000 through 支付宝
    const { seller, buyer, orderNo, attemptNo } = await channelPaidOrder(env, 10_000, 3_000)
    await deliverOrder(t.app, seller.token, orderNo)
    expect(
      (await post(t.app, '/api/trade/order/dispute', buyer.token, { orderNo, reason: '账号被找回' })).code,
    ).toBe(200)
    const staff = await tokenOf(t.app, ...DEMO.admin)
    expect(
      (
        await post(t.app, '/api/trade/warrant/rule', staff, {
          orderNo,
          decision: 'SPLIT',
          refundAmount: 8_000,
          reason: '核实完毕，部分退款',
        })
      ).code,
    ).toBe(200)
    expect(await refundsOf(t, attemptNo)).toMatchObject([{ amount: 7_000, status: 'SUCCESS' }])
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 7_000 })
    // 3,000 − 3,000 paid + 8,000 refunded − 7,000 to 支付宝
    expect(await available(t, buyer.token)).toBe(1_000)
    await invariantOk(t.app)
  })

  it('a 包赔 payout to the buyer goes back to 支付宝 too', async () => {
    const env = await appWithSimulator()
    const { t } = env
    const { seller, buyer, orderNo, attemptNo } = await channelPaidOrder(env, 10_000, 0, 30)
    await deliverOrder(t.app, seller.token, orderNo)
    expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    const claim = await post(t.app, '/api/protection/claim', buyer.token, {
      orderNo,
      reason: 'RECOVERED',
      description: '账号三天后被原号主通过申诉找回。',
    })
    expect(claim.code).toBe(200)
    const staff = await tokenOf(t.app, ...DEMO.admin)
    const decided = await post(t.app, '/api/protection/staff/decide', staff, {
      claimId: claim.data.claimId,
      approve: true,
      amount: 2_000,
    })
    expect(decided.code).toBe(200)
    expect(await refundsOf(t, attemptNo)).toMatchObject([{ amount: 2_000, status: 'SUCCESS' }])
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 2_000 })
    const rows = (await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, Number(l.amount)])
    expect(rows.slice(-2)).toEqual([
      ['PROTECTION_PAYOUT', 2_000],
      ['CHANNEL_REFUND', -2_000],
    ])
    expect(await available(t, buyer.token)).toBe(0)
    await invariantOk(t.app)
  })

  it('a refund 支付宝 cannot take now stays pending (out of the balance) and the refunds job finishes it', async () => {
    const env = await appWithSimulator()
    const { t, simCall } = env
    const { buyer, orderNo, attemptNo } = await channelPaidOrder(env, 5_000)
    await simCall('/_sim/fault', { method: 'alipay.trade.refund', kind: 'system', times: 1 })
    advance(49 * HOUR)
    expect((await cancel(t, buyer.token, orderNo)).code).toBe(200)
    expect(await refundsOf(t, attemptNo)).toMatchObject([{ amount: 5_000, status: 'PENDING' }])
    expect(await available(t, buyer.token)).toBe(0)
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 0 })
    await invariantOk(t.app)

    // not yet due: the job leaves it
    expect(await t.app.services.pay.chaseRefunds()).toMatchObject({ asked: 0 })
    advance(2 * MINUTE)
    expect(await t.app.services.pay.chaseRefunds()).toEqual({ asked: 1, settled: 1 })
    expect(await refundsOf(t, attemptNo)).toMatchObject([{ amount: 5_000, status: 'SUCCESS' }])
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 5_000 })
    // asked again: the same refund number refunds once
    expect(await t.app.services.pay.chaseRefunds()).toMatchObject({ asked: 0 })
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 5_000 })
    await invariantOk(t.app)
  })

  it('a payment for an attempt we had closed is refunded at 支付宝 by itself, never touching the balance', async () => {
    const env = await appWithSimulator()
    const { t, simCall } = env
    const u = await newUser(t.app, 'rfl')
    const created = await topup(t, u.token, 1_500)
    const attempt = await attemptOf(t, created.topupNo)
    await t.app.db
      .updateTable('pay_attempts')
      .set({ status: 'CLOSED' })
      .where('attempt_no', '=', attempt.attempt_no)
      .execute()
    await simCall('/_sim/pay', { url: created.payUrl })
    await eventually(
      async () => (await refundsOf(t, attempt.attempt_no)).some((r) => r.status === 'SUCCESS'),
      'the late payment is refunded',
    )
    expect(await refundsOf(t, attempt.attempt_no)).toMatchObject([
      { amount: 1_500, status: 'SUCCESS', source: 'PROVIDER', order_no: null },
    ])
    expect(await simTrade(env, attempt.attempt_no)).toMatchObject({ refunded: 1_500 })
    expect((await verdicts(t, attempt.attempt_no))[0]).toBe('CLOSED_ATTEMPT')
    expect(await available(t, u.token)).toBe(0)
    // Alipay's refund notification, and its repeat: recognised, refunded once
    await eventually(async () => (await verdicts(t, attempt.attempt_no)).includes('REFUNDED'), 'notified')
    await simCall('/_sim/renotify', { outTradeNo: attempt.attempt_no })
    await eventually(
      async () => (await verdicts(t, attempt.attempt_no)).filter((v) => v === 'REFUNDED').length === 2,
      'the repeat is recorded',
    )
    expect(await refundsOf(t, attempt.attempt_no)).toHaveLength(1)
    expect(await simTrade(env, attempt.attempt_no)).toMatchObject({ refunded: 1_500 })
    await invariantOk(t.app)
  })

  it('a refund 支付宝 refuses outright (ACQ.TRADE_STATUS_ERROR): FAILED at once, the money back in the balance, staff and the buyer see it', async () => {
    const env = await appWithSimulator()
    const { t, simCall } = env
    const { buyer, orderNo, attemptNo } = await channelPaidOrder(env, 3_000)
    await simCall('/_sim/fault', {
      method: 'alipay.trade.refund',
      kind: 'refuse',
      subCode: 'ACQ.TRADE_STATUS_ERROR',
    })
    advance(49 * HOUR)
    expect((await cancel(t, buyer.token, orderNo)).code).toBe(200)
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')
    await eventually(async () => (await refundsOf(t, attemptNo))[0]?.status === 'FAILED', 'the refund fails')
    expect(await refundsOf(t, attemptNo)).toMatchObject([
      { amount: 3_000, status: 'FAILED', source: 'BALANCE' },
    ])
    const { fail_reason } = await t.app.db
      .selectFrom('pay_refunds')
      .select('fail_reason')
      .where('attempt_no', '=', attemptNo)
      .executeTakeFirstOrThrow()
    expect(fail_reason).toContain('交易状态不合法（ACQ.TRADE_STATUS_ERROR）')
    // nothing left 支付宝; the money is back in the balance, with both ledger rows
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 0 })
    expect(await available(t, buyer.token)).toBe(3_000)
    const rows = (await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, Number(l.amount)])
    expect(rows.slice(-2)).toEqual([
      ['CHANNEL_REFUND', -3_000],
      ['CHANNEL_REFUND_RETURN', 3_000],
    ])
    // staff: 支付通知 lists it among those to look at, with Alipay's words
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const forStaff = await call(t.app, 'GET', '/api/pay/staff/notifications?onlyStaff=true&pageSize=50', {
      token: admin,
    })
    expect(forStaff.rows).toContainEqual(
      expect.objectContaining({
        verdict: 'REFUND_FAILED',
        attemptNo,
        amount: 3_000,
        needsStaff: true,
        raw: expect.stringContaining('ACQ.TRADE_STATUS_ERROR'),
      }),
    )
    // the buyer: a message and the order page
    const messages = await t.app.db
      .selectFrom('web_messages')
      .select(['title', 'content'])
      .where('user_id', '=', buyer.userId)
      .execute()
    expect(messages).toContainEqual(
      expect.objectContaining({
        title: '原路退款失败',
        content: expect.stringContaining('已退回您的可用余额'),
      }),
    )
    const view = await call(t.app, 'GET', `/api/trade/order/view/${orderNo}`, { token: buyer.token })
    expect(view.data.channelRefunds).toMatchObject([{ channel: 'ALIPAY', amount: 3_000, status: 'FAILED' }])
    // a refusal is final: the refunds job does not ask again, nothing moves twice
    advance(2 * MINUTE)
    expect(await t.app.services.pay.chaseRefunds()).toMatchObject({ asked: 0 })
    expect(await available(t, buyer.token)).toBe(3_000)
    await invariantOk(t.app)
  })

  it('a late payment while 支付宝 answers 5xx: the refund is written all the same and the refunds job retries until it succeeds, once', async () => {
    const env = await appWithSimulator()
    const { t, sim, simCall } = env
    const u = await newUser(t.app, 'rlu')
    const created = await topup(t, u.token, 1_800)
    const { attempt_no: attemptNo } = await attemptOf(t, created.topupNo)
    await t.app.db
      .updateTable('pay_attempts')
      .set({ status: 'CLOSED' })
      .where('attempt_no', '=', attemptNo)
      .execute()
    // the next three gateway calls answer 502: our query and refund, then the job's first question
    await simCall('/_sim/fault', { method: '*', kind: 'http500', times: 3 })
    await simCall('/_sim/pay', { url: created.payUrl })
    // the notification is answered (success) once our handling of it is over
    await eventually(async () => {
      const res = await fetch(`${sim.url}/_sim/notifications?outTradeNo=${attemptNo}`)
      return ((await res.json()) as { delivered: number }[]).some((n) => n.delivered === 1)
    }, 'the notification is answered')
    expect((await verdicts(t, attemptNo))[0]).toBe('CLOSED_ATTEMPT')
    expect(await refundsOf(t, attemptNo)).toMatchObject([
      { amount: 1_800, status: 'PENDING', source: 'PROVIDER' },
    ])
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 0 })

    advance(2 * MINUTE)
    // still unreachable: it stays pending
    expect(await t.app.services.pay.chaseRefunds()).toEqual({ asked: 1, settled: 0 })
    // reachable again: Alipay never saw it, so it is asked for again with the same number
    expect(await t.app.services.pay.chaseRefunds()).toEqual({ asked: 1, settled: 1 })
    expect(await refundsOf(t, attemptNo)).toMatchObject([{ status: 'SUCCESS' }])
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 1_800 })
    expect(await t.app.services.pay.chaseRefunds()).toMatchObject({ asked: 0 })
    expect(await simTrade(env, attemptNo)).toMatchObject({ refunded: 1_800 })
    expect(await available(t, u.token)).toBe(0)
    await invariantOk(t.app)
  })

  it('a refund 微信支付 fails (退款异常): the money comes back to the balance, staff and the buyer see it', async () => {
    // a demo install: the WeChat Pay simulator mounted on this server, the real adapter talking to it
    const t = await startTestApp({ paySimulators: true, payChaseMs: 0, now })
    closers.push(t.close)
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const hook = async (path: string, body: unknown) =>
      (
        await fetch(`${origin}/sim/wechatpay${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status
    const { goodsId } = await listing(t, 2_500)
    const buyer = await funded(t.app, 'rfw', 0)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    const res = await call(t.app, 'POST', '/api/trade/order/payChannel', {
      token: buyer.token,
      body: { orderNo, channel: 'wechat', scene: 'QR' },
    })
    expect(res.code).toBe(200)
    const attempt = await attemptOf(t, res.data.topupNo)
    expect(await hook('/_sim/pay', { out_trade_no: attempt.attempt_no, action: 'pay' })).toBe(200)
    await eventually(async () => (await statusOf(t.app, orderNo)) === 'PAID', 'the order is paid')

    advance(49 * HOUR)
    expect((await cancel(t, buyer.token, orderNo)).code).toBe(200)
    // WeChat Pay takes it (PROCESSING): out of the balance, on its way
    const [refund] = await refundsOf(t, attempt.attempt_no)
    expect(refund).toMatchObject({ amount: 2_500, status: 'PENDING', source: 'BALANCE' })
    expect(await available(t, buyer.token)).toBe(0)
    await invariantOk(t.app)

    expect(await hook('/_sim/refund', { out_refund_no: refund.refund_no, status: 'ABNORMAL' })).toBe(200)
    await eventually(
      async () => (await refundsOf(t, attempt.attempt_no))[0].status === 'FAILED',
      'the refund failed',
    )
    expect(await available(t, buyer.token)).toBe(2_500)
    const rows = (await ledgerOf(t.app, buyer.userId)).map((l) => [l.type, Number(l.amount)])
    expect(rows.slice(-2)).toEqual([
      ['CHANNEL_REFUND', -2_500],
      ['CHANNEL_REFUND_RETURN', 2_500],
    ])
    const forStaff = await t.app.db
      .selectFrom('pay_notifications')
      .select(['verdict', 'needs_staff'])
      .where('attempt_no', '=', attempt.attempt_no)
      .where('verdict', '=', 'REFUND_FAILED')
      .execute()
    expect(forStaff).toEqual([{ verdict: 'REFUND_FAILED', needs_staff: 1 }])
    const messages = await t.app.db
      .selectFrom('web_messages')
      .select(['title'])
      .where('user_id', '=', buyer.userId)
      .execute()
    expect(messages.map((m) => m.title)).toContain('原路退款失败')
    const view = await call(t.app, 'GET', `/api/trade/order/view/${orderNo}`, { token: buyer.token })
    expect(view.data.channelRefunds).toMatchObject([{ channel: 'WECHAT', amount: 2_500, status: 'FAILED' }])
    await invariantOk(t.app)
  })
})

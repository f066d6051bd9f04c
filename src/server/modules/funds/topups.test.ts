/**
 * Top-ups through the pay centre (docs/payments.md): no channel without a provider (production without
 * ALIPAY_* / WECHATPAY_*: the built-in sandbox gateway is gone), old rows of that gateway still read,
 * the page the browser returns to, and the invariant check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  createOrder,
  creditTopUp,
  funded,
  get,
  invariantOk,
  ledgerOf,
  listen,
  payAtAlipay,
  payOrder,
  post,
  startClockedApp,
  topUp,
  wallet,
} from '../trade/test-helpers'
import { checkInvariant } from './invariant'
import { fundsRepo } from './repo'

const clock = Date.now()
const now = () => clock
let t: TestApp
let origin: string

beforeAll(async () => {
  t = await startClockedApp(now)
  origin = String(await listen(t.app))
})
afterAll(() => t?.close())

/** where Alipay's cashier sends the browser back (the page URL's return_url) */
const returnUrl = (payUrl: string) => new URL(payUrl).searchParams.get('return_url')

describe('top-ups', () => {
  it('have no channel without a provider (production): refused; the sandbox gateway is gone', async () => {
    const prod = await startTestApp({ seedDemo: false, tradeSweepMs: 0 })
    try {
      expect((await call(prod.app, 'GET', '/api/funds/topup/channels')).data.channels).toEqual([])
      const u = await newUser(prod.app, 'prd')
      const topup = await call(prod.app, 'POST', '/api/funds/topup/create', {
        token: u.token,
        body: { amount: 100, channel: 'alipay' },
      })
      expect(topup).toMatchObject({ code: 400, msg: '暂不支持该支付方式' })
      expect(await prod.app.db.selectFrom('topups').select('id').execute()).toEqual([])
      // the old gateway's page and notify route are unknown paths (the envelope's 404)
      const page = await prod.app.inject({ url: '/api/pay/sandbox/checkout?topupNo=T1' })
      expect(page.json().code).toBe(404)
      const notify = await prod.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: {} })
      expect(notify.json().code).toBe(404)
    } finally {
      await prod.close()
    }
  })

  it('go through 支付宝 and 微信支付 on a demo install; the channel sandbox is refused', async () => {
    const u = await newUser(t.app, 'chn')
    expect((await call(t.app, 'GET', '/api/funds/topup/channels')).data.channels).toEqual([
      'alipay',
      'wechat',
    ])
    const old = await post(t.app, '/api/funds/topup/create', u.token, { amount: 1_000, channel: 'sandbox' })
    expect(old.code).toBe(400)
    expect(old.msg).toMatch(/^支付方式/)
    // the whole round trip: the real adapter, the simulator's cashier and its notification
    const payer = await newUser(t.app, 'chp')
    await topUp(t.app, payer.token, 1_000)
    const rows = await ledgerOf(t.app, payer.userId)
    expect(rows.map((r) => [r.type, Number(r.amount), r.remark])).toEqual([
      ['TOPUP', 1_000, '充值（支付宝）'],
    ])
    const topupNo = rows[0].topup_no!
    expect(topupNo).toMatch(/^T/)
    // another user cannot read the top-up; out-of-range amounts are refused
    expect((await get(t.app, `/api/funds/topup/detail/${topupNo}`, u.token)).code).toBe(404)
    expect(
      (await post(t.app, '/api/funds/topup/create', u.token, { amount: 50, channel: 'alipay' })).code,
    ).toBe(400)
  })

  it("the tests' quick top-up (creditTopUp) leaves what the simulator's round trip leaves", async () => {
    const rows = async (userId: number, topupNo: string) => ({
      ledger: (await ledgerOf(t.app, userId)).map((r) => [r.type, Number(r.amount), r.remark]),
      topup: await t.app.db
        .selectFrom('topups')
        .select(['status', 'amount', 'channel'])
        .where('topup_no', '=', topupNo)
        .executeTakeFirstOrThrow(),
      attempts: await t.app.db
        .selectFrom('pay_attempts')
        .select(['status', 'amount', 'channel'])
        .where('biz_no', '=', topupNo)
        .execute(),
    })
    const [a, b] = [await newUser(t.app, 'qta'), await newUser(t.app, 'qtb')]
    const full = await rows(a.userId, await topUp(t.app, a.token, 2_300))
    const quick = await rows(b.userId, await creditTopUp(t.app, b.token, 2_300))
    expect(quick).toEqual(full)
    expect(quick.ledger).toEqual([['TOPUP', 2_300, '充值（支付宝）']])
    expect(quick.attempts).toEqual([expect.objectContaining({ status: 'PAID' })])
    expect((await wallet(t.app, b.token)).available).toBe(2_300)
    await invariantOk(t.app)
  })

  it('of the removed sandbox gateway still read: detail, ledger, the invariant', async () => {
    const u = await newUser(t.app, 'old')
    const at = now()
    const topupNo = `T${at}SB`
    await t.app.db.transaction().execute(async (trx) => {
      const repo = fundsRepo(trx)
      await repo.ensureWallet(u.userId, at)
      await repo.insertTopup({
        topup_no: topupNo,
        user_id: u.userId,
        amount: 3_000,
        channel: 'sandbox',
        status: 'PAID',
        created_at: at,
        paid_at: at,
      })
      await repo.move(u.userId, { type: 'TOPUP', available: 3_000, topupNo, remark: '充值（沙箱支付）', at })
    })
    expect((await get(t.app, `/api/funds/topup/detail/${topupNo}`, u.token)).data).toMatchObject({
      topupNo,
      channel: 'sandbox',
      status: 'PAID',
      amount: 3_000,
    })
    const ledger = await get(t.app, '/api/funds/ledger', u.token)
    expect(ledger.rows).toMatchObject([{ type: 'TOPUP', amount: 3_000, remark: '充值（沙箱支付）', topupNo }])
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 3_000 })
    await invariantOk(t.app)
  })

  it('returns to the page the top-up was started from: an allowed same-site path only', async () => {
    const u = await newUser(t.app, 'ret')
    const orderPage = '/buyer/pay.html?orderNo=202405181430054829105733'
    const created = await post(t.app, '/api/funds/topup/create', u.token, {
      amount: 2_000,
      channel: 'alipay',
      returnTo: orderPage,
    })
    expect(created.code).toBe(200)
    // Alipay returns the browser to our site's page with the top-up's number
    expect(returnUrl(created.data.payUrl)).toBe(`${origin}${orderPage}&topupNo=${created.data.topupNo}`)
    await payAtAlipay(created.data.payUrl)

    const before = await t.app.db.selectFrom('topups').select('id').where('user_id', '=', u.userId).execute()
    for (const returnTo of [
      'https://evil.example.com/buyer/pay.html?orderNo=1',
      '//evil.example.com/buyer/pay.html?orderNo=1',
      '/\\evil.example.com/buyer/pay.html?orderNo=1',
      'javascript:alert(1)',
      '/login.html',
      '/buyer/pay.html',
      '/buyer/pay.html?orderNo=1&redirect=//evil.example.com',
      '/buyer/pay.html?orderNo=1&orderNo=2',
      '/buyer/pay.html?orderNo=%3Cb%3E',
      '/buyer/pay.html?orderNo=1#x',
      '/%2F%2Fevil.example.com',
      '/account/balance.html?next=/x',
      '',
    ]) {
      const res = await post(t.app, '/api/funds/topup/create', u.token, {
        amount: 2_000,
        channel: 'alipay',
        returnTo,
      })
      expect(res.code, returnTo).toBe(400)
      expect(res.msg, returnTo).toMatch(/^返回页面/)
    }
    expect(
      await t.app.db.selectFrom('topups').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual(before)
    // normalized: a path that resolves to an allowed page is kept as that page
    const dotted = await post(t.app, '/api/funds/topup/create', u.token, {
      amount: 2_000,
      channel: 'alipay',
      returnTo: '/buyer/../account/balance.html',
    })
    expect(returnUrl(dotted.data.payUrl)).toBe(
      `${origin}/account/balance.html?topupNo=${dotted.data.topupNo}`,
    )
  })
})

describe('the invariant check', () => {
  it('notices money without a ledger row, a paid order without its payment, and an account sold twice', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'ivs')
    const buyer = await funded(t.app, 'ivb', 30_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    expect((await payOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    await invariantOk(t.app)
    const db = t.app.db

    // a balance changed behind the ledger's back
    await db.updateTable('wallets').set({ available: 20_001 }).where('user_id', '=', buyer.userId).execute()
    expect(await checkInvariant(db)).toMatchObject({ ok: false, held: expect.any(Number) })
    await db.updateTable('wallets').set({ available: 20_000 }).where('user_id', '=', buyer.userId).execute()
    await invariantOk(t.app)

    // a paid order whose ORDER_PAY row is missing
    const pay = await db
      .selectFrom('ledger')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow()
    await db.deleteFrom('ledger').where('id', '=', pay.id).execute()
    const gap = await checkInvariant(db)
    expect(gap.ok).toBe(false)
    expect(gap.gaps.paid).toEqual([{ order_no: orderNo, status: 'PAID' }])
    const { id: _id, ...row } = pay
    await db.insertInto('ledger').values(row).execute()
    await invariantOk(t.app)

    // the same account in two live orders
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow()
    const { id: _orderId, ...copy } = order
    await db
      .insertInto('orders')
      .values({ ...copy, order_no: `${orderNo}X`, status: 'UNPAID', escrow_amount: 0, paid_at: null })
      .execute()
    const twice = await checkInvariant(db)
    expect(twice.ok).toBe(false)
    expect(twice.gaps.oversold).toEqual([{ goods_id: goodsId, orders: 2 }])
    await db.deleteFrom('orders').where('order_no', '=', `${orderNo}X`).execute()
    await invariantOk(t.app)
  })
})

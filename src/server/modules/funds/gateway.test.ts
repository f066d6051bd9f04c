/** The sandbox gateway's page and notifications (only the top-up's owner may pay it) and the invariant check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, startTestApp, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  createOrder,
  funded,
  get,
  invariantOk,
  ledgerOf,
  payOrder,
  post,
  sandboxAct,
  startClockedApp,
  wallet,
} from '../trade/test-helpers'
import { checkInvariant } from './invariant'

let clock = Date.now()
const now = () => clock
const MINUTE = 60_000
let t: TestApp

beforeAll(async () => {
  t = await startClockedApp(now)
})
afterAll(() => t?.close())

describe('the sandbox gateway', () => {
  it('is off without demo data (production): no page, no top-up, no notification', async () => {
    const prod = await startTestApp({ seedDemo: false, tradeSweepMs: 0 })
    try {
      const page = await prod.app.inject({ url: '/api/pay/sandbox/checkout?topupNo=T1' })
      expect(page.json().code).toBe(404)
      const notify = await call(prod.app, 'POST', '/api/pay/notify/sandbox', {
        body: { topupNo: 'T1', status: 'PAID', amount: 100 },
      })
      expect(notify.code).toBe(400)
      const u = await newUser(prod.app, 'prd')
      const topup = await call(prod.app, 'POST', '/api/funds/topup/create', {
        token: u.token,
        body: { amount: 100, channel: 'sandbox' },
      })
      expect(topup).toMatchObject({ code: 400, msg: '暂不支持该支付方式' })
    } finally {
      await prod.close()
    }
  })

  it('renders its checkout page as HTML without inline script', async () => {
    const u = await newUser(t.app, 'sbx')
    const created = await post(t.app, '/api/funds/topup/create', u.token, {
      amount: 8_800,
      channel: 'sandbox',
    })
    expect(created).toMatchObject({
      code: 200,
      data: {
        // the link carries its capability: an expiry 30 minutes ahead and the signature
        payUrl: `/api/pay/sandbox/checkout?topupNo=${created.data.topupNo}&expires=${clock + 30 * MINUTE}&sig=${created.data.payUrl.split('sig=')[1]}`,
        qrCode: null,
      },
    })
    expect(created.data.payUrl).toMatch(/&sig=[0-9a-f]{64}$/)
    const page = await t.app.inject({ method: 'GET', url: created.data.payUrl })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toMatch(/^<!doctype html>/)
    expect(page.body).toContain('¥88.00')
    expect(page.body).toContain(created.data.topupNo)
    expect(page.body).toContain('action="/api/pay/sandbox/act"')
    expect(page.body).toContain('value="pay"')
    expect(page.body).toContain(`name="sig" value="${created.data.payUrl.split('sig=')[1]}"`)
    expect(page.body).toContain('value="fail"')
    expect(page.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i)
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'")

    const missing = await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout?topupNo=T123' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('充值单不存在')
    const injected = await t.app.inject({
      method: 'GET',
      url: `/api/pay/sandbox/checkout?topupNo=${encodeURIComponent('<script>')}`,
    })
    expect(injected.body).not.toContain('<script>')
    expect((await get(t.app, `/api/funds/topup/detail/${created.data.topupNo}`, u.token)).data.status).toBe(
      'PENDING',
    )
  })

  it("marks a top-up FAILED on 'fail' with no money, and then never pays it", async () => {
    const u = await newUser(t.app, 'sbf')
    const created = await post(t.app, '/api/funds/topup/create', u.token, {
      amount: 9_900,
      channel: 'sandbox',
    })
    const topupNo = created.data.topupNo
    const before = await invariantOk(t.app)
    const failed = await sandboxAct(t.app, created.data.payUrl, 'fail')
    expect(failed.statusCode).toBe(303)
    expect(failed.headers.location).toBe(`/account/balance.html?topupNo=${topupNo}`)
    expect((await get(t.app, `/api/funds/topup/detail/${topupNo}`, u.token)).data).toMatchObject({
      status: 'FAILED',
      paidAt: null,
    })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 0, frozen: 0 })
    expect(await ledgerOf(t.app, u.userId)).toEqual([])
    // the provider's page shows it handled; a later "pay" changes nothing
    expect((await t.app.inject({ method: 'GET', url: created.data.payUrl })).body).toContain(
      '已处理（FAILED）',
    )
    await sandboxAct(t.app, created.data.payUrl, 'pay')
    expect((await get(t.app, `/api/funds/topup/detail/${topupNo}`, u.token)).data.status).toBe('FAILED')
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 0 })
    const after = await invariantOk(t.app)
    expect(after.topups).toBe(before.topups)

    // another user cannot read the top-up; unknown channels and out-of-range amounts are refused
    const other = await newUser(t.app, 'sbo')
    expect((await get(t.app, `/api/funds/topup/detail/${topupNo}`, other.token)).code).toBe(404)
    expect(
      (await post(t.app, '/api/funds/topup/create', u.token, { amount: 9_900, channel: 'wechat' })).msg,
    ).toBe('暂不支持该支付方式')
    expect(
      (await post(t.app, '/api/funds/topup/create', u.token, { amount: 50, channel: 'sandbox' })).code,
    ).toBe(400)
    // a provider that is not configured here hears 404 (the pay module's notify routes, docs/payments.md)
    const stray = await t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', payload: { topupNo } })
    expect([stray.statusCode, stray.body]).toEqual([404, 'unknown channel'])
  })
})

describe('the sandbox gateway: only the top-up’s owner may pay it', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })
  const topupStatus = async (topupNo: string) =>
    (
      await t.app.db
        .selectFrom('topups')
        .select('status')
        .where('topup_no', '=', topupNo)
        .executeTakeFirstOrThrow()
    ).status

  it('refuses anonymous requests, strangers, forged, borrowed and expired links; nothing changes', async () => {
    const owner = await newUser(t.app, 'own')
    const stranger = await newUser(t.app, 'str')
    const created = await post(t.app, '/api/funds/topup/create', owner.token, {
      amount: 6_600,
      channel: 'sandbox',
    })
    const { topupNo, payUrl } = created.data as { topupNo: string; payUrl: string }
    const bare = `/api/pay/sandbox/checkout?topupNo=${topupNo}`
    const params = new URL(payUrl, 'http://x').searchParams
    const sig = params.get('sig')!
    const expires = params.get('expires')!
    // the stranger's own top-up: a valid link, but for another top-up
    const theirs = await post(t.app, '/api/funds/topup/create', stranger.token, {
      amount: 100,
      channel: 'sandbox',
    })
    const theirParams = new URL(theirs.data.payUrl, 'http://x').searchParams
    const refused = (
      res: { statusCode: number; body: string; headers: Record<string, unknown> },
      text = '无权访问此充值单',
    ) => {
      expect(res.statusCode).toBe(403)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain(text)
      expect(res.body).not.toContain('¥66.00')
      expect(res.body).not.toContain('name="action"')
    }

    // the page: only with the owner's link (or the owner's session)
    refused(await page(bare))
    refused(await page(bare, { authorization: `Bearer ${stranger.token}` }))
    refused(await page(`${bare}&expires=${expires}&sig=${'0'.repeat(64)}`))
    refused(await page(`${bare}&expires=${Number(expires) + 1}&sig=${sig}`))
    refused(
      await page(`${bare}&expires=${theirParams.get('expires')}&sig=${theirParams.get('sig')}`, {
        authorization: `Bearer ${stranger.token}`,
      }),
    )
    expect((await page(payUrl)).body).toContain('¥66.00')
    expect((await page(bare, { authorization: `Bearer ${owner.token}` })).body).toContain('¥66.00')

    // the action: the same rule; a refused "pay" credits nothing
    const attempts: Array<{ fields: Record<string, string | null>; headers?: Record<string, string> }> = [
      { fields: { expires: null, sig: null } },
      { fields: { expires: null, sig: null }, headers: { authorization: `Bearer ${stranger.token}` } },
      { fields: { sig: 'ab'.repeat(32) } },
      { fields: { expires: String(Number(expires) + 60_000) } },
      { fields: { expires: theirParams.get('expires'), sig: theirParams.get('sig') } },
      { fields: { topupNo: theirs.data.topupNo } },
    ]
    for (const attempt of attempts) {
      const res = await sandboxAct(t.app, payUrl, 'pay', attempt)
      expect(res.statusCode, JSON.stringify(attempt)).toBe(403)
      expect(res.headers.location).toBeUndefined()
    }
    refused(await sandboxAct(t.app, payUrl, 'fail', { fields: { sig: null } }))
    expect(await topupStatus(topupNo)).toBe('PENDING')
    expect(await topupStatus(theirs.data.topupNo)).toBe('PENDING')
    expect(await wallet(t.app, owner.token)).toMatchObject({ available: 0 })
    expect(await wallet(t.app, stranger.token)).toMatchObject({ available: 0 })
    expect(await ledgerOf(t.app, owner.userId)).toEqual([])

    // the link expires after 30 minutes: refused with its own words, still nothing changes
    clock += 30 * MINUTE
    refused(await page(payUrl), '支付链接已过期')
    expect((await sandboxAct(t.app, payUrl, 'pay')).statusCode).toBe(403)
    expect(await topupStatus(topupNo)).toBe('PENDING')

    // the owner's own session (an API client) still may; then the money arrives once
    const paid = await sandboxAct(t.app, payUrl, 'pay', {
      fields: { expires: null, sig: null },
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(paid.statusCode).toBe(303)
    expect(await topupStatus(topupNo)).toBe('PAID')
    expect(await wallet(t.app, owner.token)).toMatchObject({ available: 6_600 })
    await invariantOk(t.app)
  })

  it('returns to the page the top-up was started from: an allowed same-site path only', async () => {
    const u = await newUser(t.app, 'ret')
    const orderPage = '/buyer/pay.html?orderNo=202405181430054829105733'
    const created = await post(t.app, '/api/funds/topup/create', u.token, {
      amount: 2_000,
      channel: 'sandbox',
      returnTo: orderPage,
    })
    expect(created.code).toBe(200)
    const back = await sandboxAct(t.app, created.data.payUrl, 'pay')
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toBe(`${orderPage}&topupNo=${created.data.topupNo}`)
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 2_000 })
    // the handled page links back there too
    expect((await page(created.data.payUrl)).body).toContain(
      `href="/buyer/pay.html?orderNo=202405181430054829105733&amp;topupNo=${created.data.topupNo}"`,
    )

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
        channel: 'sandbox',
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
      channel: 'sandbox',
      returnTo: '/buyer/../account/balance.html',
    })
    expect((await sandboxAct(t.app, dotted.data.payUrl, 'fail')).headers.location).toBe(
      `/account/balance.html?topupNo=${dotted.data.topupNo}`,
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

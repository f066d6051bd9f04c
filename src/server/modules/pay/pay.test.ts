/**
 * The pay centre end to end on the server (docs/payments.md): the real Alipay adapter talks to the
 * Alipay simulator over HTTP, the simulator's notifications reach our listening app, and a top-up
 * is credited exactly once whoever comes first. Notifications that do not fit are signed by
 * `alipay-sdk` itself with a key the adapter trusts, so they pass the signature and must be stopped
 * by our checks.
 */
import { AlipaySdk } from 'alipay-sdk'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, DEMO, startTestApp, tokenOf } from '../../test-utils'
import { newUser } from '../goods/test-helpers'
import { invariantOk, ledgerOf } from '../trade/test-helpers'
import { checkInvariant } from '../funds/invariant'
import { createAlipayProvider } from './alipay'
import {
  advance,
  APP_ID,
  appWithSimulator,
  attemptOf,
  available,
  closers,
  eventually,
  merchant,
  MINUTE,
  rsa,
  topup,
  topupStatus,
  verdicts,
} from './test-helpers'

describe('a top-up through Alipay (the simulator)', () => {
  let env: Awaited<ReturnType<typeof appWithSimulator>>
  beforeAll(async () => {
    env = await appWithSimulator()
  })

  it('is offered, paid at the cashier, notified, and credited once; a repeated notification changes nothing', async () => {
    const { t, simCall } = env
    const u = await newUser(t.app, 'ali')
    expect((await call(t.app, 'GET', '/api/funds/topup/channels')).data.channels).toEqual(['alipay'])
    const before = await available(t, u.token)
    const created = await topup(t, u.token, 12_345)
    expect(created.payUrl).toContain('gateway.do')
    const attempt = await attemptOf(t, created.topupNo)
    expect(attempt).toMatchObject({ channel: 'ALIPAY', status: 'WAITING', amount: 12_345, user_id: u.userId })

    await simCall('/_sim/pay', { url: created.payUrl })
    await eventually(
      async () => (await topupStatus(t, u.token, created.topupNo)) === 'PAID',
      'the top-up is paid',
    )
    expect((await available(t, u.token)) - before).toBe(12_345)
    expect((await attemptOf(t, created.topupNo)).status).toBe('PAID')

    // Alipay sends the same notification again (same notify_id): recognised, nothing moves
    await simCall('/_sim/renotify', { outTradeNo: attempt.attempt_no })
    await eventually(
      async () => (await verdicts(t, attempt.attempt_no)).length === 2,
      'the repeat is recorded',
    )
    expect(await verdicts(t, attempt.attempt_no)).toEqual(['APPLIED', 'DUPLICATE'])
    expect((await available(t, u.token)) - before).toBe(12_345)
    expect((await ledgerOf(t.app, u.userId)).filter((l) => l.topup_no === created.topupNo)).toHaveLength(1)
    await invariantOk(t.app)

    // the invariant's provider side: what Alipay captured is exactly the paid top-up
    await t.app.db
      .updateTable('pay_attempts')
      .set({ amount: 12_300 })
      .where('attempt_no', '=', attempt.attempt_no)
      .execute()
    const broken = await checkInvariant(t.app.db)
    expect(broken.ok).toBe(false)
    expect(broken.gaps.captured).toEqual([
      { topup_no: created.topupNo, topup: 12_345, captured: 12_300, attempts: 1 },
    ])
    await t.app.db
      .updateTable('pay_attempts')
      .set({ amount: 12_345 })
      .where('attempt_no', '=', attempt.attempt_no)
      .execute()
    await invariantOk(t.app)
  })

  it('answers a forged notification "fail" and records it; nothing is applied', async () => {
    const { t } = env
    const u = await newUser(t.app, 'alf')
    const created = await topup(t, u.token, 5_000)
    const attempt = await attemptOf(t, created.topupNo)
    const forged = new URLSearchParams({
      notify_type: 'trade_status_sync',
      notify_id: 'forged-1',
      app_id: APP_ID,
      out_trade_no: attempt.attempt_no,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '50.00',
      sign_type: 'RSA2',
      sign: 'bm90IGEgc2lnbmF0dXJl',
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: forged.toString(),
    })
    expect([res.statusCode, res.body]).toEqual([200, 'fail'])
    expect(await topupStatus(t, u.token, created.topupNo)).toBe('PENDING')
    const [last] = await t.app.db
      .selectFrom('pay_notifications')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .execute()
    expect(last).toMatchObject({ verdict: 'BAD_SIGNATURE', needs_staff: 1 })
  })
})

describe('the chasing job', () => {
  it('applies a payment whose notification never came, and closes an expired attempt at Alipay too', async () => {
    // the simulator's first notification would come in ten hours
    const { t, simCall, sim } = await appWithSimulator(10 * 60 * MINUTE)
    const u = await newUser(t.app, 'alc')
    const paid = await topup(t, u.token, 2_000)
    const left = await topup(t, u.token, 3_000)
    await simCall('/_sim/pay', { url: paid.payUrl })
    // the person opened the second cashier but never paid
    expect((await fetch(left.payUrl)).status).toBe(200)

    // younger than a minute: not asked yet
    expect(await t.app.services.pay.chase()).toMatchObject({ asked: 0 })
    advance(2 * MINUTE)
    expect(await t.app.services.pay.chase()).toMatchObject({ asked: 2, applied: 1, closed: 0 })
    expect(await topupStatus(t, u.token, paid.topupNo)).toBe('PAID')
    expect(await available(t, u.token)).toBe(2_000)
    expect(await verdicts(t, (await attemptOf(t, paid.topupNo)).attempt_no)).toEqual(['APPLIED'])

    advance(30 * MINUTE)
    expect(await t.app.services.pay.chase()).toMatchObject({ asked: 1, closed: 1 })
    const closed = await attemptOf(t, left.topupNo)
    expect(closed.status).toBe('CLOSED')
    const atAlipay = await (await fetch(`${sim.url}/_sim/trade?outTradeNo=${closed.attempt_no}`)).json()
    expect(atAlipay).toMatchObject({ status: 'TRADE_CLOSED' })
    expect(await available(t, u.token)).toBe(2_000)
    await invariantOk(t.app)
  })
})

describe('notifications that pass the signature but do not fit', () => {
  it('are recorded for staff and never applied: unknown attempt, wrong amount, wrong app id', async () => {
    // "Alipay" here is a key pair of the test's, which the adapter trusts: alipay-sdk signs as Alipay
    const alipaySide = rsa()
    const provider = createAlipayProvider({
      appId: APP_ID,
      privateKey: merchant.privateKey,
      alipayPublicKey: alipaySide.publicKey,
      gateway: 'http://127.0.0.1:9/gateway.do',
    })
    const t = await startTestApp({ payProviders: [provider], payChaseMs: 0 })
    closers.push(t.close)
    const u = await newUser(t.app, 'aln')
    const created = await topup(t, u.token, 8_800)
    const attempt = await attemptOf(t, created.topupNo)
    const notify = async (appId: string, outTradeNo: string, totalAmount: string, notifyId: string) => {
      const body = new AlipaySdk({ appId, privateKey: alipaySide.privateKey, keyType: 'PKCS8' }).sdkExecute(
        'alipay.trade.page.pay',
        {
          notifyType: 'trade_status_sync',
          notifyId,
          outTradeNo,
          tradeNo: '2026112822001400000000000009',
          tradeStatus: 'TRADE_SUCCESS',
          totalAmount,
          gmtPayment: '2026-11-28 12:00:00',
        },
      )
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/alipay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      })
      return res.body
    }
    expect(await notify(APP_ID, 'P1999999999999000000', '88.00', 'n-unknown')).toBe('success')
    expect(await notify(APP_ID, attempt.attempt_no, '0.01', 'n-amount')).toBe('success')
    expect(await notify('2021999999999999', attempt.attempt_no, '88.00', 'n-app')).toBe('success')
    const rows = await t.app.db.selectFrom('pay_notifications').selectAll().orderBy('id').execute()
    expect(rows.map((r) => [r.notify_id, r.verdict, r.needs_staff])).toEqual([
      ['n-unknown', 'UNKNOWN_ATTEMPT', 1],
      ['n-amount', 'AMOUNT_MISMATCH', 1],
      ['n-app', 'APP_MISMATCH', 1],
    ])
    expect(await topupStatus(t, u.token, created.topupNo)).toBe('PENDING')
    expect(await available(t, u.token)).toBe(0)
    // the right one is applied
    expect(await notify(APP_ID, attempt.attempt_no, '88.00', 'n-right')).toBe('success')
    expect(await topupStatus(t, u.token, created.topupNo)).toBe('PAID')
    expect(await available(t, u.token)).toBe(8_800)

    // paid at Alipay after we closed the attempt (expired): a late payment, for staff
    const late = await topup(t, u.token, 1_500)
    const lateAttempt = await attemptOf(t, late.topupNo)
    await t.app.db
      .updateTable('pay_attempts')
      .set({ status: 'CLOSED' })
      .where('attempt_no', '=', lateAttempt.attempt_no)
      .execute()
    expect(await notify(APP_ID, lateAttempt.attempt_no, '15.00', 'n-late')).toBe('success')
    expect(await verdicts(t, lateAttempt.attempt_no)).toEqual(['CLOSED_ATTEMPT'])
    expect(await topupStatus(t, u.token, late.topupNo)).toBe('PENDING')
    expect(await available(t, u.token)).toBe(8_800)
    await invariantOk(t.app)

    // 支付通知 in the console: the ones to look at, for holders of pay:notify:list only
    const list = (token: string, onlyStaff: boolean) =>
      call(t.app, 'GET', `/api/pay/staff/notifications?onlyStaff=${onlyStaff}&pageSize=10`, { token })
    expect(await list(u.token, true)).toMatchObject({ code: 403 })
    expect(await list(await tokenOf(t.app, ...DEMO.operator), true)).toMatchObject({ code: 403 })
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const forStaff = await list(admin, true)
    expect(forStaff).toMatchObject({ code: 200, total: 4 })
    expect(forStaff.rows.map((r: { verdict: string }) => r.verdict)).toEqual([
      'CLOSED_ATTEMPT',
      'APP_MISMATCH',
      'AMOUNT_MISMATCH',
      'UNKNOWN_ATTEMPT',
    ])
    expect(forStaff.rows[1]).toMatchObject({ channel: 'ALIPAY', amount: 8_800, needsStaff: true })
    expect(forStaff.rows[1].raw).toContain('notify_id=n-app')
    expect((await list(admin, false)).total).toBe(5)
  })
})

describe('a demo install: both simulators on this server', () => {
  it('takes top-ups through the mounted Alipay and WeChat Pay simulators, with the real adapters', async () => {
    const t = await startTestApp({ paySimulators: true, payChaseMs: 0 })
    closers.push(t.close)
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const u = await newUser(t.app, 'dmo')
    expect((await call(t.app, 'GET', '/api/funds/topup/channels')).data.channels).toEqual([
      'alipay',
      'wechat',
    ])
    const hook = async (path: string, body: unknown) =>
      (
        await fetch(`${origin}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status

    // Alipay: the PC cashier of the simulator on this server
    const ali = await topup(t, u.token, 1_000)
    expect(ali.payUrl.startsWith(`${origin}/sim/alipay/gateway.do?`)).toBe(true)
    expect(await hook('/sim/alipay/_sim/pay', { url: ali.payUrl })).toBe(200)
    await eventually(
      async () => (await topupStatus(t, u.token, ali.topupNo)) === 'PAID',
      'the Alipay top-up is paid',
    )

    // WeChat Pay: a QR code for the desktop client (Native)
    const wx = (
      await call(t.app, 'POST', '/api/funds/topup/create', {
        token: u.token,
        body: { amount: 2_000, channel: 'wechat', scene: 'QR' },
      })
    ).data as { topupNo: string; qrCode: string }
    expect(wx.qrCode).toBeTruthy()
    const wxAttempt = await attemptOf(t, wx.topupNo)
    expect(await hook('/sim/wechatpay/_sim/pay', { out_trade_no: wxAttempt.attempt_no, action: 'pay' })).toBe(
      200,
    )
    await eventually(
      async () => (await topupStatus(t, u.token, wx.topupNo)) === 'PAID',
      'the WeChat Pay top-up is paid',
    )

    expect(await available(t, u.token)).toBe(3_000)
    expect(await verdicts(t)).toEqual(['APPLIED', 'APPLIED'])
    await invariantOk(t.app)
  })
})

/**
 * Daily reconciliation end to end (docs/payments.md, "Reconciliation"): top-ups paid through the real
 * Alipay adapter at the Alipay simulator, the simulator's bill downloaded and matched, mismatches
 * planted in the bill found, listed to staff who may, resolved with a note in the operation log.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, DEMO, encryptPassword, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { newUser } from '../goods/test-helpers'
import { asEarnings, funded, PAY_PASSWORD, post } from '../trade/test-helpers'
import { createAlipayProvider } from './alipay'
import { chinaDayOf } from './reconcile-job'
import { alipaySimulatorPublicKey, startAlipaySimulator } from './sim/alipay'
import { eventually } from './test-helpers'

const APP_ID = '2021000000000002'
const DAY = 24 * 3600_000
const merchant = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})

// the simulator and our app share one clock: the bill's day is the day the payments were made
let clock = Date.now()
const now = () => clock
let t: TestApp
let simUrl: string
const cleanup: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const c of cleanup.reverse()) await c()
})

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'alipay-recon-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const sim = await startAlipaySimulator({
    dir,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    notifySchedule: [0, 200, 500],
    now,
  })
  cleanup.push(sim.close)
  simUrl = sim.url
  const provider = createAlipayProvider({
    appId: APP_ID,
    privateKey: merchant.privateKey,
    alipayPublicKey: alipaySimulatorPublicKey(dir),
    gateway: sim.gateway,
  })
  t = await startTestApp({ payProviders: [provider], payChaseMs: 0, payReconcileMs: 0, now })
  cleanup.push(t.close)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})

const sim = async (path: string, body: unknown) => {
  const res = await fetch(`${simUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
}

/** A top-up paid at the simulator's cashier and credited (the notification came back): its attempt number. */
async function paidTopup(token: string, amount: number): Promise<string> {
  const { data } = await call(t.app, 'POST', '/api/funds/topup/create', {
    token,
    body: { amount, channel: 'alipay' },
  })
  await sim('/_sim/pay', { url: data.payUrl })
  const { attempt_no } = await t.app.db
    .selectFrom('pay_attempts')
    .select('attempt_no')
    .where('biz_no', '=', data.topupNo)
    .executeTakeFirstOrThrow()
  await paidHere(t, attempt_no)
  return attempt_no
}

/** Waits until the provider's notification has reached the app and the attempt is PAID here. */
async function paidHere(app: TestApp, attemptNo: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const attempt = await app.app.db
      .selectFrom('pay_attempts')
      .select('status')
      .where('attempt_no', '=', attemptNo)
      .executeTakeFirstOrThrow()
    if (attempt.status === 'PAID') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${attemptNo} was never paid`)
}

const reconciliation = () => t.app.services.pay.reconciliation

describe('daily reconciliation against the Alipay bill', () => {
  it('reconciles a day of paid top-ups clean, once; finds what is planted in the bill; staff resolve it and the count drops', async () => {
    const u = await newUser(t.app, 'rec')
    // day 1: two top-ups paid, one never paid (not in the bill, not a mismatch)
    const day1 = chinaDayOf(clock)
    await paidTopup(u.token, 10_000)
    await paidTopup(u.token, 20_000)
    await call(t.app, 'POST', '/api/funds/topup/create', {
      token: u.token,
      body: { amount: 300, channel: 'alipay' },
    })

    clock += DAY
    expect(await reconciliation().reconcile()).toEqual([
      { channel: 'ALIPAY', day: day1, outcome: 'DONE', billLines: 2, ourLines: 2, mismatches: 0 },
    ])
    // a day runs once
    expect((await reconciliation().reconcile())[0]).toMatchObject({ outcome: 'ALREADY', mismatches: 0 })

    // day 2: one paid for 50 元 that Alipay bills as 40 元, one Alipay leaves out, one Alipay bills that we never made
    const day2 = chinaDayOf(clock)
    const short = await paidTopup(u.token, 5_000)
    const dropped = await paidTopup(u.token, 7_000)
    await paidTopup(u.token, 900)
    await sim('/_sim/bill', { day: day2, kind: 'amount', ourNo: short, amount: 4_000 })
    await sim('/_sim/bill', { day: day2, kind: 'drop', ourNo: dropped })
    await sim('/_sim/bill', { day: day2, kind: 'extra', ourNo: 'P1999000000000123456', amount: 1_234 })

    clock += DAY
    expect(await reconciliation().reconcile()).toEqual([
      { channel: 'ALIPAY', day: day2, outcome: 'DONE', billLines: 3, ourLines: 3, mismatches: 3 },
    ])

    // 对账差错 in the console: money permissions, the admin's only
    const list = (token: string, query = 'state=OPEN') =>
      call(t.app, 'GET', `/api/pay/staff/mismatches?${query}`, { token })
    expect(await list(u.token)).toMatchObject({ code: 403 })
    expect(await list(await tokenOf(t.app, ...DEMO.operator))).toMatchObject({ code: 403 })
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const open = await list(admin)
    expect(open).toMatchObject({ code: 200, total: 3 })
    const byKind = Object.fromEntries(open.rows.map((m: { kind: string }) => [m.kind, m]))
    expect(byKind.AMOUNT_DIFFERS).toMatchObject({
      channel: 'ALIPAY',
      day: day2,
      lineKind: 'PAYMENT',
      ourNo: short,
      ourAmount: 5_000,
      theirAmount: 4_000,
      ourState: 'PAID',
      state: 'OPEN',
    })
    expect(byKind.MISSING_THEIRS).toMatchObject({ ourNo: dropped, ourAmount: 7_000, theirAmount: null })
    expect(byKind.MISSING_OURS).toMatchObject({
      ourNo: 'P1999000000000123456',
      ourAmount: null,
      theirAmount: 1_234,
      ourState: null,
    })
    expect((await list(admin, `day=${day1}`)).total).toBe(0)
    expect((await list(admin, `day=${day2}&channel=ALIPAY`)).total).toBe(3)
    expect((await list(admin, 'channel=WECHAT')).total).toBe(0)

    // resolving needs the permission and a note; it is logged with the note
    const resolve = (token: string, body: unknown) =>
      call(t.app, 'POST', '/api/pay/staff/mismatches/resolve', { token, body })
    const target = byKind.AMOUNT_DIFFERS.id as number
    expect(await resolve(await tokenOf(t.app, ...DEMO.operator), { id: target, note: '看过' })).toMatchObject(
      {
        code: 403,
      },
    )
    expect(await resolve(admin, { id: target, note: '   ' })).toMatchObject({ code: 400 })
    expect(await resolve(admin, { id: target })).toMatchObject({ code: 400 })
    const done = await resolve(admin, { id: target, note: '支付宝确认账单金额有误，已更正' })
    expect(done).toMatchObject({ code: 200 })
    expect(done.data).toMatchObject({ id: target, state: 'RESOLVED', note: '支付宝确认账单金额有误，已更正' })
    expect(await resolve(admin, { id: target, note: '再来一次' })).toMatchObject({
      code: 400,
      msg: '该差错已处理',
    })
    expect(await resolve(admin, { id: 999_999, note: '不存在' })).toMatchObject({ code: 404 })
    const logs = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('module', '=', 'pay')
      .where('action', '=', 'mismatchResolve')
      .execute()
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ target: String(target), detail: '支付宝确认账单金额有误，已更正' })

    // the count the dashboard shows drops
    expect((await list(admin, 'state=OPEN&pageSize=1')).total).toBe(2)
    expect((await list(admin, 'state=RESOLVED')).total).toBe(1)

    // storing the day again (its run forgotten) stores no mismatch twice and keeps the resolved one resolved
    await t.app.db.deleteFrom('pay_bill_runs').where('day', '=', day2).execute()
    expect((await reconciliation().reconcile(day2))[0]).toMatchObject({ outcome: 'DONE', mismatches: 3 })
    expect((await list(admin, `day=${day2}`)).total).toBe(3)
    expect((await list(admin)).total).toBe(2)
  })

  it('finds a payment Alipay took after we closed the attempt (our state differs)', async () => {
    const u = await newUser(t.app, 'rcl')
    const day = chinaDayOf(clock)
    const late = await paidTopup(u.token, 1_100)
    // as if the attempt had expired here before Alipay's payment was known
    await t.app.db
      .updateTable('pay_attempts')
      .set({ status: 'CLOSED' })
      .where('attempt_no', '=', late)
      .execute()
    const [run] = await reconciliation().reconcile(day)
    expect(run).toMatchObject({ outcome: 'DONE', mismatches: 1 })
    const [m] = await t.app.db.selectFrom('pay_mismatches').selectAll().where('day', '=', day).execute()
    expect(m).toMatchObject({ kind: 'STATE_DIFFERS', our_no: late, our_state: 'CLOSED', their_amount: 1_100 })
  })

  it('leaves a day whose bill cannot be had for the next hour', async () => {
    await sim('/_sim/fault', { method: '*', kind: 'http500', times: 1 })
    const day = chinaDayOf(clock + 5 * DAY)
    expect((await reconciliation().reconcile(day))[0]).toMatchObject({ outcome: 'UNAVAILABLE' })
    // Alipay has no bill for a day without trades: reconciled, nothing found
    expect((await reconciliation().reconcile(day))[0]).toMatchObject({ outcome: 'DONE', billLines: 0 })
  })

  it('staff run a day again (重新对账): a line the provider changed since is found, a resolved one stays resolved, each run logged', async () => {
    clock += DAY
    const u = await newUser(t.app, 'rrd')
    const day = chinaDayOf(clock)
    const topup = await paidTopup(u.token, 3_000)
    const rerun = async (token: string, body: unknown) =>
      call(t.app, 'POST', '/api/pay/staff/mismatches/reconcile', { token, body })
    const admin = await tokenOf(t.app, ...DEMO.admin)
    expect(await rerun(await tokenOf(t.app, ...DEMO.operator), { day })).toMatchObject({ code: 403 })
    expect(await rerun(admin, { day: '2026-13-01' })).toMatchObject({ code: 400, msg: '账单日期不合法' })
    expect(await rerun(admin, { day: chinaDayOf(clock + DAY) })).toMatchObject({
      code: 400,
      msg: '不能对未来的日期对账',
    })
    expect((await reconciliation().reconcile(day))[0]).toMatchObject({ outcome: 'DONE', mismatches: 0 })

    // Alipay's bill changes afterwards: the job leaves the day alone, staff run it again
    await sim('/_sim/bill', { day, kind: 'amount', ourNo: topup, amount: 2_900 })
    expect((await reconciliation().reconcile(day))[0]).toMatchObject({ outcome: 'ALREADY' })
    const run = { channel: 'ALIPAY', day, outcome: 'DONE', billLines: 1, ourLines: 1, mismatches: 1 }
    expect(await rerun(admin, { day })).toMatchObject({ code: 200, data: [run] })
    const open = await call(t.app, 'GET', `/api/pay/staff/mismatches?day=${day}&state=OPEN`, { token: admin })
    expect(open.rows).toEqual([
      expect.objectContaining({ kind: 'AMOUNT_DIFFERS', ourNo: topup, ourAmount: 3_000, theirAmount: 2_900 }),
    ])
    const resolved = await call(t.app, 'POST', '/api/pay/staff/mismatches/resolve', {
      token: admin,
      body: { id: open.rows[0].id, note: '支付宝已更正账单' },
    })
    expect(resolved).toMatchObject({ code: 200 })

    // run again: nothing stored twice, the resolved one stays resolved; the day's counts are the last run's
    expect(await rerun(admin, { day })).toMatchObject({ code: 200, data: [run] })
    const all = await call(t.app, 'GET', `/api/pay/staff/mismatches?day=${day}`, { token: admin })
    expect(all.rows).toEqual([expect.objectContaining({ state: 'RESOLVED', note: '支付宝已更正账单' })])
    expect(
      await t.app.db.selectFrom('pay_bill_runs').selectAll().where('day', '=', day).executeTakeFirst(),
    ).toMatchObject({ bill_lines: 1, our_lines: 1, mismatches: 1 })
    const logs = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('module', '=', 'pay')
      .where('action', '=', 'reconcileDay')
      .execute()
    expect(logs).toHaveLength(2)
    expect(logs[0]).toMatchObject({
      target: `ALIPAY ${day}`,
      detail: '重新对账：账单 1 笔，我方 1 笔，差错 1 条',
    })
  })
})

describe('reconciling refunds (退款 in the trade bill) and payouts (转账 in the account bill)', () => {
  const topupNoOf = async (attemptNo: string) =>
    (
      await t.app.db
        .selectFrom('pay_attempts')
        .select('biz_no')
        .where('attempt_no', '=', attemptNo)
        .executeTakeFirstOrThrow()
    ).biz_no
  const refundOf = (attemptNo: string) =>
    t.app.db
      .selectFrom('pay_refunds')
      .select(['refund_no', 'status'])
      .where('attempt_no', '=', attemptNo)
      .executeTakeFirstOrThrow()

  it('pairs a day of payments, refunds and a transfer clean; then finds a refund billed short, one left out, a transfer we never made', async () => {
    clock += DAY
    const day = chinaDayOf(clock)
    const u = await funded(t.app, 'rrp', 0)
    await paidTopup(u.token, 10_000)
    const b = await paidTopup(u.token, 2_000)
    const c = await paidTopup(u.token, 1_000)
    // two top-ups go back to 支付宝 in full (out of the balance), and 40 元 is withdrawn to an Alipay account
    expect(await t.app.services.funds.refundTopupToChannel(await topupNoOf(b), '对账测试退款')).toBe(2_000)
    expect(await t.app.services.funds.refundTopupToChannel(await topupNoOf(c), '对账测试退款')).toBe(1_000)
    for (const attemptNo of [b, c]) expect(await refundOf(attemptNo)).toMatchObject({ status: 'SUCCESS' })
    await asEarnings(t.app, u.userId)
    const created = await post(t.app, '/api/funds/withdraw/create', u.token, {
      amount: 4_000,
      accountKind: 'ALIPAY',
      account: 'rrp@example.com',
      payeeName: '陈静',
      payPassword: await encryptPassword(t.app, PAY_PASSWORD),
    })
    expect(created.code).toBe(200)
    const withdrawNo = created.data.withdrawNo as string
    const admin = await tokenOf(t.app, ...DEMO.admin)
    expect(
      await post(t.app, '/api/funds/admin/withdraw/decide', admin, { withdrawNo, approve: true }),
    ).toMatchObject({ code: 200 })
    const payout = await t.app.db
      .selectFrom('pay_payouts')
      .selectAll()
      .where('biz', '=', withdrawNo)
      .executeTakeFirstOrThrow()
    expect(payout.status).toBe('PAID')

    // three payments, two refunds, one transfer on each side
    const clean = { channel: 'ALIPAY', day, outcome: 'DONE', billLines: 6, ourLines: 6, mismatches: 0 }
    expect(await reconciliation().reconcile(day)).toEqual([clean])

    // Alipay's bill changes: c's refund billed 8 元, b's left out, a transfer of ours it invented
    const refundB = (await refundOf(b)).refund_no
    const refundC = (await refundOf(c)).refund_no
    await sim('/_sim/bill', { day, kind: 'amount', ourNo: refundC, amount: 800 })
    await sim('/_sim/bill', { day, kind: 'drop', ourNo: refundB })
    const stranger = 'T1999000000000654321'
    await sim('/_sim/bill', { day, kind: 'extra', ourNo: stranger, amount: 700, lineKind: 'PAYOUT' })
    await t.app.db.deleteFrom('pay_bill_runs').where('day', '=', day).execute()
    expect(await reconciliation().reconcile(day)).toEqual([{ ...clean, mismatches: 3 }])
    const found = await t.app.db
      .selectFrom('pay_mismatches')
      .select(['kind', 'line_kind', 'our_no', 'our_amount', 'their_amount', 'our_state'])
      .where('day', '=', day)
      .orderBy('mismatch_key')
      .execute()
    expect(found.map((m) => ({ ...m, our_amount: m.our_amount && Number(m.our_amount) }))).toEqual([
      {
        kind: 'MISSING_OURS',
        line_kind: 'PAYOUT',
        our_no: stranger,
        our_amount: null,
        their_amount: 700,
        our_state: null,
      },
      ...[
        { kind: 'MISSING_THEIRS', our_no: refundB, our_amount: 2_000, their_amount: null },
        { kind: 'AMOUNT_DIFFERS', our_no: refundC, our_amount: 1_000, their_amount: 800 },
      ]
        .sort((x, y) => (x.our_no < y.our_no ? -1 : 1))
        .map((m) => ({ ...m, line_kind: 'REFUND', our_state: 'SUCCESS' })),
    ])
  })
})

describe('a demo install: both simulators on this server', () => {
  it('reconciles each provider’s bill on its own, refunds too: a WeChat Pay amount planted in its bill, Alipay’s clean', async () => {
    const demo = await startTestApp({ paySimulators: true, payChaseMs: 0, payReconcileMs: 0 })
    cleanup.push(demo.close)
    const origin = await demo.app.listen({ port: 0, host: '127.0.0.1' })
    const hook = async (path: string, body: unknown) =>
      expect(
        (
          await fetch(`${origin}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      ).toBe(200)
    const u = await newUser(demo.app, 'rdm')
    const day = chinaDayOf(Date.now())
    const paid = async (channel: 'alipay' | 'wechat', amount: number) => {
      const { data } = await call(demo.app, 'POST', '/api/funds/topup/create', {
        token: u.token,
        body: { amount, channel, scene: 'QR' },
      })
      const { attempt_no } = await demo.app.db
        .selectFrom('pay_attempts')
        .select('attempt_no')
        .where('biz_no', '=', data.topupNo)
        .executeTakeFirstOrThrow()
      if (channel === 'wechat')
        await hook('/sim/wechatpay/_sim/pay', { out_trade_no: attempt_no, action: 'pay' })
      else await hook('/sim/alipay/_sim/pay', { outTradeNo: attempt_no })
      await paidHere(demo, attempt_no)
      return attempt_no
    }
    await paid('alipay', 1_000)
    const wx = await paid('wechat', 2_000)
    await hook('/sim/wechatpay/_sim/bill', { day, kind: 'AMOUNT', no: wx, amount: 1_999 })
    // one top-up of each goes back to its channel: a 退款 line in Alipay's trade bill, a REFUND line
    // in WeChat Pay's (its refund ends a moment later, notified)
    for (const channel of ['alipay', 'wechat'] as const) {
      const attemptNo = await paid(channel, 1_500)
      const { biz_no } = await demo.app.db
        .selectFrom('pay_attempts')
        .select('biz_no')
        .where('attempt_no', '=', attemptNo)
        .executeTakeFirstOrThrow()
      expect(await demo.app.services.funds.refundTopupToChannel(biz_no, '对账测试退款')).toBe(1_500)
      await eventually(async () => {
        const refund = await demo.app.db
          .selectFrom('pay_refunds')
          .select('status')
          .where('attempt_no', '=', attemptNo)
          .executeTakeFirst()
        return refund?.status === 'SUCCESS'
      }, `the ${channel} refund succeeds`)
    }

    const runs = await demo.app.services.pay.reconciliation.reconcile(day)
    expect(runs.map((r) => [r.channel, r.outcome, r.billLines, r.ourLines, r.mismatches])).toEqual([
      ['ALIPAY', 'DONE', 3, 3, 0],
      ['WECHAT', 'DONE', 3, 3, 1],
    ])
    const [m] = await demo.app.db.selectFrom('pay_mismatches').selectAll().execute()
    expect(m).toMatchObject({ channel: 'WECHAT', kind: 'AMOUNT_DIFFERS', our_no: wx, their_amount: 1_999 })
  })
})

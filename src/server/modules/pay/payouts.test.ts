/**
 * Withdrawals paid out by an Alipay transfer (docs/payments.md, "Payouts"): the real Alipay adapter
 * against the Alipay simulator over HTTP. Approved (or automatically under the 参数设置 threshold),
 * a withdrawal is PAYING before the transfer is asked for, and PAID or FAILED by the transfer's
 * outcome — the frozen money leaves, or returns to the balance with the reason; never sent twice.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO, encryptPassword, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { funded, get, invariantOk, ledgerOf, PAY_PASSWORD, post, wallet } from '../trade/test-helpers'
import { AUTO_APPROVE_MAX_KEY } from '../funds/withdrawals'
import { createAlipayProvider } from './alipay'
import { alipaySimulatorPublicKey, startAlipaySimulator, type AlipaySimulatorOptions } from './sim/alipay'
import { openAlipaySimStore } from './sim/alipay-store'
import { eventually } from './test-helpers'

const APP_ID = '2021000000000001'
const merchant = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const MINUTE = 60_000
const NAME = '陈静'

let clock = Date.now()
const now = () => clock
const closers: Array<() => Promise<void> | void> = []
const dirs: string[] = []
afterAll(async () => {
  for (const close of closers.reverse()) await close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

/** An app whose Alipay is a simulator of `options` (its transfers readable through `transfers`). */
async function appWithAlipay(options: Partial<AlipaySimulatorOptions> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'alipay-payout-'))
  dirs.push(dir)
  const sim = await startAlipaySimulator({
    dir,
    appId: APP_ID,
    merchantPublicKey: merchant.publicKey,
    ...options,
  })
  closers.push(sim.close)
  const provider = createAlipayProvider({
    appId: APP_ID,
    privateKey: merchant.privateKey,
    alipayPublicKey: alipaySimulatorPublicKey(dir),
    gateway: sim.gateway,
    timeoutMs: 500,
  })
  const t = await startTestApp({ payProviders: [provider], payChaseMs: 0, tradeSweepMs: 0, now })
  closers.push(t.close)
  const store = openAlipaySimStore(dir)
  closers.push(() => {
    store.close()
  })
  const simCall = async (path: string, body: unknown) =>
    (
      await fetch(`${sim.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()
  /** the transfers Alipay holds (out_biz_no, status) */
  const transfers = () =>
    store.db.prepare('SELECT out_biz_no, status, name FROM transfers ORDER BY rowid').all() as Array<{
      out_biz_no: string
      status: string
      name: string
    }>
  return { t, simCall, transfers, admin: await tokenOf(t.app, ...DEMO.admin) }
}

const withdraw = async (
  t: TestApp,
  token: string,
  amount: number,
  account: string,
  extra: Record<string, unknown> = {},
) =>
  post(t.app, '/api/funds/withdraw/create', token, {
    amount,
    accountKind: 'ALIPAY',
    account,
    payeeName: NAME,
    payPassword: await encryptPassword(t.app, PAY_PASSWORD),
    ...extra,
  })
const approve = (t: TestApp, admin: string, withdrawNo: string) =>
  post(t.app, '/api/funds/admin/withdraw/decide', admin, { withdrawNo, approve: true })
const withdrawalOf = (t: TestApp, withdrawNo: string) =>
  t.app.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('withdraw_no', '=', withdrawNo)
    .executeTakeFirstOrThrow()
const payoutsOf = (t: TestApp, withdrawNo: string) =>
  t.app.db.selectFrom('pay_payouts').selectAll().where('biz', '=', withdrawNo).execute()
const inbox = (t: TestApp, userId: number) =>
  t.app.db.selectFrom('web_messages').select(['title', 'content']).where('user_id', '=', userId).execute()

describe('an approved withdrawal paid by an Alipay transfer (the simulator, transfers DEALING first)', async () => {
  const env = await appWithAlipay({
    payoutOutcome: 'DEALING',
    payees: { 'pa@example.com': NAME, 'pt@example.com': NAME },
    hangMs: 1_500,
  })
  const { t, admin, simCall, transfers } = env

  it('PAYING on approval (once, however often approved), PAID when Alipay says so: the frozen money leaves', async () => {
    const u = await funded(t.app, 'pyo', 30_000)
    const created = await withdraw(t, u.token, 12_000, 'pa@example.com')
    expect(created).toMatchObject({ code: 200, data: { status: 'PENDING', payeeName: NAME } })
    const withdrawNo = created.data.withdrawNo as string
    const before = await invariantOk(t.app)

    expect(await approve(t, admin, withdrawNo)).toMatchObject({ code: 200 })
    // approved twice (a second click, a second staff member): refused, nothing sent again
    expect(await approve(t, admin, withdrawNo)).toMatchObject({ code: 400, msg: '该提现申请已处理' })
    expect((await withdrawalOf(t, withdrawNo)).status).toBe('PAYING')
    const [payout, ...more] = await payoutsOf(t, withdrawNo)
    expect(more).toEqual([])
    expect(payout).toMatchObject({ status: 'PAYING', amount: 12_000, account: 'pa@example.com', name: NAME })
    // asking the pay module again for the same withdrawal sends nothing: the one payout's state
    expect(
      await t.app.services.pay.payout({
        biz: withdrawNo,
        channel: 'ALIPAY',
        amount: 12_000,
        account: 'pa@example.com',
        name: NAME,
        remark: 'again',
      }),
    ).toBe('PAYING')
    expect(transfers().filter((x) => x.out_biz_no === payout.payout_no)).toEqual([
      { out_biz_no: payout.payout_no, status: 'DEALING', name: NAME },
    ])
    expect(await payoutsOf(t, withdrawNo)).toHaveLength(1)
    // still frozen while Alipay deals with it; the invariant holds (the money has not left)
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 18_000, frozen: 12_000 })
    expect((await invariantOk(t.app)).withdrawn).toBe(before.withdrawn)

    // Alipay finishes the transfer; the job asks about payouts PAYING for over a minute
    await simCall('/_sim/payout', { outBizNo: payout.payout_no, status: 'SUCCESS' })
    expect(await t.app.services.pay.pollPayouts()).toMatchObject({ asked: 0 })
    clock += 2 * MINUTE
    expect(await t.app.services.pay.pollPayouts()).toMatchObject({ asked: 1, paid: 1 })
    expect(await t.app.services.pay.pollPayouts()).toMatchObject({ asked: 0 })
    expect((await payoutsOf(t, withdrawNo))[0]).toMatchObject({ status: 'PAID' })
    expect((await payoutsOf(t, withdrawNo))[0].provider_no).toBeTruthy()
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 18_000, frozen: 0 })
    const done = (await ledgerOf(t.app, u.userId)).filter((l) => l.withdraw_no === withdrawNo)
    expect(done.map((l) => [l.type, Number(l.amount), Number(l.frozen_amount)])).toEqual([
      ['WITHDRAW_FREEZE', -12_000, 12_000],
      ['WITHDRAW_DONE', 0, -12_000],
    ])
    expect((await invariantOk(t.app)).withdrawn - before.withdrawn).toBe(12_000)
    const mine = await get(t.app, '/api/funds/withdraw/list', u.token)
    expect(mine.rows[0]).toMatchObject({ withdrawNo, status: 'PAID', failReason: '' })
    expect(await inbox(t, u.userId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: '提现成功' })]),
    )
    expect(transfers().filter((x) => x.out_biz_no === payout.payout_no)).toHaveLength(1)
  })

  it('FAILED: the money returns to the balance with ledger rows and the user reads why', async () => {
    const u = await funded(t.app, 'pyf', 20_000)
    // an account Alipay does not know: the transfer is refused at once
    const refused = (await withdraw(t, u.token, 5_000, 'nobody@example.com')).data.withdrawNo as string
    // one Alipay takes, then fails while dealing with it
    const later = (await withdraw(t, u.token, 3_000, 'pa@example.com')).data.withdrawNo as string
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 12_000, frozen: 8_000 })
    const before = await invariantOk(t.app)

    expect(await approve(t, admin, refused)).toMatchObject({ code: 200 })
    expect(await withdrawalOf(t, refused)).toMatchObject({ status: 'FAILED', remark: '收款账号不存在' })
    expect((await payoutsOf(t, refused))[0]).toMatchObject({
      status: 'FAILED',
      fail_reason: '收款账号不存在',
    })

    expect(await approve(t, admin, later)).toMatchObject({ code: 200 })
    const [payout] = await payoutsOf(t, later)
    await simCall('/_sim/payout', {
      outBizNo: payout.payout_no,
      status: 'FAIL',
      failReason: '收款账户已冻结',
    })
    clock += 2 * MINUTE
    expect(await t.app.services.pay.pollPayouts()).toMatchObject({ asked: 1, failed: 1 })
    expect(await withdrawalOf(t, later)).toMatchObject({ status: 'FAILED', remark: '收款账户已冻结' })

    // all the money is back; nothing counted as withdrawn
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 20_000, frozen: 0 })
    expect((await invariantOk(t.app)).withdrawn).toBe(before.withdrawn)
    const back = (await ledgerOf(t.app, u.userId)).filter((l) => l.type === 'WITHDRAW_RETURN')
    expect(back.map((l) => [l.withdraw_no, Number(l.amount), Number(l.frozen_amount), l.remark])).toEqual([
      [refused, 5_000, -5_000, '提现打款失败：收款账号不存在'],
      [later, 3_000, -3_000, '提现打款失败：收款账户已冻结'],
    ])
    const mine = await get(t.app, '/api/funds/withdraw/list', u.token)
    expect(mine.rows.map((r: { status: string; failReason: string }) => [r.status, r.failReason])).toEqual([
      ['FAILED', '收款账户已冻结'],
      ['FAILED', '收款账号不存在'],
    ])
    const failed = (await inbox(t, u.userId)).filter((m) => m.title === '提现打款失败')
    expect(failed).toHaveLength(2)
    expect(failed.map((m) => m.content).join('\n')).toContain('原因：收款账户已冻结')
    // staff see the reason in 提现审核
    const staff = await get(t.app, '/api/console/withdraw/list?status=FAILED&pageSize=50', admin)
    expect(staff.rows.find((r: { withdrawNo: string }) => r.withdrawNo === refused)).toMatchObject({
      failReason: '收款账号不存在',
      payeeName: NAME,
      fullAccount: 'nobody@example.com',
    })
  })

  it('a transfer call that times out leaves PAYING; the job finishes it, and Alipay holds one transfer', async () => {
    const u = await funded(t.app, 'pyt', 10_000)
    const withdrawNo = (await withdraw(t, u.token, 4_000, 'pt@example.com')).data.withdrawNo as string
    await simCall('/_sim/fault', { method: 'alipay.fund.trans.uni.transfer', kind: 'timeout' })
    expect(await approve(t, admin, withdrawNo)).toMatchObject({ code: 200 })
    const [payout] = await payoutsOf(t, withdrawNo)
    expect(payout.status).toBe('PAYING')
    expect((await withdrawalOf(t, withdrawNo)).status).toBe('PAYING')
    // Alipay took it after all (the answer came too late)
    await eventually(
      () => transfers().some((x) => x.out_biz_no === payout.payout_no),
      'Alipay has the transfer',
    )
    await simCall('/_sim/payout', { outBizNo: payout.payout_no, status: 'SUCCESS' })
    clock += 2 * MINUTE
    expect(await t.app.services.pay.pollPayouts()).toMatchObject({ asked: 1, paid: 1 })
    expect((await withdrawalOf(t, withdrawNo)).status).toBe('PAID')
    expect(transfers().filter((x) => x.out_biz_no === payout.payout_no)).toHaveLength(1)
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 6_000, frozen: 0 })
    await invariantOk(t.app)
  })

  it('a withdrawal left PAYING without its payout (the process died in between) is sent by the funds job', async () => {
    const u = await funded(t.app, 'pyr', 10_000)
    const withdrawNo = (await withdraw(t, u.token, 2_000, 'pa@example.com')).data.withdrawNo as string
    // what an approval leaves when the process dies right after its commit
    await t.app.db
      .updateTable('withdrawals')
      .set({ status: 'PAYING', decided_at: clock })
      .where('withdraw_no', '=', withdrawNo)
      .execute()
    expect(await t.app.services.funds.resumePayouts()).toBe(0)
    clock += 2 * MINUTE
    expect(await t.app.services.funds.resumePayouts()).toBeGreaterThanOrEqual(1)
    const [payout] = await payoutsOf(t, withdrawNo)
    expect(payout.status).toBe('PAYING')
    expect(transfers().filter((x) => x.out_biz_no === payout.payout_no)).toHaveLength(1)
    // again: its payout exists, nothing is sent
    await t.app.services.funds.resumePayouts()
    expect(await payoutsOf(t, withdrawNo)).toHaveLength(1)
    expect(transfers().filter((x) => x.out_biz_no === payout.payout_no)).toHaveLength(1)
    await invariantOk(t.app)
  })
})

describe('withdrawals to Alipay, transfers succeeding at once', async () => {
  const { t, transfers } = await appWithAlipay()

  it('refuse a payee name other than the verified real name, before anything is frozen', async () => {
    const u = await funded(t.app, 'pyn', 10_000)
    expect(await withdraw(t, u.token, 1_000, 'pn@example.com', { payeeName: '王五' })).toMatchObject({
      code: 400,
      msg: '收款人姓名须与您实名认证的姓名一致',
    })
    expect(await withdraw(t, u.token, 1_000, 'pn@example.com', { payeeName: undefined })).toMatchObject({
      code: 400,
      msg: '收款人姓名不能为空',
    })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 10_000, frozen: 0 })
    expect(await withdraw(t, u.token, 1_000, 'pn@example.com', { payeeName: ' 陈 静 ' })).toMatchObject({
      code: 200,
      data: { status: 'PENDING', payeeName: NAME },
    })
  })

  it('at or under the 参数设置 threshold an Alipay withdrawal is paid out at once, without staff', async () => {
    const u = await funded(t.app, 'pya', 30_000)
    // off by default (0): waits for staff
    expect((await withdraw(t, u.token, 1_000, 'pa@example.com')).data.status).toBe('PENDING')
    await t.app.db
      .updateTable('sys_config')
      .set({ config_value: '5000' })
      .where('config_key', '=', AUTO_APPROVE_MAX_KEY)
      .execute()
    const auto = await withdraw(t, u.token, 5_000, 'pa@example.com')
    expect(auto).toMatchObject({ code: 200, data: { status: 'PAID' } })
    expect(await withdraw(t, u.token, 5_001, 'pa@example.com')).toMatchObject({ data: { status: 'PENDING' } })
    // a bank card is transferred by staff by hand: never automatic
    const card = await withdraw(t, u.token, 1_000, '6222 0212 3456 7890 128', { accountKind: 'BANK_CARD' })
    expect(card).toMatchObject({ data: { status: 'PENDING' } })
    const [payout] = await payoutsOf(t, auto.data.withdrawNo)
    expect(payout).toMatchObject({ status: 'PAID', amount: 5_000 })
    expect(transfers().filter((x) => x.out_biz_no === payout.payout_no)).toHaveLength(1)
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 17_999, frozen: 7_001 })
    expect((await withdrawalOf(t, auto.data.withdrawNo)).decided_by).toBeNull()
    await invariantOk(t.app)
  })
})

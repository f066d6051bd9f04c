/**
 * The top-up hold (docs/trading-rules.md, "Withdrawals"): money that came in by a top-up and was never
 * spent goes back only the way it came — to its channel, once the 参数设置 hold after its payment has
 * passed — never to a bank card or an Alipay account; spending takes top-up money first, and money
 * earned or refunded withdraws as before. The withdrawal form's figures: fee, what arrives, when, and
 * the payee name matched against the verified real name. The real Alipay adapter against its simulator.
 */
import { describe, expect, it } from 'vitest'
import { call, DEMO, encryptPassword, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  createOrder,
  invariantOk,
  ledgerOf,
  PAY_PASSWORD,
  payOrder,
  setPayPassword,
  statusOf,
} from '../trade/test-helpers'
import { advance, appWithSimulator, eventually, MINUTE, topup, topupStatus } from '../pay/test-helpers'
import { withdrawQuote } from '../../../shared/rules/withdraw-quote'
import { chinaMinute } from './withdrawals'

const HOUR = 60 * MINUTE

type Env = Awaited<ReturnType<typeof appWithSimulator>>
type User = { token: string; userId: number }

async function verifiedUser(t: TestApp, prefix: string): Promise<User> {
  const u = await newUser(t.app, prefix, { verified: true })
  expect((await setPayPassword(t.app, u.token)).code).toBe(200)
  return u
}

/** A top-up paid at the Alipay simulator's cashier and credited by its notification. */
async function toppedUp(env: Env, u: User, amount: number) {
  const { topupNo, payUrl } = await topup(env.t, u.token, amount)
  await env.simCall('/_sim/pay', { url: payUrl })
  await eventually(async () => (await topupStatus(env.t, u.token, topupNo)) === 'PAID', 'credited')
  return topupNo
}

const info = async (t: TestApp, u: User) =>
  (await call(t.app, 'GET', '/api/funds/withdraw/info', { token: u.token })).data
const withdraw = async (
  t: TestApp,
  u: User,
  amount: number,
  extra: { payeeName?: string; accountKind?: string; account?: string } = {},
) =>
  call(t.app, 'POST', '/api/funds/withdraw/create', {
    token: u.token,
    body: {
      amount,
      accountKind: 'BANK_CARD',
      account: '6222021234567890128',
      payeeName: '陈静',
      payPassword: await encryptPassword(t.app, PAY_PASSWORD),
      ...extra,
    },
  })
const refundTopups = async (t: TestApp, u: User, amount: number) =>
  call(t.app, 'POST', '/api/funds/topup/refund', {
    token: u.token,
    body: { amount, payPassword: await encryptPassword(t.app, PAY_PASSWORD) },
  })
const available = async (t: TestApp, u: User) =>
  (await call(t.app, 'GET', '/api/funds/wallet', { token: u.token })).data.available as number

// each test pays at the simulator and waits for its notifications: slow on a loaded machine
describe('the top-up hold', { timeout: 90_000 }, () => {
  it('money topped up a minute ago cannot be withdrawn; after the hold it goes back to its channel', async () => {
    const env = await appWithSimulator()
    const { t } = env
    const u = await verifiedUser(t, 'th')
    const topupNo = await toppedUp(env, u, 20_000)
    const paidAt = Number(
      (
        await t.app.db
          .selectFrom('topups')
          .select('paid_at')
          .where('topup_no', '=', topupNo)
          .executeTakeFirstOrThrow()
      ).paid_at,
    )
    const refundableAt = paidAt + 24 * HOUR
    advance(MINUTE)

    // the form's figures: nothing to an account, the top-up held until a day after its payment
    expect(await info(t, u)).toMatchObject({
      available: 20_000,
      withdrawable: 0,
      heldTopups: [{ topupNo, channel: 'alipay', unspent: 20_000, paidAt, refundableAt }],
      refundableNow: 0,
      holdHours: 24,
      realName: '陈*',
    })
    // to a bank card or an Alipay account: refused, saying why and from when it can go back
    for (const kind of [{}, { accountKind: 'ALIPAY', account: 'th@example.com' }]) {
      const refused = await withdraw(t, u, 10_000, kind)
      expect(refused).toMatchObject({ code: 400, reason: 'TOPUP_HELD' })
      expect(refused.msg).toContain('可提现余额 ¥0.00')
      expect(refused.msg).toContain('¥200.00 为充值后尚未消费的资金')
      expect(refused.msg).toContain(`最早 ${chinaMinute(refundableAt)} 起可原路退回`)
    }
    // back to 支付宝 right now: refused with the time it becomes possible
    const early = await refundTopups(t, u, 5_000)
    expect(early).toMatchObject({ code: 400, reason: 'TOPUP_HELD' })
    expect(early.msg).toBe(
      `充值到账后须满 24 小时才能原路退回：现在可退回 ¥0.00，¥50.00 须到 ${chinaMinute(refundableAt)} 起`,
    )
    expect(await available(t, u)).toBe(20_000)
    expect(
      await t.app.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual([])

    // a day later: back the way it came, through the pay centre's refund of the top-up's attempt
    advance(24 * HOUR)
    expect(await info(t, u)).toMatchObject({ withdrawable: 0, refundableNow: 20_000 })
    expect(await refundTopups(t, u, 20_001)).toMatchObject({ code: 400, reason: 'TOPUP_HELD' })
    const back = await refundTopups(t, u, 5_000)
    expect(back).toMatchObject({
      code: 200,
      data: { refunded: 5_000, refunds: [{ topupNo, channel: 'ALIPAY', amount: 5_000 }] },
    })
    const refundNo = back.data.refunds[0].refundNo as string
    await eventually(
      async () =>
        (
          await t.app.db
            .selectFrom('pay_refunds')
            .select('status')
            .where('refund_no', '=', refundNo)
            .executeTakeFirst()
        )?.status === 'SUCCESS',
      'the refund reaches 支付宝',
    )
    expect(await available(t, u)).toBe(15_000)
    expect((await ledgerOf(t.app, u.userId)).map((l) => [l.type, Number(l.amount), l.topup_no])).toEqual([
      ['TOPUP', 20_000, topupNo],
      ['CHANNEL_REFUND', -5_000, topupNo],
    ])
    expect(await info(t, u)).toMatchObject({
      withdrawable: 0,
      heldTopups: [{ topupNo, unspent: 15_000 }],
      refundableNow: 15_000,
    })
    // still not to an account: what is left of it can go back now
    expect((await withdraw(t, u, 100)).msg).toContain('（现在即可原路退回）')
    await invariantOk(t.app)
  })

  it('the hold is a 参数设置 staff set', async () => {
    const env = await appWithSimulator()
    const { t } = env
    const row = await t.app.db
      .selectFrom('sys_config')
      .select('config_value')
      .where('config_key', '=', 'funds.topup.holdHours')
      .executeTakeFirstOrThrow()
    expect(row.config_value).toBe('24')
    await t.app.db
      .updateTable('sys_config')
      .set({ config_value: '2' })
      .where('config_key', '=', 'funds.topup.holdHours')
      .execute()
    const u = await verifiedUser(t, 'tp')
    await toppedUp(env, u, 3_000)
    advance(MINUTE)
    expect((await info(t, u)).holdHours).toBe(2)
    expect((await refundTopups(t, u, 3_000)).code).toBe(400)
    advance(2 * HOUR)
    expect((await refundTopups(t, u, 3_000)).code).toBe(200)
    expect(await available(t, u)).toBe(0)
  })

  it('spending takes top-up money first; a refund of a purchase and earnings withdraw as before', async () => {
    const env = await appWithSimulator()
    const { t } = env
    const seller = await verifiedUser(t, 'ts')
    const goodsId = await publish(t.app, seller.token, {
      ...kingAccount(await gameNamed(t.app, '王者荣耀')),
      price: 6_000,
    })
    const buyer = await verifiedUser(t, 'tb')
    await toppedUp(env, buyer, 10_000)
    const orderNo = await createOrder(t.app, buyer.token, goodsId)
    expect((await payOrder(t.app, buyer.token, orderNo)).code).toBe(200)
    // 6,000 of the 10,000 spent: 4,000 is still unspent top-up money
    expect(await info(t, buyer)).toMatchObject({
      available: 4_000,
      withdrawable: 0,
      heldTopups: [{ unspent: 4_000 }],
    })
    expect((await withdraw(t, buyer, 100)).reason).toBe('TOPUP_HELD')

    // the seller never delivered: the buyer cancels, the purchase's money comes back as money that
    // withdraws as before (the top-up's spent part does not become held again)
    advance(49 * HOUR)
    expect(
      (await call(t.app, 'POST', '/api/trade/order/cancel', { token: buyer.token, body: { orderNo } })).code,
    ).toBe(200)
    expect(await statusOf(t.app, orderNo)).toBe('REFUNDED')
    expect(await info(t, buyer)).toMatchObject({ available: 10_000, withdrawable: 6_000 })
    expect((await withdraw(t, buyer, 6_001)).reason).toBe('TOPUP_HELD')
    const done = await withdraw(t, buyer, 6_000)
    expect(done).toMatchObject({
      code: 200,
      data: { amount: 6_000, status: 'PENDING', heldTopup: 4_000, nameChecked: true },
    })
    // staff read the checks' outcome in 提现审核
    const staff = await tokenOf(t.app, ...DEMO.admin)
    const listed = await call(t.app, 'GET', '/api/console/withdraw/list?pageSize=50', { token: staff })
    expect(
      listed.rows.find((w: { withdrawNo: string }) => w.withdrawNo === done.data.withdrawNo),
    ).toMatchObject({ heldTopup: 4_000, nameChecked: true, payeeName: '陈静' })
    expect(await info(t, buyer)).toMatchObject({ available: 4_000, withdrawable: 0 })
    await invariantOk(t.app)
  })

  it('the payee name must be the verified real name; without one the user is sent to verify first', async () => {
    const env = await appWithSimulator()
    const { t } = env
    const u = await verifiedUser(t, 'tn')
    const wrong = await withdraw(t, u, 100, { payeeName: '李四' })
    expect(wrong).toMatchObject({
      code: 400,
      reason: 'PAYEE_NAME_MISMATCH',
      msg: '收款人姓名须与您实名认证的姓名一致',
    })
    const unverified = await newUser(t.app, 'tu', { verified: false })
    expect(await info(t, unverified)).toMatchObject({ realName: null })
    expect(await withdraw(t, unverified, 100)).toMatchObject({ code: 400, reason: 'REAL_NAME_REQUIRED' })
  })

  it('fee and arrival: no fee, the whole amount arrives; when depends on the review and payout flow', async () => {
    const env = await appWithSimulator()
    const u = await verifiedUser(env.t, 'tf')
    const figures = await info(env.t, u)
    // this app pays Alipay out by transfer (the simulator); nothing is approved automatically by default
    expect(figures).toMatchObject({ alipayPayout: true, autoApproveMax: 0 })
    const flow = { autoApproveMax: 20_000, alipayPayout: true }
    expect(withdrawQuote(10_000, 'ALIPAY', flow)).toMatchObject({ fee: 0, arrives: 10_000, arrival: 'AUTO' })
    expect(withdrawQuote(10_000, 'ALIPAY', flow).arrivalText).toContain('几分钟内到账')
    const reviewed = withdrawQuote(30_000, 'ALIPAY', flow)
    expect(reviewed).toMatchObject({ fee: 0, arrives: 30_000, arrival: 'REVIEW_TRANSFER' })
    expect(reviewed.arrivalText).toContain('10:00-22:30')
    expect(withdrawQuote(10_000, 'ALIPAY', { ...flow, alipayPayout: false }).arrival).toBe('REVIEW_BY_HAND')
    const bank = withdrawQuote(10_000, 'BANK_CARD', figures)
    expect(bank).toMatchObject({ fee: 0, arrives: 10_000, arrival: 'REVIEW_BY_HAND' })
    expect(bank.arrivalText).toContain('1 个工作日')
  })
})

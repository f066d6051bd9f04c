/** The payment password: set with the login password, its rules, the lock after wrong answers, concurrent checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptPassword, loginAs, type TestApp } from '../../test-utils'
import { hashPassword } from '../auth/password'
import { NEW_USER_PASSWORD, gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  asEarnings,
  addRole,
  createOrder,
  dreamCoin,
  funded,
  invariantOk,
  payOrder,
  post,
  setPayPassword,
  startClockedApp,
  statusOf,
  topUp,
  wallet,
} from '../trade/test-helpers'

let clock = Date.now()
const now = () => clock
const MINUTE = 60_000
let t: TestApp

beforeAll(async () => {
  t = await startClockedApp(now)
})
afterAll(() => t?.close())

/** A 10-yuan withdrawal to an Alipay account, confirmed with the payment password `pw`. */
const withdrawWith = async (token: string, pw: string, account = 'ppw@example.com') =>
  post(t.app, '/api/funds/withdraw/create', token, {
    amount: 1000,
    accountKind: 'ALIPAY',
    payeeName: '陈静',
    account,
    payPassword: await encryptPassword(t.app, pw),
  })

describe('payment password', () => {
  it('is set and changed with the login password, 6 digits only', async () => {
    const u = await newUser(t.app, 'ppw')
    expect(await wallet(t.app, u.token)).toMatchObject({ hasPayPassword: false, payLockedUntil: null })
    expect(await setPayPassword(t.app, u.token, '135792', 'wrong-login')).toMatchObject({
      code: 400,
      msg: '登录密码不正确',
    })
    expect(await setPayPassword(t.app, u.token, '12345a')).toMatchObject({
      code: 400,
      msg: '支付密码必须是 6 位数字',
    })
    expect(
      await post(t.app, '/api/funds/payPassword', u.token, {
        payPassword: 'not-rsa',
        loginPassword: 'not-rsa',
      }),
    ).toMatchObject({ code: 400 })
    expect(await wallet(t.app, u.token)).toMatchObject({ hasPayPassword: false })
    expect(await setPayPassword(t.app, u.token, '246813')).toMatchObject({ code: 200 })
    expect(await wallet(t.app, u.token)).toMatchObject({ hasPayPassword: true })
    // stored hashed, never in clear
    const row = await t.app.db
      .selectFrom('wallets')
      .select('pay_password_hash')
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow()
    // a keyed hash: the key lives outside the database, so the row alone cannot be guessed offline
    expect(row.pay_password_hash).toMatch(/^hmac\$[0-9a-f]{8}\$/)
    expect(row.pay_password_hash).not.toContain('246813')

    // change: the old one stops working, the new one works
    expect(await setPayPassword(t.app, u.token, '357159')).toMatchObject({ code: 200 })
    await topUp(t.app, u.token, 20_000)
    await asEarnings(t.app, u.userId)
    const withdraw = (pw: string) => withdrawWith(u.token, pw)
    expect((await withdraw('246813')).msg).toContain('支付密码错误')
    expect(await withdraw('357159')).toMatchObject({ code: 200 })
    await invariantOk(t.app)
  })

  it('moves an older scrypt PIN hash to the keyed hash on the next right answer only', async () => {
    const u = await newUser(t.app, 'pmig')
    await topUp(t.app, u.token, 20_000)
    await asEarnings(t.app, u.userId)
    await setPayPassword(t.app, u.token, '246813')
    const stored = () =>
      t.app.db
        .selectFrom('wallets')
        .select('pay_password_hash')
        .where('user_id', '=', u.userId)
        .executeTakeFirstOrThrow()
        .then((r) => r.pay_password_hash!)
    const legacy = await hashPassword('246813')
    await t.app.db
      .updateTable('wallets')
      .set({ pay_password_hash: legacy })
      .where('user_id', '=', u.userId)
      .execute()
    const withdraw = (pw: string) => withdrawWith(u.token, pw)
    // a wrong answer leaves the old hash (and counts)
    expect((await withdraw('111111')).msg).toBe('支付密码错误，还可尝试 4 次')
    expect(await stored()).toBe(legacy)
    expect(await withdraw('246813')).toMatchObject({ code: 200 })
    const migrated = await stored()
    expect(migrated).toMatch(/^hmac\$/)
    expect(await withdraw('246813')).toMatchObject({ code: 200 })
    expect(await stored()).toBe(migrated)
    await invariantOk(t.app)
  })

  it('counts wrong login passwords toward the login lockout (a session cannot guess it)', async () => {
    const u = await newUser(t.app, 'plk')
    for (let i = 0; i < 4; i++)
      expect((await setPayPassword(t.app, u.token, '135792', `guess-${i}`)).msg).toBe('登录密码不正确')
    const locked = '密码错误次数过多，账号已锁定 10 分钟，请稍后再试'
    expect((await setPayPassword(t.app, u.token, '135792', 'guess-4')).msg).toBe(locked)
    // the right one is refused now, here and at the login
    expect((await setPayPassword(t.app, u.token)).msg).toBe(locked)
    expect((await loginAs(t.app, u.username, NEW_USER_PASSWORD)).msg).toBe(locked)
    clock += 10 * MINUTE
    expect(await setPayPassword(t.app, u.token)).toMatchObject({ code: 200 })
    expect(await wallet(t.app, u.token)).toMatchObject({ hasPayPassword: true })
  })

  it('refuses payment before a payment password is set', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'pps')
    const u = await newUser(t.app, 'ppn')
    await topUp(t.app, u.token, 50_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    const orderNo = await createOrder(t.app, u.token, goodsId)
    expect(await payOrder(t.app, u.token, orderNo)).toMatchObject({ code: 400, msg: '请先设置支付密码' })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 50_000 })
  })

  it('locks payment for 30 minutes after 5 wrong tries, then unlocks with the clock', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'lks')
    const u = await funded(t.app, 'lck', 100_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    let orderNo = await createOrder(t.app, u.token, goodsId)
    for (let i = 1; i <= 4; i++)
      expect(await payOrder(t.app, u.token, orderNo, '000000')).toMatchObject({
        code: 400,
        msg: `支付密码错误，还可尝试 ${5 - i} 次`,
        reason: 'PAY_PASSWORD_WRONG',
      })
    expect(await payOrder(t.app, u.token, orderNo, '000000')).toMatchObject({
      code: 400,
      msg: '支付密码错误次数过多，支付已锁定 30 分钟',
      reason: 'PAY_PASSWORD_WRONG',
    })
    // locked: even the right password is refused, and withdrawals too
    expect(await payOrder(t.app, u.token, orderNo)).toMatchObject({
      code: 400,
      msg: '支付密码错误次数过多，请 30 分钟后再试',
      reason: 'PAY_PASSWORD_LOCKED',
    })
    expect(await withdrawWith(u.token, '135792', '13800138000')).toMatchObject({
      code: 400,
      msg: '支付密码错误次数过多，请 30 分钟后再试',
    })
    expect(await wallet(t.app, u.token)).toMatchObject({
      available: 100_000,
      payLockedUntil: clock + 30 * MINUTE,
    })
    expect(
      await t.app.db.selectFrom('ledger').select('id').where('order_no', '=', orderNo).execute(),
    ).toEqual([])

    const withdraw = (pw: string) => withdrawWith(u.token, pw, '13800138000')
    clock += 29 * MINUTE
    expect((await withdraw('135792')).msg).toBe('支付密码错误次数过多，请 1 分钟后再试')
    clock += MINUTE
    expect((await wallet(t.app, u.token)).payLockedUntil).toBeNull()
    // the unpaid order timed out meanwhile: it is cancelled; order again
    await t.app.trade.sweep()
    expect(await statusOf(t.app, orderNo)).toBe('CANCELLED')
    orderNo = await createOrder(t.app, u.token, goodsId)
    // a wrong try after the lock counts from the start again
    expect((await payOrder(t.app, u.token, orderNo, '999999')).msg).toBe('支付密码错误，还可尝试 4 次')
    expect(await payOrder(t.app, u.token, orderNo)).toMatchObject({ code: 200, data: { status: 'PAID' } })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 90_000, inEscrowAsBuyer: 10_000 })
    // a success clears the count
    const w = await t.app.db
      .selectFrom('wallets')
      .select(['pay_fail_count', 'pay_locked_until'])
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow()
    expect(w).toEqual({ pay_fail_count: 0, pay_locked_until: null })
    await invariantOk(t.app)
  })

  it('allows no more than 5 guesses however many arrive at once', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'bfs')
    const u = await funded(t.app, 'bfb', 100_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    const orderNo = await createOrder(t.app, u.token, goodsId)
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => encryptPassword(t.app, i === 29 ? '135792' : `${100000 + i}`)),
    )
    const answers = await Promise.all(
      guesses.map((payPassword) => post(t.app, '/api/trade/order/pay', u.token, { orderNo, payPassword })),
    )
    const checked = answers.filter((a) => a.reason === 'PAY_PASSWORD_WRONG')
    expect(checked.length).toBeLessThanOrEqual(5)
    expect(answers.filter((a) => a.code === 200)).toHaveLength(0)
    expect((await wallet(t.app, u.token)).available).toBe(100_000)
    const row = await t.app.db
      .selectFrom('wallets')
      .select('pay_fail_count')
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow()
    expect(row.pay_fail_count).toBe(5)
    expect((await payOrder(t.app, u.token, orderNo)).msg).toContain('分钟后再试')
    clock += 30 * MINUTE
  })

  it('counts only wrong answers: ten orders paid at the same moment with the right password all pass', async () => {
    const { fx, body } = await dreamCoin(t.app, { price: 1_000, stock: 50 })
    const seller = await newUser(t.app, 'tens')
    const u = await funded(t.app, 'tenb', 100_000)
    const goodsId = await publish(t.app, seller.token, body)
    const roleId = await addRole(t.app, u.token, fx)
    const orders = []
    for (let i = 0; i < 10; i++) orders.push(await createOrder(t.app, u.token, goodsId, { roleId }))
    // one wrong answer among them counts, the right ones do not
    const answers = await Promise.all([
      ...orders.map((orderNo) => payOrder(t.app, u.token, orderNo)),
      payOrder(t.app, u.token, orders[0], '975318'),
    ])
    expect(answers.slice(0, 10).map((a) => a.code)).toEqual(Array(10).fill(200))
    expect(answers[10].code).toBe(400)
    expect((await wallet(t.app, u.token)).available).toBe(90_000)
    await invariantOk(t.app)
  })

  it('checks the PIN in the payment transaction: a wrong one is counted though nothing is paid, a right one before a failed payment clears the count', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'ptxs')
    const u = await funded(t.app, 'ptxb', 5_000)
    const failures = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('wallets')
            .select('pay_fail_count')
            .where('user_id', '=', u.userId)
            .executeTakeFirstOrThrow()
        ).pay_fail_count,
      )
    // dearer than the balance: with the right PIN the payment's transaction rolls back (余额不足)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    const orderNo = await createOrder(t.app, u.token, goodsId)
    expect((await payOrder(t.app, u.token, orderNo, '000000')).msg).toBe('支付密码错误，还可尝试 4 次')
    expect((await payOrder(t.app, u.token, orderNo, '000001')).msg).toBe('支付密码错误，还可尝试 3 次')
    expect(await failures()).toBe(2)
    expect(await statusOf(t.app, orderNo)).toBe('UNPAID')
    expect(await payOrder(t.app, u.token, orderNo)).toMatchObject({ code: 400, msg: '余额不足，请先充值' })
    expect(await failures()).toBe(0)
    expect(await statusOf(t.app, orderNo)).toBe('UNPAID')
    expect(
      await t.app.db.selectFrom('ledger').select('id').where('order_no', '=', orderNo).execute(),
    ).toEqual([])
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 5_000, inEscrowAsBuyer: 0 })
    // a wrong PIN still counts on a payment that could not have gone through
    expect((await payOrder(t.app, u.token, orderNo, '000002')).msg).toBe('支付密码错误，还可尝试 4 次')
    expect(await failures()).toBe(1)
    await invariantOk(t.app)
  })

  it.each(['111111', '123456', '654321', '121212', '900101'])('refuses the trivial PIN %s', async (pin) => {
    const u = await newUser(t.app, 'triv')
    const res = await setPayPassword(t.app, u.token, pin)
    expect(res.code).toBe(400)
    expect(res.msg).toMatch(/^支付密码不能是/)
  })
})

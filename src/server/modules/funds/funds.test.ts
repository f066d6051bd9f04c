/** Funds: the payment password and its lock, withdrawals, the ledger and the sandbox gateway's page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, encryptPassword, loginAs, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { NEW_USER_PASSWORD, gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import {
  addRole,
  createOrder,
  dreamCoin,
  funded,
  get,
  invariantOk,
  ledgerOf,
  payOrder,
  post,
  relogin,
  sandboxAct,
  setPayPassword,
  startClockedApp,
  statusOf,
  topUp,
  wallet,
} from '../trade/test-helpers'
import { checkInvariant } from './service'

let clock = Date.now()
const now = () => clock
const MINUTE = 60_000
const HOUR = 60 * MINUTE
let t: TestApp
let admin: string

beforeAll(async () => {
  t = await startClockedApp(now)
  admin = await tokenOf(t.app, ...DEMO.admin)
})
afterAll(() => t?.close())

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
    expect(row.pay_password_hash).toMatch(/^scrypt\$/)
    expect(row.pay_password_hash).not.toContain('246813')

    // change: the old one stops working, the new one works
    expect(await setPayPassword(t.app, u.token, '357159')).toMatchObject({ code: 200 })
    await topUp(t.app, u.token, 20_000)
    const withdraw = async (pw: string) =>
      post(t.app, '/api/funds/withdraw/create', u.token, {
        amount: 1000,
        account: 'alipay:ppw@example.com',
        payPassword: await encryptPassword(t.app, pw),
      })
    expect((await withdraw('246813')).msg).toContain('支付密码错误')
    expect(await withdraw('357159')).toMatchObject({ code: 200 })
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
      })
    expect(await payOrder(t.app, u.token, orderNo, '000000')).toMatchObject({
      code: 400,
      msg: '支付密码错误次数过多，支付已锁定 30 分钟',
    })
    // locked: even the right password is refused, and withdrawals too
    expect(await payOrder(t.app, u.token, orderNo)).toMatchObject({
      code: 400,
      msg: '支付密码错误次数过多，请 30 分钟后再试',
    })
    expect(
      await post(t.app, '/api/funds/withdraw/create', u.token, {
        amount: 1000,
        account: 'x',
        payPassword: await encryptPassword(t.app, '135792'),
      }),
    ).toMatchObject({ code: 400, msg: '支付密码错误次数过多，请 30 分钟后再试' })
    expect(await wallet(t.app, u.token)).toMatchObject({
      available: 100_000,
      payLockedUntil: clock + 30 * MINUTE,
    })
    expect(
      await t.app.db.selectFrom('ledger').select('id').where('order_no', '=', orderNo).execute(),
    ).toEqual([])

    const withdraw = async (pw: string) =>
      post(t.app, '/api/funds/withdraw/create', u.token, {
        amount: 1000,
        account: 'x',
        payPassword: await encryptPassword(t.app, pw),
      })
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
    const checked = answers.filter((a) => /支付密码错误(，还可尝试|次数过多，支付已锁定)/.test(a.msg))
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

  it.each(['111111', '123456', '654321', '121212', '900101'])('refuses the trivial PIN %s', async (pin) => {
    const u = await newUser(t.app, 'triv')
    const res = await setPayPassword(t.app, u.token, pin)
    expect(res.code).toBe(400)
    expect(res.msg).toMatch(/^支付密码不能是/)
  })
})

describe('withdrawals', () => {
  it('freeze with a ledger row and the payment password; staff approve (money leaves) or reject (back)', async () => {
    const u = await funded(t.app, 'wd', 50_000)
    const request = async (amount: number, pw = '135792') =>
      post(t.app, '/api/funds/withdraw/create', u.token, {
        amount,
        account: 'alipay:wd@example.com',
        payPassword: await encryptPassword(t.app, pw),
      })
    expect((await request(10_000, '975318')).msg).toBe('支付密码错误，还可尝试 4 次')
    expect(await request(60_000)).toMatchObject({ code: 400, msg: '可用余额不足' })
    expect(await request(50)).toMatchObject({ code: 400 })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 50_000, frozen: 0 })
    expect(
      await t.app.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual([])

    const first = await request(20_000)
    expect(first).toMatchObject({
      code: 200,
      data: { amount: 20_000, status: 'PENDING', userId: u.userId, account: 'alipay:wd@example.com' },
    })
    const second = await request(10_000)
    expect(second.data.withdrawNo).not.toBe(first.data.withdrawNo)
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 20_000, frozen: 30_000 })
    const freeze = (await ledgerOf(t.app, u.userId)).filter((l) => l.type === 'WITHDRAW_FREEZE')
    expect(freeze).toMatchObject([
      { amount: -20_000, frozen_amount: 20_000, available_after: 30_000, frozen_after: 20_000 },
      { amount: -10_000, frozen_amount: 10_000, available_after: 20_000, frozen_after: 30_000 },
    ])
    await invariantOk(t.app)

    // only staff decide; only staff list everyone's
    const decide = (token: string, withdrawNo: string, approve: boolean, remark?: string) =>
      post(t.app, '/api/funds/admin/withdraw/decide', token, {
        withdrawNo,
        approve,
        ...(remark === undefined ? {} : { remark }),
      })
    expect((await decide(u.token, first.data.withdrawNo, true)).code).toBe(403)
    expect((await get(t.app, '/api/funds/withdraw/list?all=true', u.token)).code).toBe(403)
    const mine = await get(t.app, '/api/funds/withdraw/list', u.token)
    expect(mine).toMatchObject({ code: 200, total: 2 })
    const all = await get(t.app, '/api/funds/withdraw/list?all=true&status=PENDING', admin)
    expect(all.rows.map((w: { withdrawNo: string }) => w.withdrawNo)).toEqual(
      expect.arrayContaining([first.data.withdrawNo, second.data.withdrawNo]),
    )
    expect((await decide(admin, 'W000', true)).code).toBe(404)

    const before = await invariantOk(t.app)
    expect(await decide(admin, first.data.withdrawNo, true)).toMatchObject({ code: 200 })
    expect((await decide(admin, first.data.withdrawNo, false)).msg).toBe('该提现申请已处理')
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 20_000, frozen: 10_000 })
    const after = await invariantOk(t.app)
    // the approved withdrawal left the platform: counted on both sides of the invariant
    expect(after.withdrawn - before.withdrawn).toBe(20_000)
    expect(before.held - after.held).toBe(20_000)

    expect(await decide(admin, second.data.withdrawNo, false, '账户信息有误')).toMatchObject({ code: 200 })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 30_000, frozen: 0 })
    const rows = await ledgerOf(t.app, u.userId)
    expect(rows.slice(-2)).toMatchObject([
      { type: 'WITHDRAW_DONE', amount: 0, frozen_amount: -20_000, withdraw_no: first.data.withdrawNo },
      {
        type: 'WITHDRAW_RETURN',
        amount: 10_000,
        frozen_amount: -10_000,
        available_after: 30_000,
        frozen_after: 0,
        withdraw_no: second.data.withdrawNo,
      },
    ])
    expect((await get(t.app, '/api/funds/withdraw/list?status=APPROVED', u.token)).rows).toMatchObject([
      { withdrawNo: first.data.withdrawNo, status: 'APPROVED', decidedAt: clock },
    ])
    const inbox = await t.app.db
      .selectFrom('web_messages')
      .select('title')
      .where('user_id', '=', u.userId)
      .execute()
    expect(inbox.map((m) => m.title)).toEqual(expect.arrayContaining(['提现成功', '提现被驳回']))
    await invariantOk(t.app)
  })
})

describe('ledger', () => {
  it('pages, filters by type and date range, and shows only the caller’s rows', async () => {
    const u = await funded(t.app, 'led', 0)
    const other = await funded(t.app, 'lot', 7_000)
    const start = clock
    for (let i = 0; i < 5; i++) {
      await topUp(t.app, u.token, 1000 * (i + 1))
      clock += HOUR
    }
    const mid = clock
    await post(t.app, '/api/funds/withdraw/create', u.token, {
      amount: 500,
      account: 'bank',
      payPassword: await encryptPassword(t.app, '135792'),
    })
    clock += HOUR
    await topUp(t.app, u.token, 600)

    const ledger = (query = '', token = u.token) => get(t.app, `/api/funds/ledger${query}`, token)
    const all = await ledger()
    expect(all).toMatchObject({ code: 200, total: 7 })
    // newest first
    expect(all.rows.map((r: { type: string }) => r.type)).toEqual([
      'TOPUP',
      'WITHDRAW_FREEZE',
      'TOPUP',
      'TOPUP',
      'TOPUP',
      'TOPUP',
      'TOPUP',
    ])
    expect(all.rows[0]).toMatchObject({ amount: 600, availableAfter: 15_100, frozenAfter: 500 })
    const p1 = await ledger('?pageNum=1&pageSize=3')
    const p3 = await ledger('?pageNum=3&pageSize=3')
    expect(p1).toMatchObject({ total: 7 })
    expect(p1.rows).toHaveLength(3)
    expect(p3.rows).toHaveLength(1)
    expect(p3.rows[0]).toMatchObject({ type: 'TOPUP', amount: 1000, availableAfter: 1000 })
    const ids = [...p1.rows, ...(await ledger('?pageNum=2&pageSize=3')).rows, ...p3.rows].map(
      (r: { ledgerId: number }) => r.ledgerId,
    )
    expect(new Set(ids).size).toBe(7)

    expect(await ledger('?type=WITHDRAW_FREEZE')).toMatchObject({
      total: 1,
      rows: [{ amount: -500, frozenAmount: 500 }],
    })
    const range = await ledger(`?beginTime=${start + HOUR}&endTime=${mid}`)
    expect(range.rows.map((r: { amount: number }) => r.amount)).toEqual([-500, 5000, 4000, 3000, 2000])
    expect(
      (await ledger(`?type=TOPUP&beginTime=${start + HOUR}&endTime=${mid}`)).rows.map(
        (r: { amount: number }) => r.amount,
      ),
    ).toEqual([5000, 4000, 3000, 2000])
    expect((await ledger('?type=BOGUS')).code).toBe(400)

    // nobody reads another user's ledger: the caller's rows only, and no way to name a user
    expect(await ledger('', other.token)).toMatchObject({ total: 1, rows: [{ amount: 7000 }] })
    expect((await ledger(`?userId=${u.userId}`, other.token)).code).toBe(400)
    expect((await ledger(`?userId=${u.userId}`, admin)).code).toBe(400)
    expect(await ledger('', admin)).toMatchObject({ code: 200, total: 0 })
    expect((await call(t.app, 'GET', '/api/funds/ledger')).code).toBe(401)
    expect((await call(t.app, 'GET', '/api/funds/wallet')).code).toBe(401)
    await relogin(t.app, u)
  })
})

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
      data: { payUrl: `/api/pay/sandbox/checkout?topupNo=${created.data.topupNo}`, qrCode: null },
    })
    const page = await t.app.inject({ method: 'GET', url: created.data.payUrl })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toMatch(/^<!doctype html>/)
    expect(page.body).toContain('¥88.00')
    expect(page.body).toContain(created.data.topupNo)
    expect(page.body).toContain('action="/api/pay/sandbox/act"')
    expect(page.body).toContain('value="pay"')
    expect(page.body).toContain('value="fail"')
    expect(page.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i)
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'")

    const missing = await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout?topupNo=T123' })
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
    const failed = await sandboxAct(t.app, topupNo, 'fail')
    expect(failed.statusCode).toBe(303)
    expect(failed.headers.location).toBe(`/account/balance.html?topupNo=${topupNo}`)
    expect((await get(t.app, `/api/funds/topup/detail/${topupNo}`, u.token)).data).toMatchObject({
      status: 'FAILED',
      paidAt: null,
    })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 0, frozen: 0 })
    expect(await ledgerOf(t.app, u.userId)).toEqual([])
    // the provider's page shows it handled; a later "pay" changes nothing
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/checkout?topupNo=${topupNo}` })).body,
    ).toContain('已处理（FAILED）')
    await sandboxAct(t.app, topupNo, 'pay')
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
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', payload: { topupNo } })).json()
        .code,
    ).toBe(400)
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

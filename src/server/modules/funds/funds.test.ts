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
        accountKind: 'ALIPAY',
        account: 'ppw@example.com',
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
        accountKind: 'ALIPAY',
        account: '13800138000',
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
        accountKind: 'ALIPAY',
        account: '13800138000',
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
        accountKind: 'ALIPAY',
        account: 'wd@example.com',
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
      data: {
        amount: 20_000,
        status: 'PENDING',
        userId: u.userId,
        accountKind: 'ALIPAY',
        account: 'w***@example.com',
        rejectReason: '',
      },
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
    const decide = (token: string, withdrawNo: string, approve: boolean, reason?: string) =>
      post(t.app, '/api/funds/admin/withdraw/decide', token, {
        withdrawNo,
        approve,
        ...(reason === undefined ? {} : { reason }),
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
    expect((await decide(admin, first.data.withdrawNo, false, '重复操作')).msg).toBe('该提现申请已处理')
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

  const withdrawBody = async (accountKind: unknown, account: unknown, amount = 1000) => ({
    amount,
    accountKind,
    account,
    payPassword: await encryptPassword(t.app, '135792'),
  })

  it('checks the payee account by kind (bank card: 16–19 digits and Luhn; Alipay: mobile or e-mail)', async () => {
    const u = await funded(t.app, 'wdk', 50_000)
    const request = async (accountKind: unknown, account: unknown) =>
      post(t.app, '/api/funds/withdraw/create', u.token, await withdrawBody(accountKind, account))
    for (const [kind, account, msg] of [
      ['ALIPAY', 'a', '支付宝账号须为手机号或邮箱'],
      ['ALIPAY', '12345678901', '支付宝账号须为手机号或邮箱'],
      ['ALIPAY', 'wd@example', '支付宝账号须为手机号或邮箱'],
      ['ALIPAY', '6222021234567890128', '支付宝账号须为手机号或邮箱'],
      ['BANK_CARD', 'wd@example.com', '银行卡号须为 16 至 19 位数字'],
      ['BANK_CARD', '622202123456789', '银行卡号须为 16 至 19 位数字'],
      ['BANK_CARD', '62220212345678901280', '银行卡号须为 16 至 19 位数字'],
      ['BANK_CARD', '6222021234567890123', '银行卡号校验失败，请检查是否输错'],
      ['BANK_CARD', '   ', '请输入收款账号'],
      ['WECHAT', 'wd@example.com', '收款账户类型取值不正确'],
      [undefined, 'wd@example.com', '收款账户类型不能为空'],
      ['ALIPAY', '<b>@example.com', '收款账户格式不正确'],
      ['ALIPAY', `${'a'.repeat(60)}@example.com`, '收款账户长度不能超过 64 个字符'],
    ] as const)
      expect(await request(kind, account), `${kind} ${account}`).toEqual({ code: 400, msg })
    // nothing frozen, nothing recorded, and no payment-password try spent on a wrong account
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 50_000, frozen: 0 })
    expect(
      await t.app.db.selectFrom('withdrawals').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual([])
    const w = await t.app.db
      .selectFrom('wallets')
      .select('pay_fail_count')
      .where('user_id', '=', u.userId)
      .executeTakeFirstOrThrow()
    expect(w.pay_fail_count).toBe(0)

    // accepted: stored as typed minus the group separators, with its kind; shown masked to the user
    const card = await request('BANK_CARD', '6222 0212 3456 7890 128')
    expect(card).toMatchObject({
      code: 200,
      data: { accountKind: 'BANK_CARD', account: '**** **** **** 0128' },
    })
    expect(card.data.fullAccount).toBeUndefined()
    const phone = await request('ALIPAY', '138-0013-8000')
    expect(phone.data).toMatchObject({ accountKind: 'ALIPAY', account: '138****8000' })
    const mail = await request('ALIPAY', ' Wd.Li@example.com.cn ')
    expect(mail.data).toMatchObject({ accountKind: 'ALIPAY', account: 'W***@example.com.cn' })
    const rows = await t.app.db
      .selectFrom('withdrawals')
      .select(['withdraw_no', 'account', 'account_kind'])
      .where('user_id', '=', u.userId)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.account_kind, r.account])).toEqual([
      ['BANK_CARD', '6222021234567890128'],
      ['ALIPAY', '13800138000'],
      ['ALIPAY', 'Wd.Li@example.com.cn'],
    ])
    // the ledger (exported as CSV) names the account masked
    const freeze = (await ledgerOf(t.app, u.userId)).filter((l) => l.type === 'WITHDRAW_FREEZE')
    expect(freeze.map((l) => l.remark)).toEqual([
      '提现申请，到账账户 **** **** **** 0128',
      '提现申请，到账账户 138****8000',
      '提现申请，到账账户 W***@example.com.cn',
    ])
    // the user's own list is masked; staff, who pay it out, see the full account
    const mine = await get(t.app, '/api/funds/withdraw/list', u.token)
    expect(mine.rows.map((r: { account: string }) => r.account)).toEqual([
      'W***@example.com.cn',
      '138****8000',
      '**** **** **** 0128',
    ])
    expect(mine.rows.every((r: object) => !('fullAccount' in r))).toBe(true)
    const staff = await get(t.app, '/api/funds/withdraw/list?all=true&pageSize=100', admin)
    expect(
      staff.rows.find((r: { withdrawNo: string }) => r.withdrawNo === card.data.withdrawNo),
    ).toMatchObject({
      accountKind: 'BANK_CARD',
      account: '**** **** **** 0128',
      fullAccount: '6222021234567890128',
    })
    await invariantOk(t.app)
  })

  it('a rejection needs a reason, which the user reads in the list and the message', async () => {
    const u = await funded(t.app, 'wdr', 30_000)
    const created = await post(
      t.app,
      '/api/funds/withdraw/create',
      u.token,
      await withdrawBody('ALIPAY', '13900001111', 10_000),
    )
    const withdrawNo = created.data.withdrawNo as string
    const decide = (body: Record<string, unknown>) =>
      post(t.app, '/api/funds/admin/withdraw/decide', admin, { withdrawNo, ...body })
    expect(await decide({ approve: false })).toEqual({ code: 400, msg: '驳回提现须填写驳回原因' })
    expect(await decide({ approve: false, reason: '' })).toEqual({ code: 400, msg: '驳回原因不能为空' })
    expect(await decide({ approve: false, reason: ' \n\t ' })).toEqual({
      code: 400,
      msg: '驳回原因格式不正确',
    })
    expect(await decide({ approve: false, reason: '原'.repeat(101) })).toEqual({
      code: 400,
      msg: '驳回原因长度不能超过 100 个字符',
    })
    expect(await decide({ approve: false, remark: '旧字段' })).toEqual({
      code: 400,
      msg: '不支持的参数：remark',
    })
    // nothing decided yet
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 20_000, frozen: 10_000 })
    expect((await get(t.app, '/api/funds/withdraw/list', u.token)).rows[0]).toMatchObject({
      status: 'PENDING',
      rejectReason: '',
    })

    expect(await decide({ approve: false, reason: '  收款人姓名与实名信息不符  ' })).toMatchObject({
      code: 200,
    })
    expect(await wallet(t.app, u.token)).toMatchObject({ available: 30_000, frozen: 0 })
    expect((await get(t.app, '/api/funds/withdraw/list', u.token)).rows[0]).toMatchObject({
      withdrawNo,
      status: 'REJECTED',
      rejectReason: '收款人姓名与实名信息不符',
      decidedAt: clock,
    })
    const inbox = await t.app.db
      .selectFrom('web_messages')
      .select(['title', 'content'])
      .where('user_id', '=', u.userId)
      .where('title', '=', '提现被驳回')
      .execute()
    expect(inbox).toHaveLength(1)
    expect(inbox[0].content).toContain('驳回原因：收款人姓名与实名信息不符')
    expect(inbox[0].content).toContain(withdrawNo)
    const back = (await ledgerOf(t.app, u.userId)).find((l) => l.type === 'WITHDRAW_RETURN')
    expect(back?.remark).toBe('提现被驳回：收款人姓名与实名信息不符')

    // approving needs no reason, and the message names the account masked
    const second = await post(
      t.app,
      '/api/funds/withdraw/create',
      u.token,
      await withdrawBody('BANK_CARD', '6212260200000000006', 5_000),
    )
    expect(
      await post(t.app, '/api/funds/admin/withdraw/decide', admin, {
        withdrawNo: second.data.withdrawNo,
        approve: true,
      }),
    ).toMatchObject({ code: 200 })
    const paid = await t.app.db
      .selectFrom('web_messages')
      .select('content')
      .where('user_id', '=', u.userId)
      .where('title', '=', '提现成功')
      .executeTakeFirstOrThrow()
    expect(paid.content).toContain('**** **** **** 0006')
    expect(paid.content).not.toContain('6212260200000000006')
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
      accountKind: 'BANK_CARD',
      account: '6222 0212 3456 7890 128',
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
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', payload: { topupNo } })).json()
        .code,
    ).toBe(400)
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

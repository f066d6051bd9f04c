/** Withdrawals (payee accounts, freezing, staff decisions with reasons) and the ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, encryptPassword, tokenOf, type TestApp } from '../../test-utils'
import {
  asEarnings,
  funded,
  get,
  invariantOk,
  ledgerOf,
  post,
  relogin,
  startClockedApp,
  topUp,
  wallet,
} from '../trade/test-helpers'

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

describe('withdrawals', () => {
  it("staff with the user-list permission read a user's wallet; others are refused", async () => {
    const u = await funded(t.app, 'uw', 12_345)
    expect(await get(t.app, `/api/console/user/wallet/${u.userId}`, admin)).toMatchObject({
      code: 200,
      data: { available: 12_345, frozen: 0 },
    })
    expect(await get(t.app, `/api/console/user/wallet/${u.userId}`, u.token)).toMatchObject({ code: 403 })
  })

  it('freeze with a ledger row and the payment password; staff approve (money leaves) or reject (back)', async () => {
    const u = await funded(t.app, 'wd', 50_000)
    // to a bank card: staff transfer it by hand (an Alipay account is paid by the Alipay transfer of
    // the simulator this app has: payouts.test.ts)
    const request = async (amount: number, pw = '135792') =>
      post(t.app, '/api/funds/withdraw/create', u.token, {
        amount,
        accountKind: 'BANK_CARD',
        account: '6222021234567890128',
        payeeName: '陈静',
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
        accountKind: 'BANK_CARD',
        account: '**** **** **** 0128',
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
    payeeName: '陈静',
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
      expect(await request(kind, account), `${kind} ${account}`).toMatchObject({ code: 400, msg })
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
    expect(await decide({ approve: false })).toMatchObject({ code: 400, msg: '驳回提现须填写驳回原因' })
    expect(await decide({ approve: false, reason: '' })).toMatchObject({ code: 400, msg: '驳回原因不能为空' })
    expect(await decide({ approve: false, reason: ' \n\t ' })).toMatchObject({
      code: 400,
      msg: '驳回原因格式不正确',
    })
    expect(await decide({ approve: false, reason: '原'.repeat(101) })).toMatchObject({
      code: 400,
      msg: '驳回原因长度不能超过 100 个字符',
    })
    expect(await decide({ approve: false, remark: '旧字段' })).toMatchObject({
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
    await asEarnings(t.app, u.userId)
    await post(t.app, '/api/funds/withdraw/create', u.token, {
      amount: 500,
      accountKind: 'BANK_CARD',
      account: '6222 0212 3456 7890 128',
      payeeName: '陈静',
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

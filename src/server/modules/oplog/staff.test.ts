/**
 * The console's endpoints: a table over every one (admin passes the permission check, the operator
 * per its rights, a buyer gets 403 and the refused attempt is logged), then each staff action with
 * its effect and its operation-log row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../../shared/messages'
import { OPERATOR_PERMISSIONS, PERMS, type Permission } from '../../../shared/permissions'
import { DEMO, call, encryptPassword, tokenOf, type TestApp } from '../../test-utils'
import {
  NEW_USER_PASSWORD,
  gameNamed,
  kingAccount,
  newUser,
  publish,
  type GameFixture,
} from '../goods/test-helpers'
import {
  deliverOrder,
  funded,
  get,
  invariantOk,
  ledgerOf,
  paidOrder,
  post,
  startClockedApp,
} from '../trade/test-helpers'

const clock = Date.now()
let t: TestApp
let king: GameFixture
let admin: string
let operator: string
let buyer: string

beforeAll(async () => {
  t = await startClockedApp(() => clock)
  king = await gameNamed(t.app, '王者荣耀')
  admin = await tokenOf(t.app, ...DEMO.admin)
  operator = await tokenOf(t.app, ...DEMO.operator)
  buyer = await tokenOf(t.app, ...DEMO.buyer)
})
afterAll(() => t?.close())

/** [method, url, body, permission]: bodies name objects that do not exist, so nothing changes */
const ENDPOINTS: Array<['GET' | 'POST', string, unknown, Permission]> = [
  ['GET', '/api/console/oplog/list', undefined, PERMS.oplogList],
  ['GET', '/api/console/loginlog/list', undefined, PERMS.loginlogList],
  ['GET', '/api/console/settings', undefined, PERMS.consoleView],
  ['GET', '/api/console/dashboard', undefined, PERMS.dashboardView],
  ['GET', '/api/console/goods/list?status=AUDITING', undefined, PERMS.goodsAuditList],
  ['POST', '/api/console/goods/approve', { goodsIds: [999_999] }, PERMS.goodsAuditApprove],
  [
    'POST',
    '/api/console/goods/reject',
    { goodsIds: [999_999], reason: '图片不清晰' },
    PERMS.goodsAuditReject,
  ],
  ['POST', '/api/console/goods/takedown', { goodsId: 999_999, reason: '违规' }, PERMS.goodsTakedown],
  ['POST', '/api/goods/admin/audit', { goodsId: 999_999, approve: true }, PERMS.goodsAuditApprove],
  ['GET', '/api/console/withdraw/list', undefined, PERMS.withdrawList],
  ['GET', '/api/console/withdraw/ledger/1', undefined, PERMS.withdrawList],
  ['POST', '/api/console/withdraw/approve', { withdrawNo: 'W-NONE' }, PERMS.withdrawApprove],
  [
    'POST',
    '/api/console/withdraw/reject',
    { withdrawNo: 'W-NONE', reason: '信息不符' },
    PERMS.withdrawReject,
  ],
  ['POST', '/api/console/withdraw/export', {}, PERMS.withdrawExport],
  [
    'POST',
    '/api/funds/admin/withdraw/decide',
    { withdrawNo: 'W-NONE', approve: true },
    PERMS.withdrawApprove,
  ],
  ['GET', '/api/trade/warrant/disputes', undefined, PERMS.disputeList],
  ['GET', '/api/console/user/list', undefined, PERMS.userList],
  ['GET', '/api/console/user/roleOptions', undefined, PERMS.userList],
  ['POST', '/api/console/user/lock', { userId: 999_999, locked: true, reason: '违规' }, PERMS.userLock],
  ['POST', '/api/console/user/resetPwd', { userId: 999_999 }, PERMS.userResetPwd],
  ['POST', '/api/console/user/roles', { userId: 999_999, roleKeys: [] }, PERMS.userRole],
  [
    'POST',
    '/api/trade/warrant/rule',
    { orderNo: '20990101000000123456', decision: 'RELEASE', reason: '核实' },
    PERMS.disputeRule,
  ],
]

describe('every console endpoint checks its permission', () => {
  it.each(ENDPOINTS)('%s %s', async (method, url, body, permission) => {
    const opts = (token: string) => ({ token, ...(body === undefined ? {} : { body }) })
    expect((await call(t.app, method, url, opts(admin))).code).not.toBe(403)
    const asOperator = (await call(t.app, method, url, opts(operator))).code
    if (OPERATOR_PERMISSIONS.includes(permission)) expect(asOperator).not.toBe(403)
    else expect(asOperator).toBe(403)
    expect(await call(t.app, method, url, opts(buyer))).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
    const denied = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('status', '=', 'DENIED')
      .where('user_name', '=', 'buyer')
      .where('target', '=', `${method} ${url.split('?')[0]}`)
      .execute()
    expect(denied.length).toBeGreaterThan(0)
    expect(denied[0]).toMatchObject({ action: 'denied', detail: permission })
  })
})

const opRows = (target: string | number) =>
  t.app.db
    .selectFrom('op_logs')
    .selectAll()
    .where('target', '=', String(target))
    .where('status', '=', 'SUCCESS')
    .execute()

describe('商品审核', () => {
  it('approves a held listing into search, rejects with the reason the seller reads, takes one down', async () => {
    const seller = await newUser(t.app, 'cga')
    // contact details in the text hold a listing for review
    const held = await publish(
      t.app,
      seller.token,
      kingAccount(king, { title: '出号 加微信 abc123456 详谈' }),
    )
    const queue = await get(t.app, '/api/console/goods/list?status=AUDITING', operator)
    const row = queue.rows.find((r: { goodsId: number }) => r.goodsId === held)
    expect(row).toMatchObject({ status: 'AUDITING', held: true })
    expect(row.auditRemark).not.toBe('')
    expect(await post(t.app, '/api/console/goods/approve', operator, { goodsIds: [held] })).toMatchObject({
      code: 200,
      data: { done: 1 },
    })
    expect((await get(t.app, `/api/goods/detail/${held}`)).code).toBe(200)
    expect(await opRows(held)).toEqual([
      expect.objectContaining({ module: 'goods', action: 'approve', user_name: 'operator' }),
    ])

    const a = await publish(t.app, seller.token, kingAccount(king, { title: '号一 加QQ 123456789' }))
    const b = await publish(t.app, seller.token, kingAccount(king, { title: '号二 加QQ 987654321' }))
    expect(
      (await post(t.app, '/api/console/goods/reject', operator, { goodsIds: [a, b], reason: '   ' })).code,
    ).toBe(400)
    expect(
      await post(t.app, '/api/console/goods/reject', operator, {
        goodsIds: [a, b],
        reason: '请勿留联系方式',
      }),
    ).toMatchObject({ code: 200, data: { done: 2 } })
    const mine = await get(t.app, '/api/goods/seller/list?status=OFF_SHELF', seller.token)
    expect(mine.rows.find((r: { goodsId: number }) => r.goodsId === a).auditRemark).toBe(
      '审核未通过：请勿留联系方式',
    )

    const onSale = await publish(t.app, seller.token, kingAccount(king, { title: '正常的号' }))
    expect(
      await post(t.app, '/api/console/goods/takedown', operator, { goodsId: onSale, reason: '疑似盗号' }),
    ).toMatchObject({
      code: 200,
    })
    expect((await opRows(onSale))[0]).toMatchObject({ action: 'takedown', detail: '疑似盗号' })
    expect(JSON.parse((await opRows(onSale))[0].before_json!)).toMatchObject({ status: 'ON_SALE' })
    expect(
      (await post(t.app, '/api/console/goods/takedown', operator, { goodsId: onSale, reason: '再来' })).code,
    ).toBe(400)
  })
})

describe('提现审核', () => {
  it('lists with the full account, shows the ledger, rejects with a reason the user reads, approves, exports', async () => {
    const u = await funded(t.app, 'cwd', 50_000)
    const request = async (amount: number) =>
      post(t.app, '/api/funds/withdraw/create', u.token, {
        amount,
        accountKind: 'ALIPAY',
        payeeName: '陈静',
        account: 'cwd@example.com',
        payPassword: await encryptPassword(t.app, '135792'),
      })
    const first = (await request(20_000)).data.withdrawNo
    const second = (await request(10_000)).data.withdrawNo
    const list = await get(t.app, '/api/console/withdraw/list?status=PENDING', admin)
    expect(list.rows.find((w: { withdrawNo: string }) => w.withdrawNo === first)).toMatchObject({
      fullAccount: 'cwd@example.com',
    })
    const ledger = await get(t.app, `/api/console/withdraw/ledger/${u.userId}?pageSize=10`, admin)
    expect(ledger.rows[0]).toMatchObject({ type: 'WITHDRAW_FREEZE' })
    expect((await post(t.app, '/api/console/withdraw/reject', admin, { withdrawNo: first })).code).toBe(400)
    expect(
      await post(t.app, '/api/console/withdraw/reject', admin, {
        withdrawNo: first,
        reason: '账户名与实名不符',
      }),
    ).toMatchObject({ code: 200 })
    const mine = await get(t.app, '/api/funds/withdraw/list', u.token)
    expect(mine.rows.find((w: { withdrawNo: string }) => w.withdrawNo === first)).toMatchObject({
      status: 'REJECTED',
      rejectReason: '账户名与实名不符',
    })
    expect(await post(t.app, '/api/console/withdraw/approve', admin, { withdrawNo: second })).toMatchObject({
      code: 200,
    })
    expect((await post(t.app, '/api/console/withdraw/approve', admin, { withdrawNo: second })).code).toBe(400)
    expect((await opRows(first))[0]).toMatchObject({
      module: 'funds',
      action: 'withdraw-reject',
      detail: '账户名与实名不符',
    })
    expect((await opRows(second))[0]).toMatchObject({ action: 'withdraw-approve' })
    const exported = await post(t.app, '/api/console/withdraw/export', admin, { status: 'REJECTED' })
    expect(exported).toMatchObject({ code: 200 })
    expect(exported.data.fileName).toMatch(/\.csv$/)
    await invariantOk(t.app)
  })
})

describe('纠纷仲裁', () => {
  it('rules a partial refund: both ledgers show it and the ruling is logged', async () => {
    const seller = await newUser(t.app, 'cds')
    const b = await funded(t.app, 'cdb', 30_000)
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 30_000 }))
    const orderNo = await paidOrder(t.app, b.token, goodsId)
    await deliverOrder(t.app, seller.token, orderNo)
    expect(
      (await post(t.app, '/api/trade/order/dispute', b.token, { orderNo, reason: '账号被找回' })).code,
    ).toBe(200)
    const open = await get(t.app, `/api/trade/warrant/disputes?state=OPEN&orderNo=${orderNo}`, admin)
    expect(open.total).toBe(1)
    expect((await get(t.app, `/api/trade/warrant/messages/${orderNo}`, admin)).code).toBe(200)
    expect(
      await post(t.app, '/api/trade/warrant/rule', admin, {
        orderNo,
        decision: 'SPLIT',
        refundAmount: 12_000,
        reason: '部分道具缺失',
      }),
    ).toMatchObject({ code: 200 })
    expect(
      (await ledgerOf(t.app, b.userId)).some((l) => l.type === 'ORDER_REFUND' && Number(l.amount) === 12_000),
    ).toBe(true)
    expect(
      (await ledgerOf(t.app, seller.userId)).some((l) => l.type === 'SETTLEMENT' && Number(l.amount) > 0),
    ).toBe(true)
    expect((await opRows(orderNo))[0]).toMatchObject({
      module: 'trade',
      action: 'dispute-rule',
      detail: '部分道具缺失',
    })
    await invariantOk(t.app)
  })
})

describe('用户管理', () => {
  it('locks with a reason (sessions end), unlocks, resets the password (change forced), sets roles', async () => {
    const u = await newUser(t.app, 'cum')
    const found = await get(t.app, `/api/console/user/list?userName=${u.username}`, operator)
    expect(found.rows[0]).toMatchObject({ userId: u.userId, status: '0', roles: ['common'] })
    expect(
      await post(t.app, '/api/console/user/lock', operator, {
        userId: u.userId,
        locked: true,
        reason: '涉嫌欺诈',
      }),
    ).toMatchObject({
      code: 200,
    })
    expect((await get(t.app, '/api/getInfo', u.token)).code).toBe(401)
    const login = await call(t.app, 'POST', '/api/login', {
      body: { username: u.username, password: await encryptPassword(t.app, NEW_USER_PASSWORD) },
    })
    expect(login.msg).toBe('账号已被锁定：涉嫌欺诈')
    expect((await opRows(u.userId))[0]).toMatchObject({ action: 'user-lock', detail: '涉嫌欺诈' })
    expect(
      await post(t.app, '/api/console/user/lock', operator, {
        userId: u.userId,
        locked: false,
        reason: '申诉通过',
      }),
    ).toMatchObject({
      code: 200,
    })
    const reset = await post(t.app, '/api/console/user/resetPwd', operator, { userId: u.userId })
    expect(reset.data.tempPassword).toMatch(/^.{12}$/)
    const token = await tokenOf(t.app, u.username, reset.data.tempPassword)
    expect((await call(t.app, 'GET', '/api/getInfo', { token })).mustChangePassword).toBe(true)
    expect(
      (await post(t.app, '/api/console/user/roles', operator, { userId: u.userId, roleKeys: ['cs'] })).code,
    ).toBe(403)
    expect(
      await post(t.app, '/api/console/user/roles', admin, { userId: u.userId, roleKeys: ['common', 'cs'] }),
    ).toMatchObject({
      code: 200,
    })
    expect((await get(t.app, '/api/console/user/list?pageSize=10', token)).code).toBe(200)
    expect(
      (await post(t.app, '/api/console/user/roles', admin, { userId: u.userId, roleKeys: ['nosuch'] })).code,
    ).toBe(400)
  })
})

describe('工作台', () => {
  it('answers today’s figures and 30 days', async () => {
    const res = await get(t.app, '/api/console/dashboard', operator)
    expect(res.code).toBe(200)
    expect(res.data.days).toHaveLength(30)
    expect(res.data.today.pendingGoods).toBeGreaterThan(0)
    expect(res.data.days.reduce((n: number, d: { newUsers: number }) => n + d.newUsers, 0)).toBeGreaterThan(0)
  })
})

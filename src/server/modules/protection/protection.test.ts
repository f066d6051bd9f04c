/**
 * 包赔 on the server (docs/recovery-protection.md): terms on publish, the deposit frozen from the
 * proceeds at settlement and released after the period, claims (one open per order, within the
 * period, the buyer only), staff decisions (permission, payout from the deposit then the balance,
 * rejection, op_logs row) — the money invariant checked after each flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, encryptPassword, tokenOf, type Json, type TestApp } from '../../test-utils'
import {
  gameNamed,
  kingAccount,
  newUser,
  publish,
  uploadScreenshot,
  type NewUser,
} from '../goods/test-helpers'
import {
  confirmOrder,
  deliverOrder,
  dreamCoin,
  funded,
  invariantOk,
  ledgerOf,
  PAY_PASSWORD,
  paidOrder,
  relogin,
  startClockedApp,
  statusOf,
} from '../trade/test-helpers'
import { DAY } from './service'

let clock = Date.now()
const now = () => clock
let t: TestApp
let seller: NewUser
let buyer: NewUser
let stranger: NewUser
let admin: string
let operator: string
let kefu: string

const post = (url: string, token: string | undefined, body: unknown): Promise<Json> =>
  call(t.app, 'POST', url, { token, body })
const get = (url: string, token?: string): Promise<Json> => call(t.app, 'GET', url, { token })

async function sessions() {
  await relogin(t.app, seller)
  await relogin(t.app, buyer)
  await relogin(t.app, stranger)
  ;[admin, operator, kefu] = await Promise.all([
    tokenOf(t.app, ...DEMO.admin),
    tokenOf(t.app, ...DEMO.operator),
    tokenOf(t.app, ...DEMO.kefu),
  ])
}

async function wallet(userId: number) {
  const w = await t.app.db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirst()
  return { available: Number(w?.available ?? 0), frozen: Number(w?.frozen ?? 0) }
}

/** A protected account (30 days) bought, delivered and confirmed: its order number. */
async function completedOrder(price: number, protectionDays = 30, by: NewUser = seller): Promise<string> {
  const king = await gameNamed(t.app, '王者荣耀')
  const goodsId = await publish(
    t.app,
    by.token,
    kingAccount(king, { price, title: `包赔测试号 ${price}`, protectionDays }),
  )
  const orderNo = await paidOrder(t.app, buyer.token, goodsId)
  await deliverOrder(t.app, by.token, orderNo)
  expect((await confirmOrder(t.app, buyer.token, orderNo)).code).toBe(200)
  return orderNo
}

/** Moves the clock and runs the trade's and the protection's sweepers. */
async function later(ms: number) {
  clock += ms
  await t.app.trade.sweep()
  await t.app.protection.sweep()
  await sessions()
}

const claim = (orderNo: string, token = buyer.token, extra: Record<string, unknown> = {}) =>
  post('/api/protection/claim', token, {
    orderNo,
    reason: 'RECOVERED',
    description: '账号三天后被原号主通过申诉找回。',
    ...extra,
  })
const protectionOf = async (orderNo: string, token = buyer.token) =>
  (await get(`/api/protection/order/${orderNo}`, token)).data
const decide = (token: string, body: Record<string, unknown>) =>
  post('/api/protection/staff/decide', token, body)

beforeAll(async () => {
  t = await startClockedApp(now)
  seller = await newUser(t.app, 'pts')
  buyer = await funded(t.app, 'ptb', 2_000_000)
  stranger = await newUser(t.app, 'ptx')
  await sessions()
}, 60_000)
afterAll(() => t?.close())

describe('listing terms', () => {
  it('keeps the days of an account listing and shows them with the deposit; refuses other days and goods', async () => {
    const king = await gameNamed(t.app, '王者荣耀')
    const goodsId = await publish(
      t.app,
      seller.token,
      kingAccount(king, { price: 20_000, protectionDays: 90 }),
    )
    expect((await get(`/api/protection/goods/${goodsId}`)).data).toEqual({
      goodsId,
      days: 90,
      depositPercent: 30,
      deposit: 6_000,
      extra: null,
    })
    expect((await get('/api/protection/options')).data).toEqual({
      dayOptions: [30, 90, 180],
      depositPercent: 30,
    })

    const bad = await call(t.app, 'POST', '/api/goods/seller/publish', {
      token: seller.token,
      body: {
        ...kingAccount(king, { protectionDays: 45 }),
        imageIds: [await uploadScreenshot(t.app, seller.token)],
      },
    })
    expect(bad).toMatchObject({ code: 400, msg: '包赔期限只能选择 30 / 90 / 180 天' })
    const { body: coin } = await dreamCoin(t.app, { protectionDays: 30 })
    const coinRes = await post('/api/goods/seller/publish', seller.token, coin)
    expect(coinRes).toMatchObject({ code: 400, msg: '只有账号类商品可以设置包赔' })

    // an edit without the field keeps the terms; 0 removes them
    const { data: mine } = await get(`/api/goods/seller/detail/${goodsId}`, seller.token)
    expect(mine).toBeTruthy()
    const listing = {
      ...kingAccount(king, { price: 20_000 }),
      imageIds: mine.images.map((i: Json) => i.imageId),
    }
    expect((await post('/api/goods/seller/update', seller.token, { goodsId, ...listing })).code).toBe(200)
    expect((await get(`/api/protection/goods/${goodsId}`)).data.days).toBe(90)
    expect(
      (await post('/api/goods/seller/update', seller.token, { goodsId, ...listing, protectionDays: 0 })).code,
    ).toBe(200)
    expect((await get(`/api/protection/goods/${goodsId}`)).data).toMatchObject({ days: 0, deposit: 0 })
  })
})

describe('deposit', () => {
  it('is frozen from the proceeds at settlement and released when the period ends; a late claim is refused', async () => {
    const orderNo = await completedOrder(10_000)
    expect(await protectionOf(orderNo)).toMatchObject({
      days: 30,
      status: 'PENDING',
      deposit: 3_000,
      canClaim: true,
    })
    const before = await wallet(seller.userId)
    await later(7 * DAY + 1000)
    expect(await statusOf(t.app, orderNo)).toBe('SETTLED')
    const settled = await wallet(seller.userId)
    expect(settled.available - before.available).toBe(7_000)
    expect(settled.frozen - before.frozen).toBe(3_000)
    const rows = (await ledgerOf(t.app, seller.userId)).filter((l) => l.order_no === orderNo)
    expect(rows.map((l) => [l.type, Number(l.amount), Number(l.frozen_amount)])).toEqual([
      ['SETTLEMENT', 10_000, 0],
      ['PROTECTION_FREEZE', -3_000, 3_000],
    ])
    expect(await protectionOf(orderNo, seller.token)).toMatchObject({
      status: 'ACTIVE',
      depositHeld: 3_000,
      canClaim: false,
    })
    await invariantOk(t.app)

    await later(23 * DAY - 10_000)
    expect((await protectionOf(orderNo)).status).toBe('ACTIVE')
    await later(20_000)
    expect(await protectionOf(orderNo)).toMatchObject({ status: 'RELEASED', depositHeld: 0, canClaim: false })
    const released = await wallet(seller.userId)
    expect(released.available - settled.available).toBe(3_000)
    expect(released.frozen - settled.frozen).toBe(-3_000)
    await invariantOk(t.app)
    expect(await claim(orderNo)).toMatchObject({ code: 400, msg: '包赔期限已过，不能再申请理赔' })
  })
})

describe('claims', () => {
  let orderNo: string

  beforeAll(async () => {
    orderNo = await completedOrder(10_000)
    await later(7 * DAY + 1000)
    expect(await statusOf(t.app, orderNo)).toBe('SETTLED')
  }, 30_000)

  it('only the buyer files, with evidence, once at a time; staff without the permission are refused', async () => {
    expect(await claim(orderNo, seller.token)).toMatchObject({ code: 403 })
    expect(await claim(orderNo, stranger.token)).toMatchObject({ code: 404 })
    const evidence = await uploadScreenshot(t.app, buyer.token)
    const notMine = await uploadScreenshot(t.app, stranger.token)
    expect((await claim(orderNo, buyer.token, { imageIds: [notMine] })).code).toBe(400)
    const res = await claim(orderNo, buyer.token, { imageIds: [evidence] })
    expect(res).toMatchObject({ code: 200, data: { status: 'OPEN', reasonLabel: '账号被原号主找回' } })
    expect(res.data.images).toHaveLength(1)
    expect(await claim(orderNo)).toMatchObject({ code: 400, msg: '该订单已有处理中的理赔申请' })
    expect((await protectionOf(orderNo)).canClaim).toBe(false)

    // 运营 may look (no money permission), 客服 and users may not; only a money role decides
    expect((await get('/api/protection/staff/list', operator)).code).toBe(200)
    expect(
      (await decide(operator, { claimId: res.data.claimId, approve: false, reason: '证据不足' })).code,
    ).toBe(403)
    expect((await get('/api/protection/staff/list', kefu)).code).toBe(403)
    expect((await get('/api/protection/staff/list', buyer.token)).code).toBe(403)
    expect((await decide(buyer.token, { claimId: res.data.claimId, approve: true, amount: 100 })).code).toBe(
      403,
    )
    const list = await get('/api/protection/staff/list?status=OPEN', admin)
    expect(list.rows.some((c: Json) => c.claimId === res.data.claimId)).toBe(true)
  })

  it('a rejected claim keeps the deposit frozen until the period ends', async () => {
    const [open] = (await protectionOf(orderNo)).claims
    expect(await decide(admin, { claimId: open.claimId, approve: false })).toMatchObject({
      code: 400,
      msg: '请填写驳回原因',
    })
    const res = await decide(admin, { claimId: open.claimId, approve: false, reason: '截图无法证明被找回' })
    expect(res).toMatchObject({ code: 200, data: { status: 'REJECTED', rejectReason: '截图无法证明被找回' } })
    expect(await decide(admin, { claimId: open.claimId, approve: false, reason: '再次' })).toMatchObject({
      code: 400,
      msg: '该理赔已处理',
    })
    expect(await protectionOf(orderNo)).toMatchObject({
      status: 'ACTIVE',
      depositHeld: 3_000,
      canClaim: true,
    })
    const log = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('action', '=', 'protectionReject')
      .where('target', '=', String(open.claimId))
      .executeTakeFirst()
    expect(log).toBeTruthy()
    await invariantOk(t.app)
  })

  it('an approved claim is paid from the deposit first, then from the balance; capped at the paid amount', async () => {
    // an open claim holds the deposit past the period's end
    const second = await claim(orderNo)
    expect(second.code).toBe(200)
    await later(23 * DAY + 1000)
    expect((await protectionOf(orderNo)).status).toBe('ACTIVE')
    expect(await decide(admin, { claimId: second.data.claimId, approve: true })).toMatchObject({
      code: 400,
      msg: '请填写赔付金额',
    })
    expect(
      await decide(admin, { claimId: second.data.claimId, approve: true, amount: 10_001 }),
    ).toMatchObject({
      code: 400,
    })
    const buyerBefore = await wallet(buyer.userId)
    const sellerBefore = await wallet(seller.userId)
    const res = await decide(admin, { claimId: second.data.claimId, approve: true, amount: 5_000 })
    expect(res).toMatchObject({ code: 200, data: { status: 'APPROVED', paidAmount: 5_000, owedAmount: 0 } })
    expect((await wallet(buyer.userId)).available - buyerBefore.available).toBe(5_000)
    const sellerAfter = await wallet(seller.userId)
    expect(sellerAfter.frozen - sellerBefore.frozen).toBe(-3_000)
    expect(sellerAfter.available - sellerBefore.available).toBe(-2_000)
    const rows = (await ledgerOf(t.app, seller.userId)).filter(
      (l) => l.order_no === orderNo && l.type === 'PROTECTION_PAYOUT',
    )
    expect(rows.map((l) => [Number(l.amount), Number(l.frozen_amount)])).toEqual([
      [0, -3_000],
      [-2_000, 0],
    ])
    const buyerRows = (await ledgerOf(t.app, buyer.userId)).filter((l) => l.type === 'PROTECTION_PAYOUT')
    expect(buyerRows.map((l) => Number(l.amount))).toEqual([5_000])
    const log = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('action', '=', 'protectionApprove')
      .where('target', '=', String(second.data.claimId))
      .executeTakeFirstOrThrow()
    expect(JSON.parse(log.after_json ?? '{}')).toMatchObject({
      amount: 5_000,
      fromDeposit: 3_000,
      fromBalance: 2_000,
    })
    await invariantOk(t.app)
    // the period is over now: the sweeper ends it (nothing left to release), and no new claim
    await later(1000)
    expect(await protectionOf(orderNo)).toMatchObject({ status: 'RELEASED', depositHeld: 0 })
    expect(await claim(orderNo)).toMatchObject({ code: 400, msg: '包赔期限已过，不能再申请理赔' })
    await invariantOk(t.app)
  })

  it('a claim approved while the order still holds its escrow settles it first and pays from the new deposit', async () => {
    const no = await completedOrder(20_000)
    expect(await statusOf(t.app, no)).toBe('COMPLETED')
    const filed = await claim(no)
    expect(filed.code).toBe(200)
    const detail = await get(`/api/protection/staff/detail/${filed.data.claimId}`, admin)
    expect(detail.data).toMatchObject({
      orderStatus: 'COMPLETED',
      orderAmount: 20_000,
      protection: { deposit: 6_000 },
    })
    const buyerBefore = await wallet(buyer.userId)
    const res = await decide(admin, {
      claimId: filed.data.claimId,
      approve: true,
      amount: 4_000,
      reason: '核实被找回',
    })
    expect(res).toMatchObject({
      code: 200,
      data: {
        orderStatus: 'SETTLED',
        paidAmount: 4_000,
        protection: { status: 'ACTIVE', depositHeld: 2_000 },
      },
    })
    expect((await wallet(buyer.userId)).available - buyerBefore.available).toBe(4_000)
    await invariantOk(t.app)
  })

  it('what neither the deposit nor the balance covers is recorded as owed', async () => {
    const poor = await funded(t.app, 'pto', 0)
    const no = await completedOrder(10_000, 30, poor)
    await later(7 * DAY + 1000)
    await relogin(t.app, poor)
    expect(await wallet(poor.userId)).toEqual({ available: 7_000, frozen: 3_000 })
    // the seller withdraws the rest of the proceeds: nothing available is left
    const withdrawn = await post('/api/funds/withdraw/create', poor.token, {
      amount: 7_000,
      accountKind: 'ALIPAY',
      payeeName: '陈静',
      account: 'pto@example.com',
      payPassword: await encryptPassword(t.app, PAY_PASSWORD),
    })
    expect(withdrawn.code).toBe(200)
    const filed = await claim(no)
    expect(filed.code).toBe(200)
    const buyerBefore = await wallet(buyer.userId)
    const res = await decide(admin, { claimId: filed.data.claimId, approve: true, amount: 10_000 })
    expect(res).toMatchObject({ code: 200, data: { paidAmount: 3_000, owedAmount: 7_000 } })
    expect((await wallet(buyer.userId)).available - buyerBefore.available).toBe(3_000)
    expect(await wallet(poor.userId)).toEqual({ available: 0, frozen: 7_000 })
    // nothing more may be approved on this order: the whole price is granted
    const again = await claim(no)
    expect(again.code).toBe(200)
    expect(await decide(admin, { claimId: again.data.claimId, approve: true, amount: 1 })).toMatchObject({
      code: 400,
    })
    await invariantOk(t.app)
  })

  it('the invariant notices a deposit that differs from its ledger rows', async () => {
    const row = await t.app.db
      .selectFrom('order_protections')
      .selectAll()
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow()
    await t.app.db
      .updateTable('order_protections')
      .set({ deposit_held: 1 })
      .where('id', '=', row.id)
      .execute()
    const { checkInvariant } = await import('../funds/invariant')
    const inv = await checkInvariant(t.app.db)
    expect(inv.ok).toBe(false)
    expect(inv.gaps.protection.map((g) => g.order_no)).toContain(row.order_no)
    await t.app.db
      .updateTable('order_protections')
      .set({ deposit_held: row.deposit_held })
      .where('id', '=', row.id)
      .execute()
    await invariantOk(t.app)
  })
})

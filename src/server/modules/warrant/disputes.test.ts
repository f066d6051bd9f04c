/**
 * Staff rulings of disputes: a required written reason and decision, refunds in 0..amount, a split of
 * the escrow (buyer's part ORDER_REFUND, seller's part SETTLEMENT, one transaction), the dispute
 * record kept with its ruling (staff list open and ruled ones), rulings once and by staff only, and
 * the money invariant understanding split orders.
 * Long because every ruling path (release, refund, split) is checked with its ledger rows.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import disputesMigration from '../../db/migrations/0032_disputes'
import { DEMO, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish, type GameFixture } from '../goods/test-helpers'
import { checkInvariant } from '../funds/invariant'
import {
  deliverOrder,
  funded,
  get,
  goodsRow,
  invariantOk,
  ledgerOf,
  orderRow,
  paidOrder,
  post,
  startClockedApp,
  statusOf,
  type TestUser,
} from '../trade/test-helpers'

const clock = Date.now()
const now = () => clock
let t: TestApp
let king: GameFixture
let staff: string

beforeAll(async () => {
  t = await startClockedApp(now)
  king = await gameNamed(t.app, '王者荣耀')
  staff = await tokenOf(t.app, ...DEMO.admin)
})
afterAll(() => t?.close())

const dispute = (token: string, orderNo: string, reason = '账号被找回') =>
  post(t.app, '/api/trade/order/dispute', token, { orderNo, reason })
const rule = (token: string, body: Record<string, unknown>) =>
  post(t.app, '/api/trade/warrant/rule', token, body)
const disputes = (token: string, query: string) => get(t.app, `/api/trade/warrant/disputes?${query}`, token)

async function disputedSale(
  price: number,
  opts: { deliver?: boolean } = {},
): Promise<{ seller: TestUser; buyer: TestUser; orderNo: string; goodsId: number }> {
  const seller = await newUser(t.app, 'dps')
  const buyer = await funded(t.app, 'dpb', price)
  const goodsId = await publish(t.app, seller.token, kingAccount(king, { price }))
  const orderNo = await paidOrder(t.app, buyer.token, goodsId)
  if (opts.deliver !== false) await deliverOrder(t.app, seller.token, orderNo)
  expect((await dispute(buyer.token, orderNo, '  登录后发现账号被找回  ')).code).toBe(200)
  return { seller, buyer, orderNo, goodsId }
}

const inbox = (userId: number) =>
  t.app.db
    .selectFrom('web_messages')
    .select(['title', 'content'])
    .where('user_id', '=', userId)
    .where('title', '=', '订单仲裁结果')
    .execute()

describe('the ruling request', () => {
  it('needs a decision and a written reason; the refund is integer fen within 0..amount', async () => {
    const { buyer, seller, orderNo } = await disputedSale(30_000)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ orderNo, decision: 'RELEASE' }, '裁决理由不能为空'],
      [{ orderNo, decision: 'RELEASE', reason: '' }, '裁决理由不能为空'],
      // blank: the schema's "\\S" pattern (like every required text of the API)
      [{ orderNo, decision: 'RELEASE', reason: '   \n ' }, '裁决理由格式不正确'],
      [{ orderNo, decision: 'RELEASE', reason: '理'.repeat(501) }, '裁决理由长度不能超过 500 个字符'],
      [{ orderNo, reason: '核实完毕' }, '裁决结果不能为空'],
      [{ orderNo, decision: 'HALF', reason: '核实完毕' }, '裁决结果取值不正确'],
      // the old form's field
      [{ orderNo, decision: 'RELEASE', remark: '核实完毕' }, '裁决理由不能为空'],
      [{ orderNo, decision: 'SPLIT', refundAmount: -1, reason: '核实完毕' }, '退回买家金额不能小于 0'],
      [{ orderNo, decision: 'SPLIT', refundAmount: 100.5, reason: '核实完毕' }, '退回买家金额必须是整数'],
      [{ orderNo, decision: 'SPLIT', refundAmount: '100', reason: '核实完毕' }, '退回买家金额必须是整数'],
      [
        { orderNo, decision: 'SPLIT', refundAmount: 30_001, reason: '核实完毕' },
        '退回买家金额不能超过订单金额 ¥300.00',
      ],
      [{ orderNo, decision: 'SPLIT', reason: '核实完毕' }, '部分退款须填写退回买家的金额'],
      [
        { orderNo, decision: 'RELEASE', refundAmount: 100, reason: '核实完毕' },
        '放款给卖家时退回买家金额应为 ¥0.00',
      ],
      [
        { orderNo, decision: 'REFUND', refundAmount: 100, reason: '核实完毕' },
        '退款给买家时退回买家金额应为 ¥300.00',
      ],
    ]
    for (const [body, msg] of cases) {
      const res = await rule(staff, body)
      expect({ body, code: res.code, msg: res.msg }).toEqual({
        body,
        code: 400,
        msg: expect.stringContaining(msg),
      })
    }
    // nothing happened
    expect(await orderRow(t.app, orderNo)).toMatchObject({ status: 'ARBITRATING', escrow_amount: 30_000 })
    expect(await ledgerOf(t.app, seller.userId)).toEqual([])
    expect((await ledgerOf(t.app, buyer.userId)).map((l) => l.type)).toEqual(['TOPUP', 'ORDER_PAY'])
    const open = await disputes(staff, `state=OPEN&orderNo=${orderNo}`)
    expect(open).toMatchObject({ code: 200, total: 1, rows: [{ orderNo, state: 'OPEN', ruling: null }] })
    await invariantOk(t.app)
  })

  it('comes from staff only, once', async () => {
    const { buyer, seller, orderNo } = await disputedSale(20_000)
    const stranger = await newUser(t.app, 'dpx')
    const body = { orderNo, decision: 'REFUND', reason: '卖家未能提供交接记录' }
    for (const token of [stranger.token, buyer.token, seller.token])
      expect((await rule(token, body)).code).toBe(403)
    expect((await rule(staff, { ...body, orderNo: '20990101000000123456' })).code).toBe(404)
    expect(await statusOf(t.app, orderNo)).toBe('ARBITRATING')

    // two staff members at once: exactly one ruling takes effect
    const both = await Promise.all([rule(staff, body), rule(staff, { ...body, decision: 'RELEASE' })])
    expect(both.map((r) => r.code).sort()).toEqual([200, 400])
    expect((await rule(staff, body)).msg).toBe('只有仲裁中的订单可以裁决')
    const rows = await t.app.db.selectFrom('ledger').select('type').where('order_no', '=', orderNo).execute()
    expect(rows.map((r) => r.type).sort()).toEqual([
      'ORDER_PAY',
      both[0].code === 200 ? 'ORDER_REFUND' : 'SETTLEMENT',
    ])
    const ruled = await disputes(staff, `orderNo=${orderNo}`)
    expect(ruled).toMatchObject({ total: 1, rows: [{ state: 'RULED' }] })
    await invariantOk(t.app)
  })
})

describe('a split ruling', () => {
  it('moves exactly the two amounts in one transaction, records the ruling and tells both parties', async () => {
    const { buyer, seller, orderNo, goodsId } = await disputedSale(70_000)
    const before = await invariantOk(t.app)
    const res = await rule(staff, {
      orderNo,
      decision: 'SPLIT',
      refundAmount: 25_000,
      reason: '  账号部分皮肤被回收，按比例退款  ',
    })
    expect(res).toMatchObject({ code: 200 })

    // the seller was paid (in part): the sale stands, the order is settled, escrow empty
    expect(await orderRow(t.app, orderNo)).toMatchObject({ status: 'SETTLED', escrow_amount: 0 })
    expect((await ledgerOf(t.app, buyer.userId)).at(-1)).toMatchObject({
      type: 'ORDER_REFUND',
      amount: 25_000,
      available_after: 25_000,
      order_no: orderNo,
    })
    expect(await ledgerOf(t.app, seller.userId)).toMatchObject([
      { type: 'SETTLEMENT', amount: 45_000, available_after: 45_000, order_no: orderNo },
    ])
    const rows = await t.app.db
      .selectFrom('ledger')
      .select(['type', 'amount', 'created_at'])
      .where('order_no', '=', orderNo)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([
      ['ORDER_PAY', -70_000],
      ['ORDER_REFUND', 25_000],
      ['SETTLEMENT', 45_000],
    ])
    expect(Number(rows[1]!.created_at)).toBe(Number(rows[2]!.created_at))
    const after = await invariantOk(t.app)
    expect(after.escrow).toBe(before.escrow - 70_000)
    expect(after.available).toBe(before.available + 70_000)
    // delivered and paid out: the account stays sold
    expect(await goodsRow(t.app, goodsId)).toEqual({ stock: 0, status: 'SOLD' })

    const text = '买家退回 ¥250.00，卖家结算 ¥450.00'
    for (const who of [buyer, seller]) {
      const mail = await inbox(who.userId)
      expect(mail).toHaveLength(1)
      expect(mail[0]!.content).toContain(text)
      expect(mail[0]!.content).toContain('账号部分皮肤被回收，按比例退款')
    }
    const room = await get(t.app, `/api/trade/warrant/messages/${orderNo}`, buyer.token)
    expect(room.data.at(-1)).toMatchObject({ senderRole: 'system', content: expect.stringContaining(text) })

    // the parties (and staff) read the ruling of the order; strangers do not
    const ruling = {
      orderNo,
      amount: 70_000,
      state: 'RULED',
      orderStatus: 'SETTLED',
      openedBy: 'buyer',
      reason: '登录后发现账号被找回',
      fromStatus: 'TO_CONFIRM',
      ruling: {
        decision: 'SPLIT',
        refundAmount: 25_000,
        settleAmount: 45_000,
        reason: '账号部分皮肤被回收，按比例退款',
        ruledByName: expect.any(String),
      },
    }
    for (const token of [buyer.token, seller.token, staff])
      expect(await get(t.app, `/api/trade/warrant/dispute/${orderNo}`, token)).toMatchObject({
        code: 200,
        data: ruling,
      })
    const stranger = await newUser(t.app, 'dpq')
    expect((await get(t.app, `/api/trade/warrant/dispute/${orderNo}`, stranger.token)).code).toBe(404)
    // the staff member who ruled keeps the room on their page
    const rooms = await get(t.app, '/api/trade/warrant/rooms', staff)
    expect(rooms.data.find((r: { orderNo: string }) => r.orderNo === orderNo)).toMatchObject({
      status: 'SETTLED',
      amount: 70_000,
    })
  })

  it('before delivery keeps the stock sold (the seller was paid); a whole refund puts it back on sale', async () => {
    const split = await disputedSale(10_000, { deliver: false })
    expect(
      (
        await rule(staff, {
          orderNo: split.orderNo,
          decision: 'SPLIT',
          refundAmount: 9_000,
          reason: '协商部分退款',
        })
      ).code,
    ).toBe(200)
    expect(await goodsRow(t.app, split.goodsId)).toEqual({ stock: 0, status: 'SOLD' })

    const whole = await disputedSale(10_000, { deliver: false })
    // SPLIT of everything is a refund (recorded as such): one code path for all three decisions
    expect(
      (
        await rule(staff, {
          orderNo: whole.orderNo,
          decision: 'SPLIT',
          refundAmount: 10_000,
          reason: '卖家未发货',
        })
      ).code,
    ).toBe(200)
    expect(await statusOf(t.app, whole.orderNo)).toBe('REFUNDED')
    expect(await goodsRow(t.app, whole.goodsId)).toEqual({ stock: 1, status: 'ON_SALE' })
    const record = await get(t.app, `/api/trade/warrant/dispute/${whole.orderNo}`, whole.buyer.token)
    expect(record.data).toMatchObject({
      fromStatus: 'PAID',
      ruling: { decision: 'REFUND', refundAmount: 10_000, settleAmount: 0 },
    })
    await invariantOk(t.app)
  })
})

describe('the money invariant', () => {
  it('accepts split orders and still catches a missing ledger row or a ruling the ledger contradicts', async () => {
    const { buyer, orderNo } = await disputedSale(50_000)
    expect(
      (await rule(staff, { orderNo, decision: 'SPLIT', refundAmount: 20_000, reason: '部分退款' })).code,
    ).toBe(200)
    await invariantOk(t.app)
    const db = t.app.db

    // the buyer's balance went up but its ORDER_REFUND row is missing
    const refund = await db
      .selectFrom('ledger')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('type', '=', 'ORDER_REFUND')
      .executeTakeFirstOrThrow()
    await db.deleteFrom('ledger').where('id', '=', refund.id).execute()
    const gap = await checkInvariant(db)
    expect(gap.ok).toBe(false)
    expect(gap.gaps.unbalanced).toEqual([{ order_no: orderNo, status: 'SETTLED' }])
    expect(gap.gaps.rulings).toMatchObject([{ order_no: orderNo }])
    const { id: _id, ...row } = refund
    await db.insertInto('ledger').values(row).execute()
    await invariantOk(t.app)

    // the record says otherwise than the money moved
    await db.updateTable('disputes').set({ refund_amount: 30_000 }).where('order_no', '=', orderNo).execute()
    const wrong = await checkInvariant(db)
    expect(wrong.ok).toBe(false)
    expect(wrong.gaps.rulings).toMatchObject([{ order_no: orderNo }])
    await db.updateTable('disputes').set({ refund_amount: 20_000 }).where('order_no', '=', orderNo).execute()
    await invariantOk(t.app)
    expect((await ledgerOf(t.app, buyer.userId)).at(-1)).toMatchObject({
      type: 'ORDER_REFUND',
      amount: 20_000,
    })
  })
})

describe('the dispute list (staff)', () => {
  it('pages open and ruled disputes with who opened them and the ruling; 403 for everybody else', async () => {
    const a = await disputedSale(11_000)
    const b = await disputedSale(12_000, { deliver: false })
    expect(
      (await rule(staff, { orderNo: a.orderNo, decision: 'RELEASE', reason: '卖家提供了交接记录' })).code,
    ).toBe(200)

    const open = await disputes(staff, 'state=OPEN&pageSize=100')
    expect(open.code).toBe(200)
    const openNos = open.rows.map((r: { orderNo: string }) => r.orderNo)
    expect(openNos).toContain(b.orderNo)
    expect(openNos).not.toContain(a.orderNo)
    expect(open.rows.find((r: { orderNo: string }) => r.orderNo === b.orderNo)).toMatchObject({
      state: 'OPEN',
      amount: 12_000,
      openedBy: 'buyer',
      openedByName: expect.any(String),
      reason: '登录后发现账号被找回',
      fromStatus: 'PAID',
      orderStatus: 'ARBITRATING',
      ruling: null,
    })

    const history = await disputes(staff, 'state=RULED&pageSize=100')
    const ruled = history.rows.find((r: { orderNo: string }) => r.orderNo === a.orderNo)
    expect(ruled).toMatchObject({
      state: 'RULED',
      orderStatus: 'SETTLED',
      fromStatus: 'TO_CONFIRM',
      ruling: {
        decision: 'RELEASE',
        refundAmount: 0,
        settleAmount: 11_000,
        reason: '卖家提供了交接记录',
        ruledAt: clock,
        ruledByName: expect.any(String),
      },
    })
    expect(history.rows.map((r: { orderNo: string }) => r.orderNo)).not.toContain(b.orderNo)

    // paging: one row a page, the total counts them all
    const all = await disputes(staff, 'pageSize=100')
    const first = await disputes(staff, 'pageSize=1&pageNum=1')
    const second = await disputes(staff, 'pageSize=1&pageNum=2')
    expect(first.total).toBe(all.total)
    expect(first.rows).toHaveLength(1)
    expect(second.rows).toHaveLength(1)
    expect(second.rows[0].disputeId).not.toBe(first.rows[0].disputeId)
    expect(all.total).toBeGreaterThanOrEqual(2)

    expect((await disputes(staff, 'state=CLOSED')).code).toBe(400)
    for (const token of [a.buyer.token, a.seller.token, (await newUser(t.app, 'dpn')).token]) {
      const res = await disputes(token, 'state=RULED')
      expect(res.code).toBe(403)
      expect(res.rows).toBeUndefined()
    }
  })
})

describe('disputes from before migration 0032', () => {
  // the last test of the file: it rebuilds the disputes table
  it('get their record from the order and its room: open ones stay open, earlier rulings were whole', async () => {
    const open = await disputedSale(13_000)
    const ruled = await disputedSale(14_000, { deliver: false })
    expect(
      (await rule(staff, { orderNo: ruled.orderNo, decision: 'REFUND', reason: '卖家同意退款' })).code,
    ).toBe(200)
    const openedAt = Number(
      (
        await t.app.db
          .selectFrom('disputes')
          .select('opened_at')
          .where('order_no', '=', open.orderNo)
          .executeTakeFirstOrThrow()
      ).opened_at,
    )
    // a database from before 0032: no dispute records, only the orders and their rooms
    await sql`drop table disputes`.execute(t.app.db)
    await disputesMigration('sqlite').up(t.app.db as never)

    expect(await get(t.app, `/api/trade/warrant/dispute/${open.orderNo}`, open.seller.token)).toMatchObject({
      data: {
        state: 'OPEN',
        openedBy: null,
        openedByName: null,
        openedAt,
        reason: '登录后发现账号被找回',
        fromStatus: 'TO_CONFIRM',
        ruling: null,
      },
    })
    expect(await get(t.app, `/api/trade/warrant/dispute/${ruled.orderNo}`, ruled.buyer.token)).toMatchObject({
      data: {
        state: 'RULED',
        fromStatus: 'PAID',
        ruling: {
          decision: 'REFUND',
          refundAmount: 14_000,
          settleAmount: 0,
          reason: expect.stringContaining('卖家同意退款'),
          ruledAt: clock,
          ruledByName: null,
        },
      },
    })
    await invariantOk(t.app)
    // the backfilled open dispute is ruled like any other
    expect(
      (
        await rule(staff, {
          orderNo: open.orderNo,
          decision: 'SPLIT',
          refundAmount: 3_000,
          reason: '部分退款',
        })
      ).code,
    ).toBe(200)
    await invariantOk(t.app)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'

/** the sold orders and the ledger as CSV exports, downloaded like every export (ticket or header) */
describe('exports of sold orders and the ledger', () => {
  let t: TestApp
  let seller: string
  let buyer: string
  beforeAll(async () => {
    t = await startTestApp({ tradeSweepMs: 0 })
    seller = await tokenOf(t.app, ...DEMO.seller)
    buyer = await tokenOf(t.app, ...DEMO.buyer)
  })
  afterAll(() => t.close())

  const downloadCsv = async (token: string, fileName: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    return res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
  }

  it('exports the seller’s sold orders with the list’s filters', async () => {
    const list = await call(t.app, 'GET', '/api/trade/order/sellList?pageSize=100', { token: seller })
    expect(list.total).toBeGreaterThan(0)
    const res = await call(t.app, 'POST', '/api/trade/order/sellExport', { token: seller, body: {} })
    expect(res).toMatchObject({
      code: 200,
      data: { fileName: expect.stringMatching(/^我卖出的订单-.*\.csv$/) },
    })
    expect(res.data.rows).toBe(list.total)
    const lines = await downloadCsv(seller, res.data.fileName)
    expect(lines[0]).toMatch(/^订单号,商品,游戏,买家/)
    expect(lines).toHaveLength(list.total + 1)
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(list.rows.map((o: { orderNo: string }) => o.orderNo).sort())
    // the buyer cannot download the seller's file, and has no sold orders of their own
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName: res.data.fileName },
      headers: { authorization: `Bearer ${buyer}` },
    })
    expect(other.statusCode).toBe(404)
    const none = await call(t.app, 'POST', '/api/trade/order/sellExport', {
      token: buyer,
      body: { status: 'SETTLED' },
    })
    expect(none.data.rows).toBe(0)
  })

  it('exports the caller’s own ledger, filtered by type; logged out is refused', async () => {
    const ledger = await call(t.app, 'GET', '/api/funds/ledger?type=TOPUP&pageSize=100', { token: buyer })
    expect(ledger.total).toBeGreaterThan(0)
    const res = await call(t.app, 'POST', '/api/funds/ledger/export', {
      token: buyer,
      body: { type: 'TOPUP' },
    })
    expect(res).toMatchObject({ code: 200, data: { rows: ledger.total } })
    const lines = await downloadCsv(buyer, res.data.fileName)
    expect(lines[0]).toMatch(/^时间,类型,可用余额变动\(元\)/)
    expect(lines.slice(1).every((l) => l.split(',')[1] === '充值')).toBe(true)
    expect(await call(t.app, 'POST', '/api/funds/ledger/export', { body: {} })).toMatchObject({ code: 401 })
    expect(
      await call(t.app, 'POST', '/api/funds/ledger/export', { token: buyer, body: { type: 'NOPE' } }),
    ).toMatchObject({ code: 400 })
  })
})

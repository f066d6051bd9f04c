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

  const downloadBytes = async (token: string, fileName: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    return res.body
  }
  const downloadCsv = async (token: string, fileName: string) =>
    (await downloadBytes(token, fileName))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
  /** The raw cells of a CSV line (RFC 4180 quoting undone, nothing else). */
  const cellsOf = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map(([, cell]) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell))

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
    // order numbers stay text in Excel / WPS: ="…" (a bare 24-digit cell would turn into 2.02E+23)
    const rows = lines.slice(1).map(cellsOf)
    expect(rows.map((cells) => cells[0]).sort()).toEqual(
      list.rows.map((o: { orderNo: string }) => `="${o.orderNo}"`).sort(),
    )
    // prices and amounts are bare numbers with two decimals, the quantity a bare integer
    for (const cells of rows) {
      expect(cells[4]).toMatch(/^\d+\.\d{2}$/)
      expect(cells[5]).toMatch(/^\d+$/)
      expect(cells[6]).toMatch(/^\d+\.\d{2}$/)
    }
    const first = list.rows[0] as { orderNo: string; amount: number; unitPrice: number; quantity: number }
    expect(lines.find((l) => l.startsWith(`"=""${first.orderNo}""",`))).toContain(
      `,${(first.unitPrice / 100).toFixed(2)},${first.quantity},${(first.amount / 100).toFixed(2)},`,
    )
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

  it('exports the ledger with real numbers (expenses negative, unquoted) and the related numbers as text', async () => {
    const ledger = await call(t.app, 'GET', '/api/funds/ledger?pageSize=100', { token: buyer })
    const pay = ledger.rows.find((e: { type: string }) => e.type === 'ORDER_PAY')
    expect(pay, 'a seeded order payment').toBeTruthy()
    const res = await call(t.app, 'POST', '/api/funds/ledger/export', { token: buyer, body: {} })
    const bytes = await downloadBytes(buyer, res.data.fileName)
    const lines = bytes
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    const line = lines.find((l) => l.includes(`"=""${pay.orderNo}"""`))!
    expect(line, 'the payment row, its order number in the ="…" form').toBeTruthy()
    const cells = cellsOf(line)
    expect(cells[1]).toBe('订单支付')
    // the expense: a bare negative number, no apostrophe, no quotes
    const amount = (pay.amount / 100).toFixed(2)
    expect(amount).toMatch(/^-\d+\.\d{2}$/)
    expect(line).toContain(`,${amount},`)
    expect(line).not.toContain(`'${amount}`)
    expect(cells.slice(2, 6).every((c) => /^-?\d+\.\d{2}$/.test(c))).toBe(true)
    expect(cells[6]).toBe(`="${pay.orderNo}"`)
    // no money cell anywhere is guarded like text
    expect(bytes).not.toMatch(/,'-\d/)
    const topupLine = lines.find((l) => l.split(',')[1] === '充值')!
    expect(cellsOf(topupLine)[6]).toMatch(/^="T\d+"$/)
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

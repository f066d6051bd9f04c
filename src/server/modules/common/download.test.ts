/** Exports and the download route: ownership, tickets, traversal, delete=true, headers. */
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../../shared/messages'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { contentDisposition, csvYuan, isSafeExportName } from './exports'
import { csvCell, csvId, csvNumber, toCsv } from './csv'
import { ticketService } from './tickets'

describe('downloads of exports', () => {
  let t: TestApp
  let buyer: string
  let seller: string
  beforeAll(async () => {
    t = await startTestApp()
    buyer = await tokenOf(t.app, ...DEMO.buyer)
    seller = await tokenOf(t.app, ...DEMO.seller)
  })
  afterAll(() => t.close())

  const exportMessages = async (token: string): Promise<string> => {
    const res = await call(t.app, 'POST', '/api/user/message/webMessageExport', { token })
    expect(res).toMatchObject({
      code: 200,
      data: { fileName: expect.stringMatching(/^站内信-\d{8}-\d{6}-[0-9a-f]{4}\.csv$/) },
    })
    return res.data.fileName
  }
  const ticketFor = async (token: string, fileName: string) => {
    const res = await call(t.app, 'POST', '/api/common/downloadTicket', { token, body: { fileName } })
    return res
  }
  const download = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/common/download', query, headers })

  it('exports the caller’s messages as a CSV Excel can open', async () => {
    const fileName = await exportMessages(buyer)
    const res = await download({ fileName }, { authorization: `Bearer ${buyer}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    const disposition = String(res.headers['content-disposition'])
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/)
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(fileName)
    const text = res.body
    expect(text.startsWith('\uFEFF编号,标题,内容,类型,状态,时间\r\n')).toBe(true)
    expect(text).toContain('卖家已交付，请确认收货')
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 4)
  })

  it('downloads with a single-use ticket bound to the file', async () => {
    const fileName = await exportMessages(buyer)
    const { data } = await ticketFor(buyer, fileName)
    expect(data).toEqual({ ticket: expect.any(String), expiresIn: 60 })
    const first = await download({ fileName, ticket: data.ticket })
    expect(first.statusCode).toBe(200)
    const again = await download({ fileName, ticket: data.ticket })
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({ code: 403 })

    // a ticket for one file does not open another of the same user
    const other = await exportMessages(buyer)
    const { data: t2 } = await ticketFor(buyer, fileName)
    expect((await download({ fileName: other, ticket: t2.ticket })).statusCode).toBe(403)
  })

  it('needs a login or a ticket', async () => {
    const fileName = await exportMessages(buyer)
    const res = await download({ fileName })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 401, msg: MSG.UNAUTHORIZED })
    expect(await call(t.app, 'POST', '/api/common/downloadTicket', { body: { fileName } })).toMatchObject({
      code: 401,
    })
  })

  it('never serves another user’s file: no ticket for it, 404 with a token', async () => {
    const sellersFile = await exportMessages(seller)
    expect(await ticketFor(buyer, sellersFile)).toMatchObject({
      code: 404,
      msg: '文件不存在或已过期，请重新导出',
    })
    const res = await download({ fileName: sellersFile }, { authorization: `Bearer ${buyer}` })
    expect(res.statusCode).toBe(404)
    expect(
      (await download({ fileName: sellersFile }, { authorization: `Bearer ${seller}` })).statusCode,
    ).toBe(200)
  })

  it('refuses path traversal and files the server did not generate', async () => {
    // a real file in DATA_DIR that is no export
    writeFileSync(join(t.dataDir, 'secret.txt'), 'secret')
    for (const fileName of [
      '../market.db',
      '../../etc/passwd',
      '..\\market.db',
      'exports/../market.db',
      '/etc/passwd',
      'secret.txt',
      '.hidden',
      'a\u0000.csv',
    ]) {
      const res = await download({ fileName }, { authorization: `Bearer ${buyer}` })
      expect([400, 404], fileName).toContain(res.statusCode)
      expect(res.body).not.toContain('secret')
      expect(res.headers['content-disposition']).toBeUndefined()
    }
    expect(
      (
        await call(t.app, 'POST', '/api/common/downloadTicket', {
          token: buyer,
          body: { fileName: '../market.db' },
        })
      ).code,
    ).toBe(400)
  })

  it('delete=true removes the file once sent', async () => {
    const fileName = await exportMessages(buyer)
    const dir = join(t.dataDir, 'exports')
    const count = () => readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.csv')).length
    const before = count()
    const res = await download({ fileName, delete: 'true' }, { authorization: `Bearer ${buyer}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('编号')
    await new Promise((r) => setTimeout(r, 50))
    expect(count()).toBe(before - 1)
    expect((await download({ fileName }, { authorization: `Bearer ${buyer}` })).statusCode).toBe(404)
    // without delete the file stays
    const kept = await exportMessages(buyer)
    await download({ fileName: kept }, { authorization: `Bearer ${buyer}` })
    expect((await download({ fileName: kept }, { authorization: `Bearer ${buyer}` })).statusCode).toBe(200)
    expect(existsSync(dir)).toBe(true)
  })

  it('an expired export is gone', async () => {
    let now = Date.now()
    const t2 = await startTestApp({ now: () => now })
    try {
      const token = await tokenOf(t2.app, ...DEMO.buyer)
      const { data } = await call(t2.app, 'POST', '/api/user/message/webMessageExport', { token })
      now += 25 * 60 * 60 * 1000
      const res = await t2.app.inject({
        method: 'GET',
        url: '/api/common/download',
        query: { fileName: data.fileName },
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await t2.close()
    }
  })
})

describe('export helpers', () => {
  it('Content-Disposition carries an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('站内信-1.csv')).toBe(
      `attachment; filename="___-1.csv"; filename*=UTF-8''%E7%AB%99%E5%86%85%E4%BF%A1-1.csv`,
    )
    expect(contentDisposition(`a"b'(c).csv`)).toBe(
      `attachment; filename="a_b'(c).csv"; filename*=UTF-8''a%22b%27%28c%29.csv`,
    )
  })

  it('CSV quotes, escapes and defuses formulas in text cells', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}cmd|' /C calc'!A0`).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('-1')).toBe("'-1")
    expect(csvCell(-1)).toBe('-1')
    expect(csvCell(null)).toBe('')
    expect(toCsv(['a'], [['x\ny']])).toBe('\uFEFFa\r\n"x\ny"\r\n')
  })

  it('CSV money cells are real numbers: bare, negative ones too, never quoted or guarded', () => {
    expect(csvCell(csvYuan(-26_000))).toBe('-260.00')
    expect(csvCell(csvYuan(1_288))).toBe('12.88')
    expect(csvCell(csvYuan(-5))).toBe('-0.05')
    expect(csvCell(csvYuan(0))).toBe('0.00')
    expect(csvCell(csvNumber('-1'))).toBe('-1')
    expect(() => csvNumber('=1+1')).toThrow()
    expect(() => csvNumber('1e5')).toThrow()
    expect(csvCell(Number.NaN)).toBe('')
  })

  it('CSV identifiers stay text in Excel and WPS: the ="…" form, never a formula of other content', () => {
    const orderNo = '202405181430054829105733'
    // a 24-digit number would become 2.02405E+23 as a plain cell
    expect(csvCell(csvId(orderNo))).toBe(`"=""${orderNo}"""`)
    expect(csvCell(csvId('T202405181430054829105733'))).toBe('"=""T202405181430054829105733"""')
    expect(csvCell(csvId(''))).toBe('')
    // plain text of digits a spreadsheet would mangle gets the same form: long digit runs, leading zeros
    expect(csvCell(orderNo)).toBe(`"=""${orderNo}"""`)
    expect(csvCell('0012')).toBe('"=""0012"""')
    expect(csvCell('13800138000')).toBe('13800138000')
    // anything else named as an id is ordinary (guarded) text: no formula can be smuggled in
    expect(csvCell(csvId('1")&HYPERLINK("x'))).toBe('"1"")&HYPERLINK(""x"')
    expect(csvCell(csvId('=1+1'))).toBe("'=1+1")
    expect(toCsv(['单号', '金额'], [[csvId(orderNo), csvYuan(-26_000)]])).toBe(
      `\uFEFF单号,金额\r\n"=""${orderNo}""",-260.00\r\n`,
    )
  })

  it('export names are plain file names', () => {
    expect(isSafeExportName('站内信-20240518-223000-a1b2.csv')).toBe(true)
    for (const bad of ['../x', 'a/b', 'a\\b', '.x', 'a..b', '', 'x'.repeat(201), 'a\u0001b']) {
      expect(isSafeExportName(bad), bad).toBe(false)
    }
  })

  it('tickets are single-use, expire, and keep their purpose', async () => {
    let now = 1000
    const tickets = ticketService({ now: () => now, ttlMs: 100 })
    const grant = { userId: 1, tokenHash: 'h' }
    const a = await tickets.issue(grant, { kind: 'stream' })
    expect(await tickets.consume(a, { kind: 'stream' })).toEqual(grant)
    expect(await tickets.consume(a, { kind: 'stream' })).toBeNull()
    const b = await tickets.issue(grant, { kind: 'download', fileName: 'x.csv' })
    expect(await tickets.consume(b, { kind: 'download', fileName: 'y.csv' })).toBeNull()
    expect(await tickets.consume(b, { kind: 'download', fileName: 'x.csv' })).toBeNull() // used up by the wrong try
    const c = await tickets.issue(grant, { kind: 'download', fileName: 'x.csv' })
    now += 100
    expect(await tickets.consume(c, { kind: 'download', fileName: 'x.csv' })).toBeNull()
    expect(await tickets.consume(undefined, { kind: 'stream' })).toBeNull()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

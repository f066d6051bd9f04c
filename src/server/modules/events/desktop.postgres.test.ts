/**
 * The tables of live events, exports and customer service on PostgreSQL (runs when TEST_DATABASE_URL is set, like
 * db/postgres.test.ts): the bounded event log and its prune query, an unread-count event when a
 * message is created, exports and their download, the leave-a-message form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestAppOn, tokenOf, type TestApp } from '../../test-utils'
import { createEventBus } from './bus'

const adminUrl = process.env['TEST_DATABASE_URL']

describe.skipIf(!adminUrl)('desktop-client tables on PostgreSQL', () => {
  let t: TestApp
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ t, drop } = await startTestAppOn('postgres', 'desktop'))
  })

  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  it('keeps a bounded log per user and replays after an id', async () => {
    const bus = createEventBus(t.app.db, { logLimit: 3 })
    const ids: number[] = []
    for (let i = 0; i < 5; i++) {
      ids.push((await bus.publish(1, { type: 'unread-count', data: { count: i, reason: 'read' } })).id)
    }
    expect((await bus.since(1, 0)).map((e) => e.id)).toEqual(ids.slice(2))
    expect((await bus.since(1, ids[3]!)).map((e) => e.id)).toEqual([ids[4]])
    expect(await bus.latestId(1)).toBe(ids[4])
  })

  it('creates a message, exports it, downloads it once with a ticket, and takes a message for customer service', async () => {
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const seller = await tokenOf(t.app, ...DEMO.seller)
    const sent = await call(t.app, 'POST', '/api/system/message/send', {
      token: admin,
      body: { userName: 'seller', title: 'PG 测试', content: '内容' },
    })
    expect(sent.code).toBe(200)
    expect(
      await call(t.app, 'GET', '/api/user/message/getNoReadWebMessageCount', { token: seller }),
    ).toMatchObject({
      data: 3,
    })
    const exported = await call(t.app, 'POST', '/api/user/message/webMessageExport', { token: seller })
    const { data } = await call(t.app, 'POST', '/api/common/downloadTicket', {
      token: seller,
      body: { fileName: exported.data.fileName },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/common/download',
      query: { fileName: exported.data.fileName, delete: 'true', ticket: data.ticket },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('PG 测试')
    const left = await call(t.app, 'POST', '/api/platform/cs/leaveMessage', {
      token: seller,
      body: { category: 'OTHER', content: 'PostgreSQL 上的留言' },
    })
    expect(left).toMatchObject({ code: 200, data: { messageId: expect.any(Number) } })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { overdueMs } from './status'

describe('系统状态 (monitor)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const URL = '/api/console/monitor/status'

  it('refuses a buyer and customer service (403), answers admin and 运营', async () => {
    const buyer = await tokenOf(t.app, ...DEMO.buyer)
    expect(await call(t.app, 'GET', URL, { token: buyer })).toMatchObject({ code: 403 })
    const kefu = await tokenOf(t.app, ...DEMO.kefu)
    expect(await call(t.app, 'GET', URL, { token: kefu })).toMatchObject({ code: 403 })
    const operator = await tokenOf(t.app, ...DEMO.operator)
    expect(await call(t.app, 'GET', URL, { token: operator })).toMatchObject({ code: 200 })
    expect(await call(t.app, 'GET', URL)).toMatchObject({ code: 401 })
    // the refusal is in the operation log with the permission asked for
    const denied = await t.app.db
      .selectFrom('op_logs')
      .selectAll()
      .where('status', '=', 'DENIED')
      .where('user_name', '=', 'buyer')
      .where('target', '=', `GET ${URL}`)
      .execute()
    expect(denied[0]).toMatchObject({ detail: 'monitor:status:view' })
  })

  it('answers the figures of this process', async () => {
    const admin = await tokenOf(t.app, ...DEMO.admin)
    await t.app.inject({ method: 'GET', url: '/api/platform/notice/list' })
    await t.app.services.pay.chase()
    const first = await call(t.app, 'GET', URL, { token: admin })
    expect(first.code).toBe(200)
    const s = first.data
    expect(s).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
      pid: process.pid,
      database: { kind: 'sqlite', up: true, pool: null, pendingMigrations: [] },
      redis: 'unused',
      liveConnections: 0,
    })
    expect(s.uptimeSeconds).toBeGreaterThanOrEqual(0)
    expect(s.memory.rssBytes).toBeGreaterThan(0)
    const sum = (key: 'requests' | 'errors') =>
      s.requests.reduce((n: number, m: Record<string, number>) => n + m[key]!, 0)
    expect(sum('requests')).toBeGreaterThanOrEqual(3) // the logins, the notice list
    expect(sum('errors')).toBe(0)
    const chase = s.jobs.find((j: { name: string }) => j.name === 'pay-chase')
    expect(chase).toMatchObject({ mode: 'once', everyMs: 60_000, failures: 0 })
    expect(Object.keys(s.pay)).toEqual(['attempts', 'payouts', 'refunds'])

    await new Promise((resolve) => setTimeout(resolve, 60))
    const second = (await call(t.app, 'GET', URL, { token: admin })).data
    expect(second.eventLoop).toMatchObject({ p99Ms: expect.any(Number), maxMs: expect.any(Number) })
  })

  it('counts how far past its period a job is', () => {
    const now = 1_000_000
    expect(overdueMs({ everyMs: 30_000, lastStartedAt: 0 }, now)).toBeNull()
    expect(overdueMs({ everyMs: 30_000, lastStartedAt: now - 10_000 }, now)).toBe(0)
    expect(overdueMs({ everyMs: 30_000, lastStartedAt: now - 45_000 }, now)).toBe(15_000)
    expect(overdueMs({ everyMs: 0, lastStartedAt: now - 45_000 }, now)).toBe(0)
  })
})

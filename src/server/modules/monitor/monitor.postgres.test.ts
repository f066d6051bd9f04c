/**
 * 系统状态 and /metrics on PostgreSQL with Redis (run when TEST_DATABASE_URL and TEST_REDIS_URL are
 * set): the pool's figures, the payments' grouped counts, Redis up.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestAppOn, tokenOf, type TestApp } from '../../test-utils'

const adminUrl = process.env['TEST_DATABASE_URL']
const redisUrl = process.env['TEST_REDIS_URL']

describe.skipIf(!adminUrl || !redisUrl)('系统状态 on PostgreSQL and Redis', () => {
  let t: TestApp
  let drop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ t, drop } = await startTestAppOn('postgres', 'monitor', {
      redisUrl,
      redisPrefix: `test-monitor-${randomBytes(4).toString('hex')}:`,
    }))
  })
  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  it('answers the pool, Redis and the payments by state', async () => {
    const admin = await tokenOf(t.app, ...DEMO.admin)
    const s = (await call(t.app, 'GET', '/api/console/monitor/status', { token: admin })).data
    expect(s.database).toMatchObject({ kind: 'postgres', up: true, pendingMigrations: [] })
    expect(s.database.pool).toMatchObject({ max: 10, waiting: 0 })
    expect(s.database.pool.total).toBeGreaterThan(0)
    expect(s.redis).toBe('ok')
    expect(s.pay).toEqual({
      attempts: expect.any(Object),
      payouts: expect.any(Object),
      refunds: expect.any(Object),
    })

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toContain('db_info{kind="postgres"} 1')
    expect(metrics).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m)
    expect(metrics).toContain('db_pool_max 10')
    const ready = await t.app.inject({ method: 'GET', url: '/ready' })
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', redis: 'ok' })
  })
})

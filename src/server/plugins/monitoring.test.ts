/**
 * Monitoring (docs/operations.md, "Monitoring"): /metrics and who may read it, /health and /ready,
 * request ids in the header, the error envelope and the log lines.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestApp, type TestApp } from '../test-utils'
import { createMetrics, routeLabel } from './metrics'

const TOKEN = 'metrics-token-0123456789'

describe('monitoring', () => {
  let t: TestApp
  /** an app with METRICS_TOKEN and its log lines */
  let secured: TestApp
  const lines: Array<Record<string, unknown>> = []
  beforeAll(async () => {
    t = await startTestApp()
    secured = await startTestApp({
      metricsToken: TOKEN,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    })
  })
  afterAll(async () => {
    await t.close()
    await secured.close()
  })

  const scrape = (app: TestApp['app'], headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })

  it('counts requests by route template and code, with a latency histogram', async () => {
    await t.app.inject({ method: 'GET', url: '/api/platform/notice/list' })
    await t.app.inject({ method: 'GET', url: '/api/platform/notice/999991' })
    await t.app.inject({ method: 'GET', url: '/api/platform/notice/999992' })
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing' })
    const res = await scrape(t.app)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = res.body
    // the template, not the URL; a business 404 counts as code 404 (its HTTP status is 200)
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/platform/notice/:noticeId",code="404"} 2',
    )
    expect(text).toContain('http_requests_total{method="GET",route="/api/platform/notice/list",code="200"} 1')
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",code="404"} 1')
    expect(text).not.toContain('999991')
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/platform\/notice\/:noticeId"\} 2/,
    )
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/platform\/notice\/list"\} 1/,
    )
    // the process, the database, the jobs, live events, payments by state
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)
    expect(text).toContain('db_info{kind="sqlite"} 1')
    expect(text).toMatch(/^job_interval_seconds\{job="trade-time-rules"\} 30$/m)
    expect(text).toMatch(/^job_failures_total\{job="pay-chase"\} 0$/m)
    expect(text).toContain('live_event_connections 0')
    expect(text).toMatch(/^# TYPE pay_attempts gauge$/m)
  })

  it('labels the web bundle’s files as one route', () => {
    expect(routeLabel('/assets/index-3f9a0c12.js', '/assets/index-3f9a0c12.js')).toBe('/assets/*')
    expect(routeLabel('/api/goods/:goodsId', '/api/goods/12')).toBe('/api/goods/:goodsId')
    expect(routeLabel(undefined, '/api/no/such')).toBe('unmatched')
    // the not-found handler answers the rendered pages and the app's shell
    expect(routeLabel(undefined, '/goods/12?from=home')).toBe('page')
  })

  it('answers the scrape when a gauge cannot be read (that gauge empty)', async () => {
    const metrics = createMetrics()
    metrics.gauge('broken_rows', 'A read that fails.', ['status'], () => Promise.reject(new Error('down')))
    metrics.gauge('fine_rows', 'A read that works.', ['status'], async () => [
      { labels: { status: 'PAID' }, value: 3 },
    ])
    const text = await metrics.registry.metrics()
    expect(text).toContain('fine_rows{status="PAID"} 3')
    expect(text).not.toMatch(/^broken_rows\{/m)
  })

  it('counts payment attempts by state', async () => {
    const before = await t.app.services.pay.stateCounts()
    await t.app.db
      .insertInto('pay_attempts')
      .values({
        attempt_no: 'METRICS-TEST-1',
        channel: 'ALIPAY',
        biz_type: 'TOPUP',
        biz_no: 'T-METRICS-1',
        user_id: 1,
        amount: 100,
        scene: 'PC',
        status: 'WAITING',
        expires_at: Date.now() + 60_000,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute()
    const after = await t.app.services.pay.stateCounts()
    expect(after.attempts.WAITING).toBe((before.attempts.WAITING ?? 0) + 1)
  })

  it('answers /metrics only to loopback clients without a token', async () => {
    expect((await scrape(t.app, {}, '10.1.2.3')).statusCode).toBe(404)
    expect((await scrape(t.app, {}, '::1')).statusCode).toBe(200)
    // an nginx on this host relays from loopback, but names the client
    expect((await scrape(t.app, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404)
    expect((await scrape(t.app, { 'x-real-ip': '203.0.113.9' })).statusCode).toBe(404)
  })

  it('asks for the token when METRICS_TOKEN is set, from loopback too', async () => {
    expect((await scrape(secured.app)).statusCode).toBe(404)
    expect((await scrape(secured.app, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404)
    expect((await scrape(secured.app, { authorization: 'Bearer' })).statusCode).toBe(404)
    const ok = await scrape(secured.app, { authorization: `Bearer ${TOKEN}` }, '10.1.2.3')
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toContain('http_requests_total')
  })

  it('answers /health and /ready, and their old names', async () => {
    for (const url of ['/health', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
    }
    for (const url of ['/ready', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', redis: 'unused' })
    }
  })

  it('is not ready while a migration is pending', async () => {
    const { rows } = await sql<{
      name: string
      timestamp: string
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(secured.app.db)
    const last = rows[0]!
    await sql`delete from kysely_migration where name = ${last.name}`.execute(secured.app.db)
    try {
      const res = await secured.app.inject({ method: 'GET', url: '/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'ok', migrations: 'pending' })
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(
        secured.app.db,
      )
    }
    expect((await secured.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200)
  })

  it('gives every answer a request id: the balancer’s when sane, else a new one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/health' })
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/)
    const other = await t.app.inject({ method: 'GET', url: '/health' })
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id'])

    const given = await t.app.inject({
      method: 'GET',
      url: '/api/platform/notice/list',
      headers: { 'x-request-id': 'nginx-7f3a_01' },
    })
    expect(given.headers['x-request-id']).toBe('nginx-7f3a_01')
    for (const bad of ['a'.repeat(65), 'has space', 'semi;colon', '<script>']) {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } })
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{12}$/)
    }
  })

  it('puts the request id in the error envelope and on the log lines', async () => {
    const spy = vi
      .spyOn(secured.app.services.notices, 'detail')
      .mockRejectedValueOnce(new Error('database exploded'))
    try {
      const res = await secured.app.inject({ method: 'GET', url: '/api/platform/notice/1' })
      const body = res.json()
      expect(body).toMatchObject({ code: 500, reason: 'SERVER_ERROR' })
      expect(body.requestId).toMatch(/^[0-9a-f]{12}$/)
      expect(res.headers['x-request-id']).toBe(body.requestId)
      const failed = lines.find((l) => l.msg === 'request failed' && l.reqId === body.requestId)
      expect(failed).toMatchObject({ level: 50, err: { message: 'database exploded' } })
    } finally {
      spy.mockRestore()
    }

    // a business error, and an id the balancer gave
    const refused = await secured.app.inject({
      method: 'GET',
      url: '/api/getInfo',
      headers: { 'x-request-id': 'from-nginx-42' },
    })
    expect(refused.json()).toMatchObject({ code: 401, requestId: 'from-nginx-42' })
    expect(lines.some((l) => l.reqId === 'from-nginx-42' && l.msg === 'request completed')).toBe(true)
  })
})

/**
 * 系统状态: the figures of the answering process, its database and Redis, the jobs (an overdue or
 * failing one marked), the payments by state in Chinese, asked again every 10 s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { MONITOR_STAFF, type SystemStatus } from '@shared/api/monitor'
import { ALL_PERMISSION } from '@shared/constants'
import { systemStatusQuery, STATUS_REFRESH_MS } from '@renderer/api/monitor'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { durationText, msText, recentRates } from './format'
import SystemStatusPage from '.'

vi.setConfig({ testTimeout: 60_000 })

const NOW = Date.parse('2026-11-28T08:00:30Z')
const status: SystemStatus = {
  at: NOW,
  version: '0.1.0',
  node: 'v20.20.2',
  pid: 4242,
  uptimeSeconds: 3 * 86_400 + 4 * 3600 + 60,
  memory: { rssBytes: 180 * 1024 * 1024, heapUsedBytes: 90 * 1024 * 1024, heapTotalBytes: 120 * 1024 * 1024 },
  database: {
    kind: 'postgres',
    up: true,
    pool: { total: 6, idle: 4, waiting: 0, max: 10 },
    pendingMigrations: [],
  },
  redis: 'down',
  eventLoop: { p50Ms: 10.2, p99Ms: 31.5, maxMs: 80 },
  requests: [
    { at: NOW - 120_000, requests: 100, errors: 0, meanMs: 12.5 },
    { at: NOW - 60_000, requests: 200, errors: 3, meanMs: 20 },
  ],
  jobs: [
    {
      name: 'trade-time-rules',
      mode: 'once',
      everyMs: 30_000,
      runs: 12,
      failures: 0,
      lastStartedAt: NOW - 10_000,
      lastDurationMs: 35,
      lastLagMs: 2,
      overdueMs: 0,
    },
    {
      name: 'pay-chase',
      mode: 'once',
      everyMs: 60_000,
      runs: 3,
      failures: 2,
      lastStartedAt: NOW - 200_000,
      lastDurationMs: 1200,
      lastLagMs: 0,
      overdueMs: 140_000,
    },
  ],
  pay: { attempts: { WAITING: 5, PAID: 120 }, payouts: { PAYING: 1, FAILED: 2 }, refunds: {} },
  liveConnections: 17,
}

let server: FakeServer
beforeEach(() => {
  server = fakeServer().on(MONITOR_STAFF.status, status)
  useSessionStore.setState({ permissions: [ALL_PERMISSION], roles: ['admin'] })
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('系统状态', () => {
  it('shows the process, its dependencies, the jobs and the payments by state', async () => {
    renderPage(<SystemStatusPage />, { url: '/console/monitor/status' })
    expect(await screen.findByText('3 天 4 小时')).toBeTruthy()
    // 300 requests over 2 minutes, 3 of them failed
    expect(screen.getByText('150')).toBeTruthy()
    expect(screen.getByText('1%')).toBeTruthy()
    expect(screen.getByText('31.5 ms')).toBeTruthy()
    expect(screen.getByText('17')).toBeTruthy()
    expect(screen.getByText('共 6 / 上限 10，空闲 4，排队 0')).toBeTruthy()
    expect(screen.getByText('已全部执行')).toBeTruthy()
    expect(screen.getByText('无法连接')).toBeTruthy() // Redis

    const failing = screen.getByText('pay-chase').closest('tr')!
    expect(within(failing).getByText('已超期 2 分 20 秒')).toBeTruthy()
    expect(within(failing).getByText('2')).toBeTruthy()
    const fine = screen.getByText('trade-time-rules').closest('tr')!
    expect(within(fine).getByText('正常')).toBeTruthy()
    expect(within(fine).getByText('30.0 s')).toBeTruthy()

    expect(screen.getByText('待支付')).toBeTruthy()
    expect(screen.getByText('打款失败')).toBeTruthy()
    expect(screen.getByText('暂无记录')).toBeTruthy() // no refunds
  })

  it('asks again every 10 s', () => {
    expect(systemStatusQuery().refetchInterval).toBe(STATUS_REFRESH_MS)
    expect(STATUS_REFRESH_MS).toBe(10_000)
  })

  it('words durations and rates', () => {
    expect(durationText(59)).toBe('59 秒')
    expect(durationText(3725)).toBe('1 小时 2 分')
    expect(msText(null)).toBe('-')
    expect(msText(850)).toBe('850 ms')
    expect(recentRates([])).toEqual({ perMinute: 0, errorPercent: 0 })
  })
})

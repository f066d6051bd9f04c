/**
 * 对账差错: the open mismatches listed with both amounts; resolving asks for a note and sends it;
 * 重新对账 runs a day again and says what it found; the 工作台 shows the open count to staff who may
 * see the list, and only to them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import dayjs from 'dayjs'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { DASHBOARD_STAFF } from '@shared/api/oplog'
import { PAY_STAFF, type PayMismatchView } from '@shared/api/pay'
import { ALL_PERMISSION } from '@shared/constants'
import { PERMS } from '@shared/permissions'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import DashboardPage from '../Dashboard'
import PayMismatchesPage from '.'

vi.setConfig({ testTimeout: 60_000 })
// the charts draw on a canvas jsdom has not; the figures are what this test reads
vi.mock('@ant-design/plots', () => ({ Line: () => null, Column: () => null }))

const mismatch: PayMismatchView = {
  id: 7,
  channel: 'ALIPAY',
  day: '2026-11-27',
  kind: 'AMOUNT_DIFFERS',
  lineKind: 'PAYMENT',
  ourNo: 'P1764300000000123456',
  ourAmount: 5_000,
  theirAmount: 4_000,
  ourState: 'PAID',
  providerNo: '2026112722001400000000000001',
  state: 'OPEN',
  note: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: Date.parse('2026-11-28T01:00:00Z'),
}

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
    .on(PAY_STAFF.mismatches, { rows: [mismatch], total: 3 })
    .on(PAY_STAFF.resolveMismatch, ({ body }) => ({
      ...mismatch,
      state: 'RESOLVED' as const,
      note: body.note,
    }))
    .on(PAY_STAFF.reconcileDay, ({ body }) => [
      {
        channel: 'ALIPAY' as const,
        day: body.day,
        outcome: 'DONE' as const,
        billLines: 5,
        ourLines: 5,
        mismatches: 1,
      },
      {
        channel: 'WECHAT' as const,
        day: body.day,
        outcome: 'UNAVAILABLE' as const,
        billLines: 0,
        ourLines: 0,
        mismatches: 0,
      },
    ])
    .on(DASHBOARD_STAFF.get, {
      today: {
        orders: 0,
        gmv: 0,
        newUsers: 0,
        pendingGoods: 0,
        openDisputes: 0,
        pendingWithdrawals: 0,
        csWaiting: 0,
        csFirstResponseMedianSeconds: null,
      },
      days: [],
    })
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('对账差错', () => {
  it('lists the open mismatches and resolves one with the note given', async () => {
    useSessionStore.setState({ permissions: [ALL_PERMISSION], roles: ['admin'] })
    renderPage(<PayMismatchesPage />, { url: '/console/trade/payMismatch' })
    const row = (await screen.findByText('P1764300000000123456')).closest('tr')!
    expect(within(row).getByText('金额不符')).toBeTruthy()
    expect(within(row).getByText('¥50.00')).toBeTruthy()
    expect(within(row).getByText('¥40.00')).toBeTruthy()
    expect(server.callsTo(PAY_STAFF.mismatches)[0].query).toMatchObject({ state: 'OPEN' })

    fireEvent.click(within(row).getByText('处理'))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: '标记已处理' }))
    expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy()
    expect(server.callsTo(PAY_STAFF.resolveMismatch)).toHaveLength(0)
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: '渠道账单有误，已与支付宝核实' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: '标记已处理' }))
    await waitFor(() => expect(server.callsTo(PAY_STAFF.resolveMismatch)).toHaveLength(1))
    expect(server.callsTo(PAY_STAFF.resolveMismatch)[0].body).toEqual({
      id: 7,
      note: '渠道账单有误，已与支付宝核实',
    })
  })

  it('重新对账 runs yesterday (by default) again and says what each channel found', async () => {
    useSessionStore.setState({ permissions: [ALL_PERMISSION], roles: ['admin'] })
    renderPage(<PayMismatchesPage />, { url: '/console/trade/payMismatch' })
    await screen.findByText('P1764300000000123456')
    fireEvent.click(screen.getByRole('button', { name: '重新对账' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: '开始对账' }))
    await waitFor(() => expect(server.callsTo(PAY_STAFF.reconcileDay)).toHaveLength(1))
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD')
    expect(server.callsTo(PAY_STAFF.reconcileDay)[0].body).toEqual({ day: yesterday })
    expect(
      await screen.findByText(
        `支付宝 ${yesterday}：账单 5 笔，我方 5 笔，差错 1 条；微信支付 ${yesterday}：账单暂时无法获取，请稍后再试`,
      ),
    ).toBeTruthy()
    // the list shows what the run found
    await waitFor(() => expect(server.callsTo(PAY_STAFF.mismatches).length).toBeGreaterThan(1))
  })

  it('offers no resolve action nor 重新对账 without pay:mismatch:resolve', async () => {
    useSessionStore.setState({ permissions: [PERMS.payMismatchList], roles: ['auditor'] })
    renderPage(<PayMismatchesPage />, { url: '/console/trade/payMismatch' })
    const row = (await screen.findByText('P1764300000000123456')).closest('tr')!
    expect(within(row).queryByText('处理')).toBeNull()
    expect(screen.queryByRole('button', { name: '重新对账' })).toBeNull()
  })
})

describe('工作台', () => {
  it('shows the open mismatches to staff who may list them', async () => {
    useSessionStore.setState({ permissions: [PERMS.dashboardView, PERMS.payMismatchList], roles: ['x'] })
    renderPage(<DashboardPage />, { url: '/console/index' })
    const card = (await screen.findByText('对账差错')).closest('.ant-card')!
    await waitFor(() => expect(within(card as HTMLElement).getByText('3')).toBeTruthy())
    expect(server.callsTo(PAY_STAFF.mismatches)[0].query).toMatchObject({ state: 'OPEN', pageSize: 1 })
  })

  it('neither shows nor asks for them otherwise', async () => {
    useSessionStore.setState({ permissions: [PERMS.dashboardView], roles: ['operator'] })
    renderPage(<DashboardPage />, { url: '/console/index' })
    expect(await screen.findByText('待审核提现')).toBeTruthy()
    expect(screen.queryByText('对账差错')).toBeNull()
    expect(server.callsTo(PAY_STAFF.mismatches)).toHaveLength(0)
  })
})

/** 工作台: each figure clicks through to its list; open 包赔 claims are counted for staff who see them. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { DASHBOARD_STAFF } from '@shared/api/oplog'
import { PAY_STAFF } from '@shared/api/pay'
import { PROTECTION_STAFF } from '@shared/api/protection'
import { PERMS } from '@shared/permissions'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import DashboardPage from '.'

// the charts draw on a canvas jsdom does not have
vi.mock('@ant-design/plots', () => ({ Line: () => null, Column: () => null }))
vi.setConfig({ testTimeout: 60_000 })

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
    .on(DASHBOARD_STAFF.get, {
      today: {
        orders: 3,
        gmv: 12_300,
        newUsers: 2,
        pendingGoods: 5,
        openDisputes: 1,
        pendingWithdrawals: 4,
        csWaiting: 0,
        csFirstResponseMedianSeconds: null,
      },
      days: [],
    })
    .on(PROTECTION_STAFF.list, { rows: [], total: 7 })
    .on(PAY_STAFF.mismatches, { rows: [], total: 0 })
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('工作台', () => {
  it('counts open claims and opens each figure’s list', async () => {
    useSessionStore.setState({
      permissions: [PERMS.dashboardView, PERMS.protectionClaimList],
      roles: ['kefu'],
    })
    const page = renderPage(<DashboardPage />, { url: '/console/index' })
    const claims = await screen.findByRole('link', { name: '待处理理赔：查看列表' })
    await waitFor(() => expect(claims.textContent).toContain('7'))
    expect(server.callsTo(PROTECTION_STAFF.list)[0]!.query).toMatchObject({ status: 'OPEN' })
    // without the permission there is no 对账差错 card and no request for it
    expect(screen.queryByRole('link', { name: '对账差错：查看列表' })).toBeNull()
    expect(server.callsTo(PAY_STAFF.mismatches)).toHaveLength(0)
    fireEvent.click(claims)
    expect(page.location()).toBe('/console/trade/protection')
  })

  it('the review queue’s figure goes to 商品审核', async () => {
    useSessionStore.setState({ permissions: [PERMS.dashboardView], roles: ['operator'] })
    const page = renderPage(<DashboardPage />, { url: '/console/index' })
    const goods = await screen.findByRole('link', { name: '待审核商品：查看列表' })
    expect(screen.queryByRole('link', { name: '待处理理赔：查看列表' })).toBeNull()
    fireEvent.click(goods)
    expect(page.location()).toBe('/console/audit/goods')
  })
})

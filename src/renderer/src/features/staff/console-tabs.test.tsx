import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { OPLOG_STAFF, DEFAULT_CONSOLE_SETTINGS } from '@shared/api/oplog'
import { SYSTEM } from '@shared/api/system'
import { logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { useTagsStore } from './layout/tags'
import ConsoleApp from './ConsoleApp'

// the pages themselves are not the subject: a probe per page counts how often it was mounted
const mounts = vi.hoisted(() => ({ Dashboard: 0, GoodsAudit: 0 }))
vi.mock('./registry', async () => {
  const { useEffect } = await import('react')
  const probe = (name: 'Dashboard' | 'GoodsAudit') =>
    function Probe() {
      useEffect(() => {
        mounts[name] += 1
      }, [])
      return <p>{`page ${name}`}</p>
    }
  const pages: Record<string, () => React.JSX.Element> = {
    Dashboard: probe('Dashboard'),
    GoodsAudit: probe('GoodsAudit'),
  }
  return { consolePage: (component: string | undefined) => (component ? pages[component] : undefined) }
})

let server: FakeServer
beforeEach(() => {
  mounts.Dashboard = 0
  mounts.GoodsAudit = 0
  sessionStorage.clear()
  useTagsStore.setState({ visited: [] })
  server = fakeServer()
    .on(AUTH.info, {
      user: {
        userId: 1,
        userName: 'admin',
        nickName: '管理员',
        code: 'U0001',
        avatar: '',
        phone: '',
        email: '',
        createdAt: 1_700_000_000_000,
        lastLoginAt: 1_710_000_000_000,
      },
      roles: ['admin'],
      permissions: ['*:*:*'],
    })
    .on(OPLOG_STAFF.settings, DEFAULT_CONSOLE_SETTINGS)
    .on(SYSTEM.routers, [
      {
        path: '/console',
        component: 'Layout',
        meta: { title: '管理后台' },
        children: [
          { path: 'index', component: 'Dashboard', meta: { title: '工作台', affix: true } },
          { path: 'audit/goods', component: 'GoodsAudit', meta: { title: '商品审核' } },
        ],
      },
    ])
  logIn()
})
afterEach(() => server.restore())

describe('console tabs (docs/console.md, Run-time routes and the shell)', () => {
  it('a deep link mounts its own page only; the affixed tab mounts when opened and stays mounted', async () => {
    renderPage(<ConsoleApp />, { url: '/console/audit/goods', path: '/console/*' })
    expect(await screen.findByText('page GoodsAudit')).toBeTruthy()
    expect(screen.getByRole('tab', { name: '工作台' })).toBeTruthy()
    expect(mounts).toEqual({ Dashboard: 0, GoodsAudit: 1 })

    fireEvent.click(screen.getByRole('tab', { name: '工作台' }))
    expect(await screen.findByText('page Dashboard')).toBeTruthy()
    // back to 商品审核 and again to 工作台: both cached, neither mounted again
    fireEvent.click(screen.getByRole('tab', { name: '商品审核' }))
    await waitFor(() => expect(screen.getByText('page Dashboard').closest('[hidden]')).not.toBeNull())
    fireEvent.click(screen.getByRole('tab', { name: '工作台' }))
    await waitFor(() => expect(screen.getByText('page GoodsAudit').closest('[hidden]')).not.toBeNull())
    expect(mounts).toEqual({ Dashboard: 1, GoodsAudit: 1 })
  })
})

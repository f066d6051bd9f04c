import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { AUTH } from '@shared/api/auth'
import { ROLE_DEFAULT, TOKEN_COOKIE } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { TestProviders } from '@renderer/testing/render-page'
import { PLAYER_PROFILE } from '@renderer/testing/session-fixtures'
import { getCookie } from '@renderer/utils/cookie'
import { reloadPage } from '@renderer/utils/page'
import { useLogout, useUserInfo } from './auth'

vi.mock('@renderer/utils/page', () => ({ reloadPage: vi.fn() }))

let server: FakeServer
afterEach(() => {
  server?.restore()
  useSessionStore.getState().clear()
  vi.clearAllMocks()
})

const wrapper = ({ children }: { children: ReactNode }) => <TestProviders>{children}</TestProviders>
const profile = PLAYER_PROFILE

describe('the logged-in user', () => {
  it('asks nothing for a visitor', async () => {
    server = fakeServer()
    const { result } = renderHook(() => useUserInfo(), { wrapper })
    await act(async () => undefined)
    expect(result.current.fetchStatus).toBe('idle')
    expect(server.calls).toHaveLength(0)
  })

  it('loads the user once per login; the session takes roles (ROLE_DEFAULT when none) and permissions', async () => {
    server = fakeServer().on(AUTH.info, { user: profile, roles: [], permissions: ['goods:list'] })
    useSessionStore.setState({ token: 'tk' })
    const { result } = renderHook(() => useUserInfo(), { wrapper })
    await waitFor(() => expect(result.current.data?.roles).toEqual([ROLE_DEFAULT]))
    expect(useSessionStore.getState().roles).toEqual([ROLE_DEFAULT])
    expect(useSessionStore.getState().permissions).toEqual(['goods:list'])
    expect(useSessionStore.getState().userInfo?.code).toBe('U0007')
    expect(server.callsTo(AUTH.info)).toHaveLength(1)
  })
})

describe('logout', () => {
  it('calls the server, clears everything and reloads — even when the call fails', async () => {
    server = fakeServer().fail(AUTH.logout, 400, '退出失败')
    document.cookie = `${TOKEN_COOKIE}=tk-3; path=/`
    useSessionStore.getState().hydrate()
    useSessionStore.setState({ roles: ['seller'], permissions: ['x'] })
    const { result } = renderHook(() => useLogout(), { wrapper })
    await act(() => result.current.mutateAsync())
    expect(server.callsTo(AUTH.logout)).toHaveLength(1)
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined()
    const state = useSessionStore.getState()
    expect([state.token, state.roles, state.permissions, state.userInfo]).toEqual([undefined, [], [], null])
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })
})

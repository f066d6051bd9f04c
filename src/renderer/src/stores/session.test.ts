import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ROLE_DEFAULT, TOKEN_COOKIE, USER_INFO_STORAGE_KEY } from '@shared/constants'
import * as authApi from '@renderer/api/auth'
import * as page from '@renderer/utils/page'
import { getCookie } from '@renderer/utils/cookie'
import { isLoggedIn, useSessionStore } from './session'

vi.mock('@renderer/api/auth', () => ({
  login: vi.fn(),
  getInfo: vi.fn(),
  logout: vi.fn(),
}))
vi.mock('@renderer/utils/page', () => ({ reloadPage: vi.fn() }))

const userInfoDto = { userId: 7, userName: 'player1', nickName: '小明', code: 'U0007', avatar: '' }

beforeEach(() => {
  useSessionStore.setState({
    token: undefined,
    userInfo: null,
    roles: [],
    permissions: [],
    name: '',
    avatar: '',
  })
})
afterEach(() => vi.clearAllMocks())

describe('session store (spec §3-§4)', () => {
  it('login stores the token through the platform (cookie) and the user info locally', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ token: 'tk-1', userInfoDto })
    expect(isLoggedIn()).toBe(false)
    await useSessionStore
      .getState()
      .login({ username: '  player1 ', password: 'cipher', code: '1234', uuid: 'u' })
    expect(authApi.login).toHaveBeenCalledWith({
      username: 'player1',
      password: 'cipher',
      code: '1234',
      uuid: 'u',
    })
    expect(getCookie(TOKEN_COOKIE)).toBe('tk-1')
    expect(JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY)!)).toEqual(userInfoDto)
    expect(useSessionStore.getState().token).toBe('tk-1')
    expect(isLoggedIn()).toBe(true)
  })

  it('hydrate reads the token and the stored user info', () => {
    document.cookie = `${TOKEN_COOKIE}=tk-2; path=/`
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(userInfoDto))
    useSessionStore.getState().hydrate()
    expect(useSessionStore.getState().token).toBe('tk-2')
    expect(useSessionStore.getState().userInfo?.nickName).toBe('小明')
  })

  it('getInfo fills name, avatar, roles and permissions; no roles → ROLE_DEFAULT', async () => {
    vi.mocked(authApi.getInfo).mockResolvedValue({
      user: { ...userInfoDto, avatar: '/a.png', phone: '', email: '', createdAt: 1, lastLoginAt: null },
      roles: [],
      permissions: ['goods:list'],
    })
    const result = await useSessionStore.getState().getInfo()
    const state = useSessionStore.getState()
    expect(state.roles).toEqual([ROLE_DEFAULT])
    expect(result.roles).toEqual([ROLE_DEFAULT])
    expect(state.permissions).toEqual(['goods:list'])
    expect(state.name).toBe('player1')
    expect(state.avatar).toBe('/a.png')
  })

  it('keeps the roles the server gives', async () => {
    vi.mocked(authApi.getInfo).mockResolvedValue({
      user: { ...userInfoDto, phone: '', email: '', createdAt: 1, lastLoginAt: null },
      roles: ['seller'],
      permissions: [],
    })
    await useSessionStore.getState().getInfo()
    expect(useSessionStore.getState().roles).toEqual(['seller'])
  })

  it('logout calls the server, clears everything and reloads — even when the call fails', async () => {
    document.cookie = `${TOKEN_COOKIE}=tk-3; path=/`
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(userInfoDto))
    useSessionStore.setState({ token: 'tk-3', roles: ['seller'], permissions: ['x'], userInfo: userInfoDto })
    vi.mocked(authApi.logout).mockRejectedValue(new Error('network'))
    await useSessionStore.getState().logout()
    expect(authApi.logout).toHaveBeenCalledTimes(1)
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined()
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull()
    const state = useSessionStore.getState()
    expect([state.token, state.roles, state.permissions, state.userInfo]).toEqual([undefined, [], [], null])
    expect(page.reloadPage).toHaveBeenCalledTimes(1)
  })
})

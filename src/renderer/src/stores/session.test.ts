import { beforeEach, describe, expect, it } from 'vitest'
import { ROLE_DEFAULT, TOKEN_COOKIE, USER_INFO_STORAGE_KEY } from '@shared/constants'
import { getCookie } from '@renderer/utils/cookie'
import { displayName, isLoggedIn, useSessionStore } from './session'

const userInfoDto = { userId: 7, userName: 'player1', nickName: '小明', code: 'U0007', avatar: '' }
const profile = { ...userInfoDto, avatar: '/a.png', phone: '', email: '', createdAt: 1, lastLoginAt: null }

beforeEach(() => useSessionStore.getState().clear())

describe('session store', () => {
  it('signIn keeps the token through the platform (cookie) and the user info locally', async () => {
    expect(isLoggedIn()).toBe(false)
    await useSessionStore.getState().signIn({ token: 'tk-1', userInfoDto })
    expect(getCookie(TOKEN_COOKIE)).toBe('tk-1')
    expect(JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY)!)).toEqual(userInfoDto)
    expect(useSessionStore.getState().token).toBe('tk-1')
    expect(isLoggedIn()).toBe(true)
    expect(displayName(useSessionStore.getState())).toBe('小明')
  })

  it('signIn refuses an answer without a token', async () => {
    await expect(useSessionStore.getState().signIn({ token: '', userInfoDto })).rejects.toThrow(
      '登录失败：服务器未返回登录凭证',
    )
    expect(isLoggedIn()).toBe(false)
  })

  it('hydrate reads the token and the stored user info', () => {
    document.cookie = `${TOKEN_COOKIE}=tk-2; path=/`
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(userInfoDto))
    useSessionStore.getState().hydrate()
    expect(useSessionStore.getState().token).toBe('tk-2')
    expect(useSessionStore.getState().userInfo?.nickName).toBe('小明')
  })

  it('applyInfo takes roles (ROLE_DEFAULT when none) and permissions; the profile stands in for a missing user info', () => {
    useSessionStore.getState().applyInfo({ user: profile, roles: [], permissions: ['goods:list'] })
    const state = useSessionStore.getState()
    expect(state.roles).toEqual([ROLE_DEFAULT])
    expect(state.permissions).toEqual(['goods:list'])
    expect(state.userInfo).toEqual({ ...userInfoDto, avatar: '/a.png' })
    useSessionStore.getState().applyInfo({ user: profile, roles: ['seller'], permissions: [] })
    expect(useSessionStore.getState().roles).toEqual(['seller'])
  })

  it('keeps the user info of the login over the profile', async () => {
    await useSessionStore.getState().signIn({ token: 'tk-4', userInfoDto })
    useSessionStore
      .getState()
      .applyInfo({ user: { ...profile, nickName: '别名' }, roles: [], permissions: [] })
    expect(displayName(useSessionStore.getState())).toBe('小明')
  })

  it('clear forgets token, user info, roles and permissions', async () => {
    await useSessionStore.getState().signIn({ token: 'tk-3', userInfoDto })
    useSessionStore.getState().applyInfo({ user: profile, roles: ['seller'], permissions: ['x'] })
    useSessionStore.getState().clear()
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined()
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull()
    const state = useSessionStore.getState()
    expect([state.token, state.roles, state.permissions, state.userInfo]).toEqual([undefined, [], [], null])
  })
})

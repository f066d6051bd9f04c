/**
 * The session (spec §3-§4): token, name, avatar, roles, permissions, and the login's userInfoDto
 * (kept in localStorage). The token itself lives where the platform keeps it (web: the cookie
 * `Authorization`; desktop: the OS keychain); "logged in" means a token is present.
 */
import { create } from 'zustand'
import { ROLE_DEFAULT, USER_INFO_STORAGE_KEY } from '@shared/constants'
import type { GetInfoResult, LoginBody, LoginResult, UserInfoDto, UserProfile } from '@shared/api/types'
import * as authApi from '@renderer/api/auth'
import { platform } from '@renderer/platform'
import { reloadPage } from '@renderer/utils/page'
import { useMenuStore } from './menu'

export interface SessionState {
  token: string | undefined
  name: string
  avatar: string
  roles: string[]
  permissions: string[]
  userInfo: UserInfoDto | null
  profile: UserProfile | null
  /** read the token and the stored user info (after platform.init()) */
  hydrate(): void
  /** POST /login with an already encrypted password; stores the token and the user info */
  login(body: LoginBody): Promise<LoginResult>
  /** GET /getInfo: user, roles (ROLE_DEFAULT when none), permissions */
  getInfo(): Promise<GetInfoResult>
  /** POST /logout, forget everything, reload the page */
  logout(): Promise<void>
  /** forget the login without calling the server or reloading (session ended, 401) */
  clear(): void
}

export function readStoredUserInfo(): UserInfoDto | null {
  try {
    const raw = localStorage.getItem(USER_INFO_STORAGE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as UserInfoDto) : null
  } catch {
    return null
  }
}

const empty = { name: '', avatar: '', roles: [] as string[], permissions: [] as string[], profile: null }

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: undefined,
  userInfo: null,
  ...empty,
  hydrate() {
    const token = platform.getToken()
    set({ token, userInfo: token ? readStoredUserInfo() : null })
  },
  async login(body) {
    const result = await authApi.login({ ...body, username: body.username.trim() })
    if (!result.token) throw new Error('登录失败：服务器未返回登录凭证')
    await platform.setToken(result.token)
    if (result.userInfoDto) localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(result.userInfoDto))
    set({ token: result.token, userInfo: result.userInfoDto ?? null, ...empty })
    return result
  },
  async getInfo() {
    const result = await authApi.getInfo()
    const roles = Array.isArray(result.roles) && result.roles.length > 0 ? result.roles : [ROLE_DEFAULT]
    set({
      name: result.user?.userName ?? '',
      avatar: result.user?.avatar ?? '',
      roles,
      permissions: Array.isArray(result.permissions) ? result.permissions : [],
      profile: result.user ?? null,
    })
    return { ...result, roles }
  },
  async logout() {
    try {
      await authApi.logout()
    } catch {
      // the local session ends whatever the server answered
    }
    get().clear()
    reloadPage()
  },
  clear() {
    void platform.clearToken()
    localStorage.removeItem(USER_INFO_STORAGE_KEY)
    set({ token: undefined, userInfo: null, ...empty })
    useMenuStore.getState().reset()
  },
}))

/** Logged in = a token is present (spec §4). */
export function isLoggedIn(): boolean {
  return Boolean(platform.getToken())
}

/** The name to greet the user with. */
export function displayName(state: Pick<SessionState, 'userInfo' | 'profile' | 'name'>): string {
  return (
    state.userInfo?.nickName || state.profile?.nickName || state.userInfo?.userName || state.name || '用户'
  )
}

/**
 * The session (client state): the token, the user the login answered (kept in localStorage), and the
 * roles and permissions the guards check. The token itself lives where the platform keeps it (web:
 * the cookie `Authorization`; desktop: the OS keychain); "logged in" means a token is present.
 * Server calls are in api/auth.ts (login, logout, the current user's query), which update this store.
 */
import { create } from 'zustand'
import { ROLE_DEFAULT, USER_INFO_STORAGE_KEY } from '@shared/constants'
import type { GetInfoResult, LoginResult, UserInfoDto } from '@shared/api/auth'
import { platform } from '@renderer/platform'

export interface SessionState {
  token: string | undefined
  userInfo: UserInfoDto | null
  /** from GET /getInfo; ROLE_DEFAULT when the server gives none */
  roles: string[]
  permissions: string[]
  /** read the token and the stored user info (after platform.init()) */
  hydrate(): void
  /** keep the token and the user of a successful login */
  signIn(result: LoginResult): Promise<void>
  /** the roles and permissions of GET /getInfo; its profile stands in for a user info not kept */
  applyInfo(info: GetInfoResult): void
  /** forget the login without calling the server or reloading (logout, session ended, 401) */
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

const signedOut = { token: undefined, userInfo: null, roles: [] as string[], permissions: [] as string[] }

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...signedOut,
  hydrate() {
    const token = platform.getToken()
    set({ token, userInfo: token ? readStoredUserInfo() : null })
  },
  async signIn(result) {
    if (!result.token) throw new Error('登录失败：服务器未返回登录凭证')
    await platform.setToken(result.token)
    if (result.userInfoDto) localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(result.userInfoDto))
    set({ ...signedOut, token: result.token, userInfo: result.userInfoDto ?? null })
  },
  applyInfo(info) {
    const user = info.user
    set({
      roles: Array.isArray(info.roles) && info.roles.length > 0 ? info.roles : [ROLE_DEFAULT],
      permissions: Array.isArray(info.permissions) ? info.permissions : [],
      userInfo:
        get().userInfo ??
        (user
          ? {
              userId: user.userId,
              userName: user.userName,
              nickName: user.nickName,
              code: user.code,
              avatar: user.avatar,
            }
          : null),
    })
  },
  clear() {
    void platform.clearToken()
    localStorage.removeItem(USER_INFO_STORAGE_KEY)
    set(signedOut)
  },
}))

/** Logged in = a token is present. */
export function isLoggedIn(): boolean {
  return Boolean(platform.getToken())
}

/** The name to greet the user with. */
export function displayName(state: Pick<SessionState, 'userInfo'>): string {
  return state.userInfo?.nickName || state.userInfo?.userName || '用户'
}

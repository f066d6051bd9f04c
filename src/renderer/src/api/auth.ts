/**
 * Login, registration, logout and the logged-in user: query keys, queries and mutations. The
 * session store (stores/session.ts) keeps the token and what the guards need; these update it. For
 * staff: 用户管理, and 角色管理 and 菜单管理 (docs/console.md), whose every change can alter what the
 * staff member at the keyboard may do, so it also refetches the caller's getInfo and getRouters.
 */
import { useEffect } from 'react'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import {
  AUTH,
  ROLE_STAFF,
  USER_STAFF,
  type GetInfoResult,
  type RoleBody,
  type RoleEditBody,
  type RoleQuery,
  type Status,
  type StaffUserQuery,
} from '@shared/api/auth'
import { MENU_STAFF, type MenuBody, type MenuEditBody } from '@shared/api/system'
import { ROLE_DEFAULT } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { reloadPage } from '@renderer/utils/page'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { systemKeys } from './system'

export const authKeys = {
  all: ['auth'] as const,
  captcha: ['auth', 'captcha'] as const,
  info: ['auth', 'info'] as const,
}

/** A captcha is used once: a new one each time the form shows, none kept after it (gcTime 0). */
export const captchaQuery = () =>
  queryOptions({
    queryKey: authKeys.captcha,
    queryFn: () => call(AUTH.captcha, {}, { skipAuth: true }),
    staleTime: 0,
    gcTime: 0,
  })

/** The logged-in user's profile, roles (ROLE_DEFAULT when none) and permissions; once per login. */
export const userInfoQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: authKeys.info,
    queryFn: async (): Promise<GetInfoResult> => {
      const info = await call(AUTH.info, {})
      return {
        ...info,
        roles: Array.isArray(info.roles) && info.roles.length > 0 ? info.roles : [ROLE_DEFAULT],
        permissions: Array.isArray(info.permissions) ? info.permissions : [],
      }
    },
    enabled,
    staleTime: Infinity,
  })

/**
 * The logged-in user (no call for a visitor); the session store takes its roles and permissions.
 * `fresh`: ask the server again on mount (the personal centre shows the last login).
 */
export function useUserInfo({ fresh = false }: { fresh?: boolean } = {}) {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const applyInfo = useSessionStore((s) => s.applyInfo)
  const query = useQuery({
    ...userInfoQuery(loggedIn),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  })
  useEffect(() => {
    if (query.data) applyInfo(query.data)
  }, [query.data, applyInfo])
  return query
}

export interface LoginValues {
  username: string
  /** in clear: encrypted before it is sent */
  password: string
  code?: string
  uuid?: string
}

/** Encrypts the password, logs in (the form shows a refusal itself) and keeps the session. */
export function useLogin() {
  const signIn = useSessionStore((s) => s.signIn)
  return useChangeMutation(
    async ({ password, ...rest }: LoginValues) => {
      const { encryptPasswords } = await import('./encrypt')
      const [cipher] = await encryptPasswords(password)
      const result = await call(
        AUTH.login,
        { body: { ...rest, username: rest.username.trim(), password: cipher! } },
        { skipAuth: true, errors: 'caller' },
      )
      await signIn(result)
      return result
    },
    { errors: 'caller' },
  )
}

export interface RegisterValues {
  username: string
  password: string
  confirmPassword: string
  nickName?: string
  phone?: string
  smsCode?: string
  /** the user, buyer, seller and privacy agreements were ticked */
  agreed: boolean
  code?: string
  uuid?: string
}

/** Encrypts both passwords and registers (the form shows a refusal itself). */
/** Registers; the server answers with a session, so the new user is logged in. */
export function useRegister() {
  const signIn = useSessionStore((s) => s.signIn)
  return useChangeMutation(
    async ({ password, confirmPassword, ...rest }: RegisterValues) => {
      const { encryptPasswords } = await import('./encrypt')
      const [cipher, confirmCipher] = await encryptPasswords(password, confirmPassword)
      const result = await call(
        AUTH.register,
        { body: { ...rest, password: cipher!, confirmPassword: confirmCipher! } },
        { skipAuth: true, errors: 'caller' },
      )
      await signIn(result)
      return result
    },
    { errors: 'caller' },
  )
}

/** A login code to a bound phone (the server answers the same for an unknown number). */
export function useSendLoginCode() {
  return useChangeMutation(
    (phone: string) => call(AUTH.loginSmsSend, { body: { phone } }, { skipAuth: true, errors: 'caller' }),
    { errors: 'caller' },
  )
}

/** Login by the phone's SMS code (docs/account-security.md). */
export function useLoginSms() {
  const signIn = useSessionStore((s) => s.signIn)
  return useChangeMutation(
    async (body: { phone: string; smsCode: string }) => {
      const result = await call(AUTH.loginSms, { body }, { skipAuth: true, errors: 'caller' })
      await signIn(result)
      return result
    },
    { errors: 'caller' },
  )
}

/** Tells the server, forgets the session whatever it answered, and reloads the page. */
export function useLogout() {
  return useChangeMutation(() => call(AUTH.logout, {}).catch(() => undefined), {
    onSettled: () => {
      useSessionStore.getState().clear()
      reloadPage()
    },
  })
}

// ------------------------------------------------------------------ staff: 用户管理 (docs/console.md)

export const authStaffKeys = {
  users: ['staff', 'user'] as const,
  userList: (query: StaffUserQuery) => ['staff', 'user', query] as const,
  roleOptions: ['staff', 'user', 'roleOptions'] as const,
  roles: ['staff', 'role'] as const,
  roleList: (q: RoleQuery) => ['staff', 'role', 'list', q] as const,
  role: (roleId: number) => ['staff', 'role', 'detail', roleId] as const,
  menuTree: ['staff', 'role', 'menuTree'] as const,
  menus: ['staff', 'menu'] as const,
}

export const staffUsersQuery = (query: StaffUserQuery) =>
  queryOptions({
    queryKey: authStaffKeys.userList(query),
    queryFn: () => call(USER_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: authStaffKeys.roleOptions,
    queryFn: () => call(USER_STAFF.roles, {}),
    staleTime: 60_000,
  })

const useUserMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [authStaffKeys.users], '操作成功')

export const useLockUser = () =>
  useUserMutation((body: { userId: number; locked: boolean; reason: string }) =>
    call(USER_STAFF.lock, { body }),
  )
/** The page shows the temporary password (once): nothing to refetch. */
export const useResetUserPassword = () =>
  useChangeMutation((userId: number) => call(USER_STAFF.resetPwd, { body: { userId } }), [])
export const useSetUserRoles = () =>
  useUserMutation((body: { userId: number; roleKeys: string[] }) => call(USER_STAFF.setRoles, { body }))

// ------------------------------------------------------------------ staff: 角色管理 and 菜单管理 (docs/console.md)

export const rolesQuery = (query: RoleQuery) =>
  queryOptions({
    queryKey: authStaffKeys.roleList(query),
    queryFn: () => call(ROLE_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const roleDetailQuery = (roleId: number) =>
  queryOptions({
    queryKey: authStaffKeys.role(roleId),
    queryFn: () => call(ROLE_STAFF.detail, { params: { roleId } }),
  })

export const roleMenuTreeQuery = () =>
  queryOptions({ queryKey: authStaffKeys.menuTree, queryFn: () => call(ROLE_STAFF.menuTree, {}) })

export const consoleMenusQuery = () =>
  queryOptions({ queryKey: authStaffKeys.menus, queryFn: () => call(MENU_STAFF.list, {}) })

const useAccessMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(
    fn,
    [authStaffKeys.roles, authStaffKeys.menus, authStaffKeys.users, authKeys.info, systemKeys.routers],
    done,
  )

export const useAddRole = () =>
  useAccessMutation((body: RoleBody) => call(ROLE_STAFF.add, { body }), '角色已新增')
export const useEditRole = () =>
  useAccessMutation((body: RoleEditBody) => call(ROLE_STAFF.edit, { body }), '角色已保存')
export const useRoleStatus = () =>
  useAccessMutation(
    (body: { roleId: number; status: Status }) => call(ROLE_STAFF.status, { body }),
    '状态已更新',
  )
export const useRemoveRole = () =>
  useAccessMutation((roleId: number) => call(ROLE_STAFF.remove, { body: { roleId } }), '角色已删除')

export const useAddMenu = () =>
  useAccessMutation((body: MenuBody) => call(MENU_STAFF.add, { body }), '菜单已新增')
export const useEditMenu = () =>
  useAccessMutation((body: MenuEditBody) => call(MENU_STAFF.edit, { body }), '菜单已保存')
export const useRemoveMenu = () =>
  useAccessMutation((menuId: number) => call(MENU_STAFF.remove, { body: { menuId } }), '菜单已删除')

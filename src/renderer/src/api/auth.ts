/**
 * Login, registration, logout and the logged-in user: query keys, queries and mutations. The
 * session store (stores/session.ts) keeps the token and what the guards need; these update it.
 */
import { useEffect } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { AUTH, type GetInfoResult } from '@shared/api/auth'
import { ROLE_DEFAULT } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { reloadPage } from '@renderer/utils/page'
import { call } from './client'
import { useChangeMutation } from './mutation'

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
export function useRegister() {
  return useChangeMutation(
    async ({ password, confirmPassword, ...rest }: RegisterValues) => {
      const { encryptPasswords } = await import('./encrypt')
      const [cipher, confirmCipher] = await encryptPasswords(password, confirmPassword)
      await call(
        AUTH.register,
        { body: { ...rest, password: cipher!, confirmPassword: confirmCipher! } },
        { skipAuth: true, errors: 'caller' },
      )
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

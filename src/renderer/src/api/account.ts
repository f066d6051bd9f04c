/**
 * Account and identity: one-time codes, login password change and reset, phone rebinding, real
 * name, payment-password reset, profile, the settings hub (security, devices, log) and account
 * cancellation — query keys (root 'account'), query options and mutations. Passwords are
 * RSA-encrypted here, on their way out. Forms show refusals themselves (errors: 'caller').
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryOf } from '@shared/api/contract'
import type { GetInfoResult } from '@shared/api/auth'
import {
  ACCOUNT,
  ACCOUNT_STAFF,
  type PhoneBindBody,
  type PhoneVerifyOldBody,
  type SendCodeBody,
  type UpdateProfileBody,
  type RealNameReview,
} from '@shared/api/account'
import { useSessionStore } from '@renderer/stores/session'
import { authKeys } from './auth'
import { call } from './client'
import { encryptPasswords } from './encrypt'
import { fundsKeys } from './funds'
import { goodsKeys } from './goods'

const caller = { errors: 'caller' } as const

export const accountKeys = {
  all: ['account'] as const,
  security: ['account', 'security'] as const,
  realName: ['account', 'realName'] as const,
  profile: ['account', 'profile'] as const,
  sessions: ['account', 'sessions'] as const,
  securityLog: (pageNum: number) => ['account', 'securityLog', pageNum] as const,
  writeoff: ['account', 'writeoff'] as const,
}

export const securityQuery = () =>
  queryOptions({ queryKey: accountKeys.security, queryFn: () => call(ACCOUNT.security, {}, caller) })
export const realNameQuery = () =>
  queryOptions({ queryKey: accountKeys.realName, queryFn: () => call(ACCOUNT.realName, {}, caller) })
export const profileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile, queryFn: () => call(ACCOUNT.profile, {}, caller) })
export const sessionsQuery = () =>
  queryOptions({ queryKey: accountKeys.sessions, queryFn: () => call(ACCOUNT.sessions, {}, caller) })
export const securityLogQuery = (pageNum: number) =>
  queryOptions({
    queryKey: accountKeys.securityLog(pageNum),
    queryFn: () => call(ACCOUNT.securityLog, { query: { pageNum, pageSize: 10 } }, caller),
  })
export const writeoffQuery = () =>
  queryOptions({ queryKey: accountKeys.writeoff, queryFn: () => call(ACCOUNT.writeoff, {}, caller) })

/** Invalidates the whole account root (every change here may move the security level). */
function useInvalidateAccount() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all })
}

/** A code to the caller's phone (PHONE_NEW: to the given number). */
export function useSendCode() {
  return useMutation({ mutationFn: (body: SendCodeBody) => call(ACCOUNT.sendCode, { body }, caller) })
}

export function useSendRegisterCode() {
  return useMutation({
    mutationFn: (phone: string) =>
      call(ACCOUNT.sendRegisterCode, { body: { phone } }, { ...caller, skipAuth: true }),
  })
}

/** Changes the login password (both plain here); the other sessions end on the server. */
export function useChangePassword() {
  const invalidate = useInvalidateAccount()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (values: { oldPassword: string; newPassword: string }) => {
      const [oldPassword, newPassword] = await encryptPasswords(values.oldPassword, values.newPassword)
      await call(
        ACCOUNT.changePassword,
        { body: { oldPassword: oldPassword!, newPassword: newPassword! } },
        caller,
      )
    },
    onSuccess: () => {
      // a password staff reset has now been changed: the server cleared the flag, the gate lets go
      queryClient.setQueryData<GetInfoResult>(authKeys.info, (info) =>
        info ? { ...info, mustChangePassword: undefined } : info,
      )
      void queryClient.invalidateQueries({ queryKey: authKeys.info })
      return invalidate()
    },
  })
}

export function useForgetSend() {
  return useMutation({
    mutationFn: (username: string) =>
      call(ACCOUNT.forgetSend, { body: { username } }, { ...caller, skipAuth: true }),
  })
}

export function useForgetReset() {
  return useMutation({
    mutationFn: async (values: { username: string; smsCode: string; password: string }) => {
      const [password] = await encryptPasswords(values.password)
      await call(
        ACCOUNT.forgetReset,
        { body: { ...values, password: password! } },
        { ...caller, skipAuth: true },
      )
    },
  })
}

export function usePhoneVerifyOld() {
  return useMutation({
    mutationFn: (body: PhoneVerifyOldBody) => call(ACCOUNT.phoneVerifyOld, { body }, caller),
  })
}

export function usePhoneBind() {
  const invalidate = useInvalidateAccount()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PhoneBindBody) => call(ACCOUNT.phoneBind, { body }, caller),
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: authKeys.info })])
    },
  })
}

export function useVerifyRealName() {
  const invalidate = useInvalidateAccount()
  return useMutation({
    mutationFn: (body: { realName: string; idNumber: string }) =>
      call(ACCOUNT.verifyRealName, { body }, caller),
    onSuccess: invalidate,
  })
}

export function useRequestRealNameReview() {
  const invalidate = useInvalidateAccount()
  return useMutation({
    mutationFn: (body: { realName: string; idNumber: string; reason: string }) =>
      call(ACCOUNT.requestRealNameReview, { body }, caller),
    onSuccess: invalidate,
  })
}

export function useResetPayPassword() {
  const invalidate = useInvalidateAccount()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (values: {
      smsCode: string
      realName: string
      idNumber: string
      payPassword: string
    }) => {
      const [payPassword] = await encryptPasswords(values.payPassword)
      await call(ACCOUNT.resetPayPassword, { body: { ...values, payPassword: payPassword! } }, caller)
    },
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: fundsKeys.wallet })])
    },
  })
}

/** Profile changes show at once in the header (the user info) and the shop (goods queries). */
function useInvalidateProfile() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.info }),
      queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
    ])
}

export function useUpdateProfile() {
  const invalidate = useInvalidateProfile()
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => call(ACCOUNT.updateProfile, { body }, caller),
    onSuccess: invalidate,
  })
}

export function useUpdateAvatar() {
  const invalidate = useInvalidateProfile()
  return useMutation({
    mutationFn: (imageId: string) => call(ACCOUNT.updateAvatar, { body: { imageId } }, caller),
    onSuccess: invalidate,
  })
}

export function useSendEmailCode() {
  return useMutation({
    mutationFn: (email: string) => call(ACCOUNT.sendEmailCode, { body: { email } }, caller),
  })
}

export function useBindEmail() {
  const invalidate = useInvalidateProfile()
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => call(ACCOUNT.bindEmail, { body }, caller),
    onSuccess: invalidate,
  })
}

export function useEndSession() {
  const invalidate = useInvalidateAccount()
  return useMutation({
    mutationFn: (sessionId: string) => call(ACCOUNT.endSession, { body: { sessionId } }, caller),
    onSuccess: invalidate,
  })
}

/** Requests the cancellation; every session ends on the server (the page then forgets the login). */
export function useRequestWriteoff() {
  return useMutation({
    mutationFn: (smsCode: string) => call(ACCOUNT.requestWriteoff, { body: { smsCode } }, caller),
  })
}

/** Forgets the login here after the server ended it (no call, no reload). */
export const forgetLogin = () => useSessionStore.getState().clear()

export function useCancelWriteoff() {
  const invalidate = useInvalidateAccount()
  return useMutation({
    mutationFn: () => call(ACCOUNT.cancelWriteoff, {}, caller),
    onSuccess: invalidate,
  })
}

// ---------------------------------------------------------------- staff: manual real-name reviews

export type RealNameReviewQuery = QueryOf<typeof ACCOUNT_STAFF.realNameReviews>
export type { RealNameReview }

export const realNameReviewsQuery = (query: RealNameReviewQuery) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'staffReviews', query] as const,
    queryFn: () => call(ACCOUNT_STAFF.realNameReviews, { query }),
  })

/** 实名审核: approve (the identity replaces the account's) or reject with a remark the user reads. */
export function useDecideRealNameReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { reviewId: number; approve: boolean; remark?: string }) =>
      call(ACCOUNT_STAFF.decideRealNameReview, { body }, caller),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountKeys.all, 'staffReviews'] }),
  })
}

/**
 * Account and identity: one-time codes, login password change and reset, phone rebinding, real
 * name, payment-password reset, profile, the settings hub (security, devices, log) and account
 * cancellation — query keys (root 'account'), query options and mutations. Passwords are
 * RSA-encrypted here, on their way out. Forms show refusals themselves (errors: 'caller').
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
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
import { useChangeMutation } from './mutation'

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

/** Every change here may move the security level: the whole account root refetches. */
const ACCOUNT_ROOT = [accountKeys.all] as const
/** Profile changes show at once in the header (the user info) and the shop (goods queries). */
const PROFILE_KEYS = [accountKeys.all, authKeys.info, goodsKeys.all] as const

/** A code to the caller's phone (PHONE_NEW: to the given number); the code input shows a refusal. */
export function useSendCode() {
  return useChangeMutation((body: SendCodeBody) => call(ACCOUNT.sendCode, { body }, caller), {
    errors: 'caller',
  })
}

export function useSendRegisterCode() {
  return useChangeMutation(
    (phone: string) => call(ACCOUNT.sendRegisterCode, { body: { phone } }, { ...caller, skipAuth: true }),
    { errors: 'caller' },
  )
}

/** Changes the login password (both plain here); the other sessions end on the server. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async (values: { oldPassword: string; newPassword: string }) => {
      const [oldPassword, newPassword] = await encryptPasswords(values.oldPassword, values.newPassword)
      await call(
        ACCOUNT.changePassword,
        { body: { oldPassword: oldPassword!, newPassword: newPassword! } },
        caller,
      )
    },
    {
      errors: 'caller',
      // a password staff reset has now been changed: the server cleared the flag, the gate lets go
      onSuccess: () =>
        queryClient.setQueryData<GetInfoResult>(authKeys.info, (info) =>
          info ? { ...info, mustChangePassword: undefined } : info,
        ),
      keys: [authKeys.info, ...ACCOUNT_ROOT],
    },
  )
}

export function useForgetSend() {
  return useChangeMutation(
    (username: string) => call(ACCOUNT.forgetSend, { body: { username } }, { ...caller, skipAuth: true }),
    { errors: 'caller' },
  )
}

export function useForgetReset() {
  return useChangeMutation(
    async (values: { username: string; smsCode: string; password: string }) => {
      const [password] = await encryptPasswords(values.password)
      await call(
        ACCOUNT.forgetReset,
        { body: { ...values, password: password! } },
        { ...caller, skipAuth: true },
      )
    },
    { errors: 'caller' },
  )
}

export function usePhoneVerifyOld() {
  return useChangeMutation((body: PhoneVerifyOldBody) => call(ACCOUNT.phoneVerifyOld, { body }, caller), {
    errors: 'caller',
  })
}

export function usePhoneBind() {
  return useChangeMutation((body: PhoneBindBody) => call(ACCOUNT.phoneBind, { body }, caller), {
    errors: 'caller',
    keys: [...ACCOUNT_ROOT, authKeys.info],
  })
}

export function useVerifyRealName() {
  return useChangeMutation(
    (body: { realName: string; idNumber: string }) => call(ACCOUNT.verifyRealName, { body }, caller),
    { errors: 'caller', keys: ACCOUNT_ROOT },
  )
}

export function useRequestRealNameReview() {
  return useChangeMutation(
    (body: { realName: string; idNumber: string; reason: string }) =>
      call(ACCOUNT.requestRealNameReview, { body }, caller),
    { errors: 'caller', keys: ACCOUNT_ROOT },
  )
}

export function useResetPayPassword() {
  return useChangeMutation(
    async (values: { smsCode: string; realName: string; idNumber: string; payPassword: string }) => {
      const [payPassword] = await encryptPasswords(values.payPassword)
      await call(ACCOUNT.resetPayPassword, { body: { ...values, payPassword: payPassword! } }, caller)
    },
    { errors: 'caller', keys: [...ACCOUNT_ROOT, fundsKeys.wallet] },
  )
}

export function useUpdateProfile() {
  return useChangeMutation((body: UpdateProfileBody) => call(ACCOUNT.updateProfile, { body }, caller), {
    errors: 'caller',
    keys: PROFILE_KEYS,
  })
}

/** The avatar page toasts a refusal itself (after the upload, with its own fallback). */
export function useUpdateAvatar() {
  return useChangeMutation((imageId: string) => call(ACCOUNT.updateAvatar, { body: { imageId } }, caller), {
    errors: 'caller',
    keys: PROFILE_KEYS,
  })
}

export function useSendEmailCode() {
  return useChangeMutation((email: string) => call(ACCOUNT.sendEmailCode, { body: { email } }, caller), {
    errors: 'caller',
  })
}

export function useBindEmail() {
  return useChangeMutation(
    (body: { email: string; code: string }) => call(ACCOUNT.bindEmail, { body }, caller),
    { errors: 'caller', keys: PROFILE_KEYS },
  )
}

export function useEndSession() {
  return useChangeMutation((sessionId: string) => call(ACCOUNT.endSession, { body: { sessionId } }, caller), {
    errors: 'caller',
    keys: ACCOUNT_ROOT,
  })
}

/** Requests the cancellation; every session ends on the server (the page then forgets the login). */
export function useRequestWriteoff() {
  return useChangeMutation(
    (smsCode: string) => call(ACCOUNT.requestWriteoff, { body: { smsCode } }, caller),
    { errors: 'caller' },
  )
}

/** Forgets the login here after the server ended it (no call, no reload). */
export const forgetLogin = () => useSessionStore.getState().clear()

/** Withdraws the cancellation request (a refusal: a toast, the page has no place for it). */
export function useCancelWriteoff() {
  return useChangeMutation(() => call(ACCOUNT.cancelWriteoff, {}, caller), { keys: ACCOUNT_ROOT })
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
  return useChangeMutation(
    (body: { reviewId: number; approve: boolean; remark?: string }) =>
      call(ACCOUNT_STAFF.decideRealNameReview, { body }, caller),
    { keys: [[...accountKeys.all, 'staffReviews']] },
  )
}

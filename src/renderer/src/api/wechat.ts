/**
 * The WeChat official account: scan-to-login, /bind.html, the binding card of account settings and
 * its switches: query keys (root 'wechat'), query options and mutations (docs/wechat.md).
 */
import { queryOptions } from '@tanstack/react-query'
import { WECHAT, type WechatBinding, type WechatQrPurpose, type WechatTemplateKey } from '@shared/api/wechat'
import { useSessionStore } from '@renderer/stores/session'
import { absoluteUrlOf, call } from './client'
import { useChangeMutation } from './mutation'
import { encryptPasswords } from './encrypt'

const caller = { errors: 'caller' } as const

/** How often a page asks whether its QR code was scanned. */
export const WECHAT_POLL_MS = 2000

export const wechatKeys = {
  all: ['wechat'] as const,
  binding: ['wechat', 'binding'] as const,
  login: (sceneId: string) => ['wechat', 'login', sceneId] as const,
  bind: (sceneId: string) => ['wechat', 'bind', sceneId] as const,
}

/** A new temporary QR code (LOGIN for anyone, BIND for me). */
export const useBuildQrCode = () =>
  useChangeMutation((purpose: WechatQrPurpose) => call(WECHAT.buildQRCode, { body: { purpose } }, caller), {
    errors: 'caller',
  })

/** The login poll of /offLogin.html; stops by itself once the answer is final. */
export const officialLoginQuery = (sceneId: string) =>
  queryOptions({
    queryKey: wechatKeys.login(sceneId),
    queryFn: () => call(WECHAT.checkOfficialLogin, { query: { sceneId } }, { ...caller, skipAuth: true }),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'WAITING' ? false : WECHAT_POLL_MS),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

/** The binding poll of account settings. */
export const bindResultQuery = (sceneId: string) =>
  queryOptions({
    queryKey: wechatKeys.bind(sceneId),
    queryFn: () => call(WECHAT.getUserBindOfficialResult, { query: { sceneId } }, caller),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'WAITING' ? false : WECHAT_POLL_MS),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

/** My binding and switches. */
export const wechatBindingQuery = () =>
  queryOptions({ queryKey: wechatKeys.binding, queryFn: () => call(WECHAT.binding, {}, caller) })

/** The sandbox phone page of a QR code, in the shell's API origin (demo and test installs). */
export function sandboxPhoneUrl(sandboxUrl: string): string {
  const scene = new URL(sandboxUrl, 'http://x').searchParams.get('scene') ?? ''
  return absoluteUrlOf(WECHAT.sandboxPhone, { query: { scene } }, new URLSearchParams({ scene }).toString())
}

/** Keeps the session a scan or /bind.html answered. */
export function useWechatSignIn() {
  return useSessionStore((s) => s.signIn)
}

export interface BindLoginValues {
  bindTicket: string
  username: string
  password: string
  code?: string
  uuid?: string
}

/** /bind.html: log in to an existing account and bind; keeps the session. */
export function useBindLogin() {
  const signIn = useWechatSignIn()
  return useChangeMutation(
    async ({ password, ...rest }: BindLoginValues) => {
      const [cipher] = await encryptPasswords(password)
      const result = await call(
        WECHAT.bindLogin,
        { body: { ...rest, username: rest.username.trim(), password: cipher! } },
        { ...caller, skipAuth: true },
      )
      await signIn(result)
      return result
    },
    { errors: 'caller' },
  )
}

export interface BindRegisterValues extends BindLoginValues {
  confirmPassword: string
  nickName?: string
  /** the agreements ticked */
  agreed: boolean
}

/** /bind.html: register a new account, bind, and keep the session. */
export function useBindRegister() {
  const signIn = useWechatSignIn()
  return useChangeMutation(
    async ({ password, confirmPassword, ...rest }: BindRegisterValues) => {
      const [cipher, confirmCipher] = await encryptPasswords(password, confirmPassword)
      const result = await call(
        WECHAT.bindRegister,
        {
          body: {
            ...rest,
            username: rest.username.trim(),
            password: cipher!,
            confirmPassword: confirmCipher!,
          },
        },
        { ...caller, skipAuth: true },
      )
      await signIn(result)
      return result
    },
    { errors: 'caller' },
  )
}

export const useUnbindWechat = () =>
  useChangeMutation(() => call(WECHAT.unbindUserOfficial, {}, caller), {
    keys: [wechatKeys.binding],
    errors: 'caller',
  })

/** The master switch; the card shows the new state at once. */
export const useUpdateIsSend = () =>
  useChangeMutation((isSend: boolean) => call(WECHAT.updateIsSend, { body: { isSend } }, caller), {
    keys: [wechatKeys.binding],
  })

export const useUpdateTemplateSend = () =>
  useChangeMutation(
    (change: { key: WechatTemplateKey; enabled: boolean }) =>
      call(WECHAT.updateTemplateSendConfig, { body: { templates: [change] } }, caller),
    { keys: [wechatKeys.binding] },
  )

export type { WechatBinding }

/** Login, registration and the current user (spec §7). Answers of these calls are top-level, RuoYi style. */
import type {
  CaptchaResult,
  GetInfoResult,
  LoginBody,
  LoginResult,
  PublicKeyResult,
  RegisterBody,
} from '@shared/api/types'
import type { ApiResult } from '@shared/api/envelope'
import { PATHS } from '@shared/api/paths'
import { http } from './http'

/** `{ code, captchaEnabled, uuid, img }`; img is a data URL */
export function getCaptcha(): Promise<CaptchaResult> {
  return http.get<CaptchaResult>(PATHS.captchaImage, undefined, { skipAuth: true })
}

/** The PEM public key the password is encrypted with before it is sent. */
export async function getPublicKey(): Promise<string> {
  const res = await http.get<ApiResult<PublicKeyResult>>(PATHS.publicKey, undefined, { skipAuth: true })
  const key = res.data?.publicKey
  if (!key) throw new Error('服务器未提供加密公钥，请稍后再试')
  return key
}

/** Business errors are left to the form (errors: 'caller'). */
export function login(body: LoginBody): Promise<LoginResult> {
  return http.post<LoginResult>(PATHS.login, body, { skipAuth: true, errors: 'caller' })
}

export function register(body: RegisterBody): Promise<ApiResult> {
  return http.post<ApiResult>(PATHS.register, body, { skipAuth: true, errors: 'caller' })
}

export function logout(): Promise<ApiResult> {
  return http.post<ApiResult>(PATHS.logout)
}

/** `{ code, user, roles, permissions }` */
export function getInfo(): Promise<GetInfoResult> {
  return http.get<GetInfoResult>(PATHS.getInfo)
}

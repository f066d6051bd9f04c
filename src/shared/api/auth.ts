/**
 * Login, registration and the session's user (docs/api-conventions.md, "Sessions and security").
 * Passwords travel RSA-encrypted with the key of `publicKey`; login answers a random token. The
 * captcha, login and current-user answers are RuoYi's flat ones (fields at the top level, also in
 * `data`). Plain data: no Node, no DOM.
 */
import { data, endpoint, flat, none, type BodyOf } from './contract'
import { bool, cipherText, optional, pattern, strict, text } from './fields'

export interface CaptchaResult {
  captchaEnabled: boolean
  uuid?: string
  /** data URL of the image (image/svg+xml) */
  img?: string
}

export interface PublicKeyResult {
  publicKey: string
}

/** The user a login answers (kept by the client with its token). */
export interface UserInfoDto {
  userId: number
  userName: string
  nickName: string
  /** public user code, used by customer service */
  code: string
  avatar: string
}

export interface LoginResult {
  token: string
  userInfoDto: UserInfoDto
}

export interface UserProfile extends UserInfoDto {
  phone: string
  email: string
  createdAt: number
  lastLoginAt: number | null
}

export interface GetInfoResult {
  user: UserProfile
  roles: string[]
  permissions: string[]
  /** staff reset the login password: the user must choose a new one (docs/console.md) */
  mustChangePassword?: boolean
}

const captcha = {
  code: optional(text('验证码', 10, 0)),
  uuid: optional(text('验证码标识', 64, 0)),
}

export const AUTH = {
  /** a math captcha (rate limited); `captchaEnabled: false` when the server runs without one */
  captcha: endpoint({
    method: 'GET',
    path: '/captchaImage',
    access: 'public',
    answer: flat<CaptchaResult>(),
  }),
  /** the PEM public key passwords are encrypted with (PKCS#1 v1.5, base64) */
  publicKey: endpoint({
    method: 'GET',
    path: '/publicKey',
    access: 'public',
    answer: data<PublicKeyResult>(),
  }),
  /** rate limited; repeated failures lock the user name for a while */
  login: endpoint({
    method: 'POST',
    path: '/login',
    access: 'public',
    body: strict({ username: text('用户名', 64), password: cipherText('密码'), ...captcha }),
    answer: flat<LoginResult>(),
  }),
  /** rate limited; only while the parameter sys.account.registerUser is true */
  register: endpoint({
    method: 'POST',
    path: '/register',
    access: 'public',
    body: strict({
      username: text('用户名', 64),
      password: cipherText('密码'),
      confirmPassword: cipherText('确认密码'),
      nickName: optional(text('昵称', 30, 0)),
      /** registration by phone: the number and its SMS code (docs/account-security.md) */
      phone: optional(pattern('手机号', '^1[3-9]\\d{9}$', 11)),
      smsCode: optional(pattern('短信验证码', '^\\d{6}$', 6)),
      /** the user, buyer, seller and privacy agreements were ticked */
      agreed: optional(bool('同意协议')),
      ...captcha,
    }),
    answer: none(),
  }),
  /** forgets the token of the Authorization header, if any */
  logout: endpoint({ method: 'POST', path: '/logout', access: 'public', answer: none() }),
  /** the caller's profile, roles and permissions (admin: *:*:*) */
  info: endpoint({ method: 'GET', path: '/getInfo', access: 'user', answer: flat<GetInfoResult>() }),
}

export type LoginBody = BodyOf<typeof AUTH.login>
export type RegisterBody = BodyOf<typeof AUTH.register>

/**
 * Account and identity (docs/account-security.md): one-time SMS codes, login password change and
 * reset, phone rebinding, real-name verification (and its staff review), payment-password reset,
 * profile, the account-settings hub with login devices, account cancellation, and the sandbox SMS
 * inbox. Passwords travel RSA-encrypted like at login. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, raw, type BodyOf } from './contract'
import { bool, cipherText, id, oneOf, optional, paging, pattern, strict, text, Type } from './fields'

/** What a one-time code is for: a code is only accepted for its own purpose. */
export const SMS_PURPOSES = [
  'REGISTER',
  'RESET_LOGIN',
  'PHONE_OLD',
  'PHONE_NEW',
  'PAY_RESET',
  'WRITEOFF',
  'EMAIL',
  'LOGIN',
] as const
export type SmsPurpose = (typeof SMS_PURPOSES)[number]

export const SMS_PURPOSE_LABELS: Record<SmsPurpose, string> = {
  REGISTER: '注册账号',
  RESET_LOGIN: '找回登录密码',
  PHONE_OLD: '验证原手机号',
  PHONE_NEW: '绑定新手机号',
  PAY_RESET: '找回支付密码',
  WRITEOFF: '注销账号',
  EMAIL: '验证邮箱',
  LOGIN: '登录',
}

/** The purposes a logged-in user sends to their own bound phone (PHONE_NEW: to the new number). */
export const USER_SMS_PURPOSES = ['PHONE_OLD', 'PHONE_NEW', 'PAY_RESET', 'WRITEOFF'] as const

export interface SmsSentResult {
  /** the number, masked (138****8001) */
  sentTo: string
  /** seconds until another code may be asked for */
  resendIn: number
}

export interface StepTicket {
  /** proof of the first step, good for a few minutes and once */
  ticket: string
}

export type RealNameStatus = 'NONE' | 'VERIFIED'

export interface RealNameView {
  status: RealNameStatus
  /** masked: 张* / 张*三 */
  name: string
  /** masked: 1101**********123X */
  idNumber: string
  verifiedAt: number | null
  adult: boolean
  /** a manual review waiting for staff, if any */
  pendingReview: { reviewId: number; createdAt: number } | null
  /** the latest rejected review's reason (shown until a new request) */
  rejectedRemark: string | null
}

export interface RealNameReview {
  reviewId: number
  userId: number
  userName: string
  name: string
  idNumber: string
  birthDate: string
  reason: string
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  remark: string
  createdAt: number
  decidedAt: number | null
}

export interface LoginSession {
  /** an opaque handle of the session (not the token) */
  sessionId: string
  createdAt: number
  expiresAt: number
  ip: string
  userAgent: string
  current: boolean
}

export interface SecurityLogEntry {
  logId: number
  action: string
  actionLabel: string
  detail: string
  ip: string
  createdAt: number
}

export interface SecuritySummary {
  /** 1 低, 2 中, 3 高 */
  level: 1 | 2 | 3
  levelLabel: string
  phone: string
  email: string
  emailVerified: boolean
  realName: RealNameView
  hasPayPassword: boolean
  /** a cancellation in its cooling-off, if any */
  writeoffDueAt: number | null
}

export interface UserProfileView {
  userName: string
  nickName: string
  avatar: string
  gender: string
  qq: string
  email: string
  emailVerified: boolean
  signature: string
}

export interface WriteoffCondition {
  key: 'orders' | 'disputes' | 'listings' | 'funds'
  label: string
  ok: boolean
  detail: string
}

export interface WriteoffStatus {
  conditions: WriteoffCondition[]
  allMet: boolean
  hasPhone: boolean
  request: { status: 'PENDING'; requestedAt: number; dueAt: number } | null
}

const phone = (title: string) => pattern(title, '^1[3-9]\\d{9}$', 11)
const smsCode = () => pattern('短信验证码', '^\\d{6}$', 6)
const realName = () => text('真实姓名', 30)
const idNumber = () => pattern('身份证号', '^[0-9]{17}[0-9Xx]$', 18)

export const ACCOUNT = {
  // ---------------------------------------------------------------- one-time codes
  /** a code to the caller's bound phone (PHONE_NEW: to `phone`); 60 s between codes, daily caps */
  sendCode: endpoint({
    method: 'POST',
    path: '/user/sms/send',
    access: 'user',
    body: strict({ purpose: oneOf('用途', USER_SMS_PURPOSES), phone: optional(phone('手机号')) }),
    answer: data<SmsSentResult>(),
  }),
  /** a registration code to a phone number not bound to any account */
  sendRegisterCode: endpoint({
    method: 'POST',
    path: '/sms/register',
    access: 'public',
    body: strict({ phone: phone('手机号') }),
    answer: data<SmsSentResult>(),
  }),
  /** the sandbox provider's inbox: an HTML page of the latest texts (demo and test installs only) */
  sandboxInbox: endpoint({
    method: 'GET',
    path: '/sandbox/sms',
    access: 'public',
    query: strict({ phone: optional(phone('手机号')) }),
    answer: raw(),
  }),

  // ---------------------------------------------------------------- login password
  changePassword: endpoint({
    method: 'POST',
    path: '/user/loginPass',
    access: 'user',
    body: strict({ oldPassword: cipherText('原密码'), newPassword: cipherText('新密码') }),
    answer: none(),
  }),
  /** 忘记密码: a code to the account's bound phone (the same answer whether or not it exists) */
  forgetSend: endpoint({
    method: 'POST',
    path: '/password/forget/send',
    access: 'public',
    body: strict({ username: text('用户名', 64) }),
    answer: data<SmsSentResult>(),
  }),
  forgetReset: endpoint({
    method: 'POST',
    path: '/password/forget/reset',
    access: 'public',
    body: strict({ username: text('用户名', 64), smsCode: smsCode(), password: cipherText('新密码') }),
    answer: none(),
  }),

  // ---------------------------------------------------------------- phone
  /** step 1 of rebinding: the code of the old phone, or the real-name check when it is lost */
  phoneVerifyOld: endpoint({
    method: 'POST',
    path: '/user/phone/verifyOld',
    access: 'user',
    body: strict({
      smsCode: optional(smsCode()),
      realName: optional(realName()),
      idNumber: optional(idNumber()),
    }),
    answer: data<StepTicket>(),
  }),
  /** step 2: the new number and its code (with the ticket of step 1 when a phone is bound) */
  phoneBind: endpoint({
    method: 'POST',
    path: '/user/phone/bind',
    access: 'user',
    body: strict({ ticket: optional(text('凭证', 64)), phone: phone('新手机号'), smsCode: smsCode() }),
    answer: none(),
  }),

  // ---------------------------------------------------------------- real name
  realName: endpoint({ method: 'GET', path: '/user/realName', access: 'user', answer: data<RealNameView>() }),
  verifyRealName: endpoint({
    method: 'POST',
    path: '/user/realName',
    access: 'user',
    body: strict({ realName: realName(), idNumber: idNumber() }),
    answer: data<RealNameView>(),
  }),
  /** to staff: when the provider cannot confirm a true identity, or to change a verified one */
  requestRealNameReview: endpoint({
    method: 'POST',
    path: '/user/realName/review',
    access: 'user',
    body: strict({ realName: realName(), idNumber: idNumber(), reason: text('申请说明', 200) }),
    answer: data<RealNameView>(),
  }),

  // ---------------------------------------------------------------- payment password
  /** 找回支付密码: the code of the bound phone plus the real-name check */
  resetPayPassword: endpoint({
    method: 'POST',
    path: '/user/payPass/reset',
    access: 'user',
    body: strict({
      smsCode: smsCode(),
      realName: realName(),
      idNumber: idNumber(),
      payPassword: cipherText('新支付密码'),
    }),
    answer: none(),
  }),

  // ---------------------------------------------------------------- profile
  profile: endpoint({
    method: 'GET',
    path: '/user/profile',
    access: 'user',
    answer: data<UserProfileView>(),
  }),
  updateProfile: endpoint({
    method: 'POST',
    path: '/user/profile',
    access: 'user',
    body: strict({
      nickName: text('昵称', 20),
      gender: oneOf('性别', ['0', '1', '2']),
      qq: optional(Type.String({ title: 'QQ', pattern: '^([1-9][0-9]{4,11})?$', maxLength: 12 })),
      signature: optional(text('个性签名', 100, 0)),
    }),
    answer: none(),
  }),
  /** the avatar: an uploaded image (image module), cropped square by the server */
  updateAvatar: endpoint({
    method: 'POST',
    path: '/user/avatar',
    access: 'user',
    body: strict({ imageId: text('图片', 64) }),
    answer: data<{ avatar: string }>(),
  }),
  sendEmailCode: endpoint({
    method: 'POST',
    path: '/user/email/send',
    access: 'user',
    body: strict({ email: pattern('邮箱', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 100) }),
    answer: data<SmsSentResult>(),
  }),
  bindEmail: endpoint({
    method: 'POST',
    path: '/user/email/bind',
    access: 'user',
    body: strict({ email: pattern('邮箱', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 100), code: smsCode() }),
    answer: none(),
  }),

  // ---------------------------------------------------------------- settings hub
  security: endpoint({
    method: 'GET',
    path: '/user/security',
    access: 'user',
    answer: data<SecuritySummary>(),
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/user/sessions',
    access: 'user',
    answer: data<LoginSession[]>(),
  }),
  endSession: endpoint({
    method: 'POST',
    path: '/user/sessions/end',
    access: 'user',
    body: strict({ sessionId: pattern('会话', '^[0-9a-f]{16}$', 16) }),
    answer: none(),
  }),
  securityLog: endpoint({
    method: 'GET',
    path: '/user/securityLog',
    access: 'user',
    query: strict(paging(50)),
    answer: page<SecurityLogEntry>(),
  }),

  // ---------------------------------------------------------------- cancellation
  writeoff: endpoint({
    method: 'GET',
    path: '/user/writeoff',
    access: 'user',
    answer: data<WriteoffStatus>(),
  }),
  requestWriteoff: endpoint({
    method: 'POST',
    path: '/user/writeoff',
    access: 'user',
    body: strict({ smsCode: smsCode() }),
    answer: data<WriteoffStatus>(),
  }),
  cancelWriteoff: endpoint({ method: 'POST', path: '/user/writeoff/cancel', access: 'user', answer: none() }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const ACCOUNT_STAFF = {
  /** staff: the manual reviews (console page 实名审核) */
  realNameReviews: endpoint({
    method: 'GET',
    path: '/system/realName/reviews',
    access: 'user',
    permission: PERMS.realNameReview,
    query: strict({ ...paging(50), status: optional(oneOf('状态', ['PENDING', 'APPROVED', 'REJECTED'])) }),
    answer: page<RealNameReview>(),
  }),
  decideRealNameReview: endpoint({
    method: 'POST',
    path: '/system/realName/review',
    access: 'user',
    permission: PERMS.realNameReview,
    body: strict({
      reviewId: id('审核编号'),
      approve: bool('是否通过'),
      remark: optional(text('备注', 200, 0)),
    }),
    answer: none(),
  }),
}

export type SendCodeBody = BodyOf<typeof ACCOUNT.sendCode>
export type PhoneVerifyOldBody = BodyOf<typeof ACCOUNT.phoneVerifyOld>
export type PhoneBindBody = BodyOf<typeof ACCOUNT.phoneBind>
export type UpdateProfileBody = BodyOf<typeof ACCOUNT.updateProfile>
export type ResetPayPasswordBody = BodyOf<typeof ACCOUNT.resetPayPassword>
export type RealNameReviewQuery = {
  pageNum?: number
  pageSize?: number
  status?: 'PENDING' | 'APPROVED' | 'REJECTED'
}

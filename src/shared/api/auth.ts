/**
 * Login, registration and the session's user (docs/api-conventions.md, "Sessions and security").
 * Passwords travel RSA-encrypted with the key of `publicKey`; login answers a random token. The
 * captcha, login and current-user answers are RuoYi's flat ones (fields at the top level, also in
 * `data`). For staff: the users (USER_STAFF) and the roles with their permission strings
 * (ROLE_STAFF). Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, flat, none, page, type BodyOf, type QueryOf } from './contract'
import {
  bool,
  cipherText,
  id,
  int,
  list,
  nonBlank,
  oneOf,
  optional,
  paging,
  pattern,
  strict,
  text,
} from './fields'

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
  /**
   * a login code to a phone number (rate limited like login); sent only when an account is bound to
   * it, but the answer is the same either way (docs/account-security.md, "Login by SMS code")
   */
  loginSmsSend: endpoint({
    method: 'POST',
    path: '/login/sms/send',
    access: 'public',
    body: strict({ phone: pattern('手机号', '^1[3-9]\\d{9}$', 11) }),
    answer: data<{ sentTo: string; resendIn: number }>(),
  }),
  /** login by the phone's SMS code (rate limited like login; a code is good once) */
  loginSms: endpoint({
    method: 'POST',
    path: '/login/sms',
    access: 'public',
    body: strict({
      phone: pattern('手机号', '^1[3-9]\\d{9}$', 11),
      smsCode: pattern('短信验证码', '^\\d{6}$', 6),
    }),
    answer: flat<LoginResult>(),
  }),
  /** rate limited; only while the parameter sys.account.registerUser is true; the new user is logged in */
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
    answer: flat<LoginResult>(),
  }),
  /** forgets the token of the Authorization header, if any */
  logout: endpoint({ method: 'POST', path: '/logout', access: 'public', answer: none() }),
  /** the caller's profile, roles and permissions (admin: *:*:*) */
  info: endpoint({ method: 'GET', path: '/getInfo', access: 'user', answer: flat<GetInfoResult>() }),
}

export type LoginBody = BodyOf<typeof AUTH.login>
export type RegisterBody = BodyOf<typeof AUTH.register>
export type LoginSmsBody = BodyOf<typeof AUTH.loginSms>

// ------------------------------------------------------------------ staff: 用户管理 (docs/console.md)

export interface StaffUser {
  userId: number
  userName: string
  nickName: string
  phone: string
  email: string
  /** '0' normal, '1' locked */
  status: '0' | '1'
  lockReason: string | null
  mustChangePassword: boolean
  roles: string[]
  createdAt: number
  lastLoginAt: number | null
}

export interface RoleOption {
  roleKey: string
  roleName: string
  /** a disabled role (角色管理) grants nothing while its members keep it */
  disabled?: boolean
}

const userId = id('用户编号')

export const USER_STAFF = {
  list: endpoint({
    method: 'GET',
    path: '/console/user/list',
    access: 'user',
    permission: PERMS.userList,
    query: strict({
      ...paging(),
      userName: optional(text('用户名', 64)),
      phone: optional(text('手机号', 20)),
      status: optional(oneOf('状态', ['0', '1'] as const)),
    }),
    answer: page<StaffUser>(),
  }),
  roles: endpoint({
    method: 'GET',
    path: '/console/user/roleOptions',
    access: 'user',
    permission: PERMS.userList,
    answer: data<RoleOption[]>(),
  }),
  /** locks (its sessions end at once) or unlocks an account, with the reason */
  lock: endpoint({
    method: 'POST',
    path: '/console/user/lock',
    access: 'user',
    permission: PERMS.userLock,
    body: strict({ userId, locked: bool('锁定'), reason: nonBlank('原因', 200) }),
    answer: none(),
  }),
  /** a temporary password, shown once to staff; the user must choose a new one at the next login */
  resetPwd: endpoint({
    method: 'POST',
    path: '/console/user/resetPwd',
    access: 'user',
    permission: PERMS.userResetPwd,
    body: strict({ userId }),
    answer: data<{ tempPassword: string }>(),
  }),
  setRoles: endpoint({
    method: 'POST',
    path: '/console/user/roles',
    access: 'user',
    permission: PERMS.userRole,
    body: strict({ userId, roleKeys: list('角色', pattern('角色', '^[A-Za-z][A-Za-z0-9_]{0,39}$', 40), 10) }),
    answer: none(),
  }),
}

export type StaffUserQuery = QueryOf<typeof USER_STAFF.list>

// ------------------------------------------------------------------ staff: 角色管理
// docs/console.md, "Roles and permissions".
// Roles with their permission strings and console menus. Reading needs system:role:list, every
// change system:role:edit (admin only by default).
export const STATUSES = ['0', '1'] as const
/** '0' 正常, '1' 停用 (dictionary sys_normal_disable) */
export type Status = (typeof STATUSES)[number]

export const ROLE_LIMITS = { name: 30, key: 40, remark: 200, sortMax: 9999 } as const
export const ROLE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,39}$'

export interface StaffRole {
  roleId: number
  roleName: string
  roleKey: string
  sort: number
  status: Status
  remark: string
  /** how many users hold the role */
  members: number
  /** the admin role: every permission and menu, never edited */
  builtIn: boolean
}

export interface RoleDetail extends StaffRole {
  /** the role's staff permission strings (other strings it holds, e.g. a buyer's, are kept as they are) */
  permissions: string[]
  /** the console menus the role sees */
  menuIds: number[]
}

/** A node of the console menu tree (the role editor's menu choice). */
export interface MenuNode {
  menuId: number
  menuName: string
  menuType: 'M' | 'C'
  perms: string | null
  status: Status
  children?: MenuNode[]
}

const roleFields = {
  roleName: text('角色名称', ROLE_LIMITS.name),
  roleKey: pattern('权限字符', ROLE_KEY_PATTERN, ROLE_LIMITS.key),
  sort: int('显示顺序', 0, ROLE_LIMITS.sortMax),
  status: oneOf('状态', STATUSES),
  remark: optional(text('备注', ROLE_LIMITS.remark, 0)),
  permissions: list('权限', pattern('权限', '^[a-z*][A-Za-z0-9*]*(:[A-Za-z0-9*]+){2}$', 60), 200),
  menuIds: list('菜单', id('菜单编号'), 500),
}

const roleId = id('角色编号')

export const ROLE_STAFF = {
  list: endpoint({
    method: 'GET',
    path: '/console/role/list',
    access: 'user',
    permission: PERMS.roleList,
    query: strict({
      ...paging(),
      roleName: optional(text('角色名称', ROLE_LIMITS.name)),
      roleKey: optional(text('权限字符', ROLE_LIMITS.key)),
      status: optional(oneOf('状态', STATUSES)),
    }),
    answer: page<StaffRole>(),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/console/role/detail/:roleId',
    access: 'user',
    permission: PERMS.roleList,
    params: strict({ roleId }),
    answer: data<RoleDetail>(),
  }),
  /** the console's menus as a tree (disabled ones too), for the role editor */
  menuTree: endpoint({
    method: 'GET',
    path: '/console/role/menuTree',
    access: 'user',
    permission: PERMS.roleList,
    answer: data<MenuNode[]>(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/console/role/add',
    access: 'user',
    permission: PERMS.roleEdit,
    body: strict(roleFields),
    answer: data<{ roleId: number }>(),
  }),
  edit: endpoint({
    method: 'POST',
    path: '/console/role/edit',
    access: 'user',
    permission: PERMS.roleEdit,
    body: strict({ roleId, ...roleFields }),
    answer: none(),
  }),
  /** enable / disable: a disabled role grants nothing (its members keep it, without effect) */
  status: endpoint({
    method: 'POST',
    path: '/console/role/status',
    access: 'user',
    permission: PERMS.roleEdit,
    body: strict({ roleId, status: oneOf('状态', STATUSES) }),
    answer: none(),
  }),
  /** only a role nobody holds (disable it otherwise) */
  remove: endpoint({
    method: 'POST',
    path: '/console/role/remove',
    access: 'user',
    permission: PERMS.roleEdit,
    body: strict({ roleId }),
    answer: none(),
  }),
}

export type RoleQuery = QueryOf<typeof ROLE_STAFF.list>
export type RoleBody = BodyOf<typeof ROLE_STAFF.add>
export type RoleEditBody = BodyOf<typeof ROLE_STAFF.edit>

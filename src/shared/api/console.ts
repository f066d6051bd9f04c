/**
 * The staff console's own endpoints (docs/console.md): the operation log, the login log and each
 * staff member's console settings. Every endpoint here declares a permission string of
 * src/shared/permissions.ts. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type QueryOf } from './contract'
import { Type, bool, id, int, list, oneOf, optional, paging, pattern, strict, text } from './fields'
import { GOODS_STATUSES } from './goods'
import { WITHDRAW_REJECT_REASON_MAX, WITHDRAW_STATUSES, type LedgerEntry, type Withdrawal } from './funds'
import type { ExportResult } from './common'

export const OP_LOG_STATUSES = ['SUCCESS', 'DENIED'] as const
export type OpLogStatus = (typeof OP_LOG_STATUSES)[number]

export interface OpLog {
  id: number
  userId: number | null
  userName: string
  module: string
  action: string
  target: string
  /** JSON text of the object before and after the change (null: not applicable) */
  before: string | null
  after: string | null
  ip: string
  status: OpLogStatus
  detail: string
  createdAt: number
}

export interface LoginLog {
  id: number
  userId: number | null
  userName: string
  ip: string
  userAgent: string
  /** '0' success, '1' failure */
  status: '0' | '1'
  msg: string
  createdAt: number
}

/** The settings drawer of the console, saved per staff member. */
export interface ConsoleSettings {
  /** theme colour, #rrggbb */
  theme: string
  sideTheme: 'theme-dark' | 'theme-light'
  tagsView: boolean
  fixedHeader: boolean
  sidebarLogo: boolean
}

export const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = {
  theme: '#1890ff',
  sideTheme: 'theme-dark',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
}

/** A time range of a log query, epoch ms. */
const range = {
  beginTime: optional(int('开始时间', 0, 8_640_000_000_000_000)),
  endTime: optional(int('结束时间', 0, 8_640_000_000_000_000)),
}

export const CONSOLE = {
  /** the operation log: every staff change and every refused attempt */
  oplogList: endpoint({
    method: 'GET',
    path: '/console/oplog/list',
    access: 'user',
    permission: PERMS.oplogList,
    query: strict({
      ...paging(),
      userName: optional(text('操作人', 64)),
      module: optional(pattern('模块', '^[a-z][a-z0-9_-]{0,39}$', 40)),
      target: optional(text('操作对象', 64)),
      status: optional(oneOf('状态', OP_LOG_STATUSES)),
      ...range,
    }),
    answer: page<OpLog>(),
  }),
  loginlogList: endpoint({
    method: 'GET',
    path: '/console/loginlog/list',
    access: 'user',
    permission: PERMS.loginlogList,
    query: strict({
      ...paging(),
      userName: optional(text('用户名', 64)),
      ip: optional(text('登录地址', 64)),
      status: optional(oneOf('状态', ['0', '1'] as const)),
      ...range,
    }),
    answer: page<LoginLog>(),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/console/settings',
    access: 'user',
    permission: PERMS.consoleView,
    answer: data<ConsoleSettings>(),
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/console/settings',
    access: 'user',
    permission: PERMS.consoleView,
    body: strict({
      theme: pattern('主题颜色', '^#[0-9a-fA-F]{6}$', 7),
      sideTheme: oneOf('侧边栏主题', ['theme-dark', 'theme-light'] as const),
      tagsView: bool('开启标签页'),
      fixedHeader: bool('固定头部'),
      sidebarLogo: bool('显示侧边栏标志'),
    }),
    answer: none(),
  }),
}

// ------------------------------------------------------------------ 商品审核

/** A listing as the review queue shows it. */
export interface StaffGoods {
  goodsId: number
  title: string
  gameId: number
  gameName: string
  goodsType: string
  price: number
  stock: number
  status: string
  sellerId: number
  sellerName: string
  /** held for review: why (contact details in the text, a missing screenshot…); a rejection's reason */
  auditRemark: string
  /** in review with a hold reason (not only the audit switch) */
  held: boolean
  createdAt: number
  updatedAt: number
}

const goodsIds = list('商品', id('商品编号'), 50, 1)
/** a required reason: not blank (the user or seller reads it) */
const reasonText = (title: string, maxLength: number) =>
  Type.String({ title, minLength: 1, maxLength, pattern: '\\S' })
const reason = reasonText('原因', 200)

export const CONSOLE_GOODS = {
  list: endpoint({
    method: 'GET',
    path: '/console/goods/list',
    access: 'user',
    permission: PERMS.goodsAuditList,
    query: strict({
      ...paging(),
      /** AUDITING: the review queue */
      status: optional(oneOf('状态', GOODS_STATUSES)),
      keyword: optional(text('标题', 50)),
      sellerName: optional(text('卖家', 64)),
      goodsId: optional(id('商品编号')),
    }),
    answer: page<StaffGoods>(),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/console/goods/approve',
    access: 'user',
    permission: PERMS.goodsAuditApprove,
    body: strict({ goodsIds }),
    answer: data<{ done: number }>(),
  }),
  /** back to the seller (已下架) with the reason, which the seller reads on the listing */
  reject: endpoint({
    method: 'POST',
    path: '/console/goods/reject',
    access: 'user',
    permission: PERMS.goodsAuditReject,
    body: strict({ goodsIds, reason }),
    answer: data<{ done: number }>(),
  }),
  /** forced take-down of a listing on sale or in review */
  takedown: endpoint({
    method: 'POST',
    path: '/console/goods/takedown',
    access: 'user',
    permission: PERMS.goodsTakedown,
    body: strict({ goodsId: id('商品编号'), reason }),
    answer: none(),
  }),
}

export type ConsoleGoodsQuery = QueryOf<typeof CONSOLE_GOODS.list>

// ------------------------------------------------------------------ 提现审核

const withdrawNo = text('提现单号', 40)

export const CONSOLE_FUNDS = {
  /** every user's withdrawals, the payee account in full (staff pay it out) */
  withdrawList: endpoint({
    method: 'GET',
    path: '/console/withdraw/list',
    access: 'user',
    permission: PERMS.withdrawList,
    query: strict({ ...paging(), status: optional(oneOf('状态', WITHDRAW_STATUSES)) }),
    answer: page<Withdrawal>(),
  }),
  /** a user's recent ledger rows (the drawer of a withdrawal) */
  userLedger: endpoint({
    method: 'GET',
    path: '/console/withdraw/ledger/:userId',
    access: 'user',
    permission: PERMS.withdrawList,
    params: strict({ userId: id('用户编号') }),
    query: strict(paging(50)),
    answer: page<LedgerEntry>(),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/console/withdraw/approve',
    access: 'user',
    permission: PERMS.withdrawApprove,
    body: strict({ withdrawNo }),
    answer: none(),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/console/withdraw/reject',
    access: 'user',
    permission: PERMS.withdrawReject,
    body: strict({ withdrawNo, reason: reasonText('驳回原因', WITHDRAW_REJECT_REASON_MAX) }),
    answer: none(),
  }),
  export: endpoint({
    method: 'POST',
    path: '/console/withdraw/export',
    access: 'user',
    permission: PERMS.withdrawExport,
    body: strict({ status: optional(oneOf('状态', WITHDRAW_STATUSES)) }),
    answer: data<ExportResult>(),
  }),
}

// ------------------------------------------------------------------ 用户管理

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

export const CONSOLE_USERS = {
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
    body: strict({ userId, locked: bool('锁定'), reason: reasonText('原因', 200) }),
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

export type ConsoleUserQuery = QueryOf<typeof CONSOLE_USERS.list>

// ------------------------------------------------------------------ 工作台

export interface DashboardDay {
  /** yyyy-mm-dd, China time */
  date: string
  orders: number
  /** fen of the orders paid that day */
  gmv: number
  newUsers: number
}

export interface Dashboard {
  today: {
    orders: number
    gmv: number
    newUsers: number
    pendingGoods: number
    openDisputes: number
    pendingWithdrawals: number
  }
  /** the last 30 days, oldest first */
  days: DashboardDay[]
}

export const CONSOLE_DASHBOARD = {
  get: endpoint({
    method: 'GET',
    path: '/console/dashboard',
    access: 'user',
    permission: PERMS.dashboardView,
    answer: data<Dashboard>(),
  }),
}

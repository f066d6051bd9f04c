/**
 * The staff's own records (docs/console.md): the operation log, the login log, each staff member's
 * console settings and the dashboard (工作台) figures — the server's oplog module. Every endpoint
 * here declares a permission string of src/shared/permissions.ts. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page } from './contract'
import { bool, int, oneOf, optional, paging, pattern, strict, text } from './fields'

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

export const OPLOG_STAFF = {
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
    /** 在线客服 conversations waiting for an agent now */
    csWaiting: number
    /** seconds, today's median time to the first agent message; null: none today */
    csFirstResponseMedianSeconds: number | null
  }
  /** the last 30 days, oldest first */
  days: DashboardDay[]
}

export const DASHBOARD_STAFF = {
  get: endpoint({
    method: 'GET',
    path: '/console/dashboard',
    access: 'user',
    permission: PERMS.dashboardView,
    answer: data<Dashboard>(),
  }),
}

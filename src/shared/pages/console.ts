/**
 * The staff console's pages (docs/console.md): one `definePage` record each. The server seeds the
 * console's menu tree from these records and CONSOLE_DIRECTORIES; the renderer finds each page's
 * file by its component (src/renderer/src/features/staff/registry.ts); 菜单管理 accepts exactly
 * these components. The records are listed in the order 菜单管理 offers their components.
 */
import { PERMS } from '../permissions'
import { CONSOLE_ROOT, definePage, type ConsoleDirectory } from './define'

/** The console's menu directories (a page names its directory by path). */
export const CONSOLE_DIRECTORIES = [
  { title: '审核中心', path: `${CONSOLE_ROOT}/audit`, icon: 'audit', order: 2 },
  { title: '交易管理', path: `${CONSOLE_ROOT}/trade`, icon: 'shopping', order: 3 },
  { title: '内容管理', path: `${CONSOLE_ROOT}/content`, icon: 'guide', order: 4 },
  { title: '系统管理', path: `${CONSOLE_ROOT}/system`, icon: 'system', order: 5 },
  { title: '平台运营', path: `${CONSOLE_ROOT}/platform`, icon: 'people', order: 6 },
  { title: '日志监控', path: `${CONSOLE_ROOT}/monitor`, icon: 'monitor', order: 7 },
] as const satisfies readonly ConsoleDirectory[]

type Directory = (typeof CONSOLE_DIRECTORIES)[number]['path']
const AUDIT: Directory = `${CONSOLE_ROOT}/audit`
const TRADE: Directory = `${CONSOLE_ROOT}/trade`
const CONTENT: Directory = `${CONSOLE_ROOT}/content`
const SYSTEM: Directory = `${CONSOLE_ROOT}/system`
const PLATFORM: Directory = `${CONSOLE_ROOT}/platform`
const MONITOR: Directory = `${CONSOLE_ROOT}/monitor`

export const CONSOLE_PAGE_RECORDS = [
  definePage({
    area: 'console',
    component: 'Dashboard',
    title: '工作台',
    path: `${CONSOLE_ROOT}/index`,
    icon: 'dashboard',
    order: 1,
    permission: PERMS.dashboardView,
    affix: true,
  }),
  definePage({
    area: 'console',
    component: 'GoodsAudit',
    title: '商品审核',
    parent: AUDIT,
    path: 'goods',
    icon: 'goods',
    order: 1,
    permission: PERMS.goodsAuditList,
  }),
  definePage({
    area: 'console',
    component: 'WithdrawAudit',
    title: '提现审核',
    parent: AUDIT,
    path: 'withdraw',
    icon: 'money',
    order: 2,
    permission: PERMS.withdrawList,
  }),
  definePage({
    area: 'console',
    component: 'DisputeArbitration',
    title: '纠纷仲裁',
    parent: TRADE,
    path: 'dispute',
    icon: 'warning',
    order: 1,
    permission: PERMS.disputeList,
  }),
  definePage({
    area: 'console',
    component: 'OrderManage',
    title: '订单管理',
    parent: TRADE,
    path: 'order',
    icon: 'list',
    order: 2,
    permission: PERMS.orderList,
  }),
  definePage({
    area: 'console',
    component: 'NoticeManage',
    title: '公告与攻略',
    parent: CONTENT,
    path: 'notice',
    icon: 'message',
    order: 1,
    permission: PERMS.noticeList,
  }),
  definePage({
    area: 'console',
    component: 'GameManage',
    title: '游戏管理',
    parent: CONTENT,
    path: 'game',
    icon: 'game',
    order: 2,
    permission: PERMS.gameList,
  }),
  definePage({
    area: 'console',
    component: 'UserManage',
    title: '用户管理',
    parent: SYSTEM,
    path: 'user',
    icon: 'user',
    order: 1,
    permission: PERMS.userList,
  }),
  definePage({
    area: 'console',
    component: 'RoleManage',
    title: '角色管理',
    parent: SYSTEM,
    path: 'role',
    icon: 'peoples',
    order: 2,
    permission: PERMS.roleList,
  }),
  definePage({
    area: 'console',
    component: 'MenuManage',
    title: '菜单管理',
    parent: SYSTEM,
    path: 'menu',
    icon: 'tree-table',
    order: 3,
    permission: PERMS.menuList,
  }),
  definePage({
    area: 'console',
    component: 'DictManage',
    title: '字典管理',
    parent: SYSTEM,
    path: 'dict',
    icon: 'dict',
    order: 4,
    permission: PERMS.dictList,
  }),
  definePage({
    area: 'console',
    component: 'ConfigManage',
    title: '参数设置',
    parent: SYSTEM,
    path: 'config',
    icon: 'edit',
    order: 5,
    permission: PERMS.configList,
  }),
  definePage({
    area: 'console',
    component: 'RealNameReview',
    title: '实名审核',
    parent: PLATFORM,
    path: 'realname',
    icon: 'user',
    order: 1,
    permission: PERMS.realNameReview,
  }),
  definePage({
    area: 'console',
    component: 'FeedbackHandling',
    title: '反馈处理',
    parent: PLATFORM,
    path: 'feedback',
    icon: 'message',
    order: 2,
    permission: PERMS.feedbackList,
  }),
  definePage({
    area: 'console',
    component: 'CsContacts',
    title: '客服账号',
    parent: PLATFORM,
    path: 'cs',
    icon: 'peoples',
    order: 3,
    permission: PERMS.csContactList,
  }),
  definePage({
    area: 'console',
    component: 'AiWorks',
    title: 'AI 作品管理',
    parent: PLATFORM,
    path: 'ai',
    icon: 'picture',
    order: 4,
    permission: PERMS.aiWorkList,
  }),
  definePage({
    area: 'console',
    component: 'LoveManage',
    title: '公会助力',
    parent: PLATFORM,
    path: 'love',
    icon: 'star',
    order: 5,
    permission: PERMS.loveList,
  }),
  definePage({
    area: 'console',
    component: 'ReviewManage',
    title: '评价管理',
    parent: PLATFORM,
    path: 'review',
    icon: 'star',
    order: 6,
    permission: PERMS.reviewList,
  }),
  definePage({
    area: 'console',
    component: 'AgencyAudit',
    title: '代售审核',
    parent: AUDIT,
    path: 'agency',
    icon: 'peoples',
    order: 3,
    permission: PERMS.agencyList,
  }),
  definePage({
    area: 'console',
    component: 'ProtectionClaims',
    title: '包赔理赔',
    parent: TRADE,
    path: 'protection',
    icon: 'money',
    order: 3,
    permission: PERMS.protectionClaimList,
  }),
  definePage({
    area: 'console',
    component: 'PayNotifications',
    title: '支付通知',
    parent: TRADE,
    path: 'payNotify',
    icon: 'money',
    order: 4,
    permission: PERMS.payNotifyList,
  }),
  definePage({
    area: 'console',
    component: 'PayMismatches',
    title: '对账差错',
    parent: TRADE,
    path: 'payMismatch',
    icon: 'money',
    order: 5,
    permission: PERMS.payMismatchList,
  }),
  definePage({
    area: 'console',
    component: 'OpLog',
    title: '操作日志',
    parent: MONITOR,
    path: 'oplog',
    icon: 'form',
    order: 1,
    permission: PERMS.oplogList,
  }),
  definePage({
    area: 'console',
    component: 'LoginLog',
    title: '登录日志',
    parent: MONITOR,
    path: 'logininfor',
    icon: 'logininfor',
    order: 2,
    permission: PERMS.loginlogList,
  }),
  definePage({
    area: 'console',
    component: 'SystemStatus',
    title: '系统状态',
    parent: MONITOR,
    path: 'status',
    icon: 'server',
    order: 3,
    permission: PERMS.systemStatusView,
  }),
]

export type ConsolePageComponent = (typeof CONSOLE_PAGE_RECORDS)[number]['component']

/** The component names a console menu row may name (菜单管理 validates against this list). */
export const CONSOLE_PAGE_COMPONENTS: readonly ConsolePageComponent[] = CONSOLE_PAGE_RECORDS.map(
  (record) => record.component,
)

export const isConsolePageComponent = (name: string): name is ConsolePageComponent =>
  (CONSOLE_PAGE_COMPONENTS as readonly string[]).includes(name)

/**
 * The staff permission strings (docs/console.md), `module:thing:action`. A console endpoint declares
 * one of these as its `permission` (src/shared/api/contract.ts) and the server answers 403 — and logs
 * the attempt in the operation log — to a caller whose roles do not hold it; the console's buttons are
 * wrapped in HasPermi with the same constant. The admin role and `*:*:*` hold every one.
 * Plain data: no Node, no DOM.
 */
export const PERMS = {
  /** open the console at all (every staff role holds it) */
  consoleView: 'console:index:view',
  dashboardView: 'console:dashboard:view',

  goodsAuditList: 'goods:audit:list',
  goodsAuditApprove: 'goods:audit:approve',
  goodsAuditReject: 'goods:audit:reject',
  goodsTakedown: 'goods:audit:takedown',

  withdrawList: 'funds:withdraw:list',
  payNotifyList: 'pay:notify:list',
  payMismatchList: 'pay:mismatch:list',
  payMismatchResolve: 'pay:mismatch:resolve',
  withdrawApprove: 'funds:withdraw:approve',
  withdrawReject: 'funds:withdraw:reject',
  withdrawExport: 'funds:withdraw:export',

  disputeList: 'trade:dispute:list',
  disputeRule: 'trade:dispute:rule',
  orderList: 'trade:order:list',
  orderNote: 'trade:order:note',

  userList: 'system:user:list',
  userEdit: 'system:user:edit',
  userLock: 'system:user:lock',
  userResetPwd: 'system:user:resetPwd',
  userRole: 'system:user:role',

  roleList: 'system:role:list',
  roleEdit: 'system:role:edit',
  menuList: 'system:menu:list',
  menuEdit: 'system:menu:edit',
  dictList: 'system:dict:list',
  dictEdit: 'system:dict:edit',
  configList: 'system:config:list',
  configEdit: 'system:config:edit',
  noticeList: 'system:notice:list',
  noticeEdit: 'system:notice:edit',

  gameList: 'game:game:list',
  gameEdit: 'game:game:edit',

  oplogList: 'monitor:oplog:list',
  loginlogList: 'monitor:logininfor:list',
  systemStatusView: 'monitor:status:view',

  realNameReview: 'user:realname:review',

  aiWorkList: 'ai:work:list',
  aiWorkHide: 'ai:work:hide',
  aiWordsList: 'ai:words:list',
  aiWordsEdit: 'ai:words:edit',

  csContactList: 'platform:cs:list',
  csContactEdit: 'platform:cs:edit',
  feedbackList: 'platform:feedback:list',
  feedbackReply: 'platform:feedback:reply',

  loveList: 'platform:love:list',
  loveEdit: 'platform:love:edit',
  loveVoid: 'platform:love:void',
  reviewList: 'trade:review:list',
  reviewHide: 'trade:review:hide',
  agencyList: 'agency:apply:list',
  agencyVerify: 'agency:apply:verify',
  agencyPublish: 'agency:apply:publish',
  agencyDeliver: 'agency:apply:deliver',
  protectionClaimList: 'trade:protection:list',
  protectionClaimDecide: 'trade:protection:decide',

  /** 客服工作台 (docs/customer-service.md): answer the queue and one's own conversations */
  csAnswer: 'cs:conversation:answer',
  /** 客服主管: every conversation, transfer, automatic assignment, canned replies, live figures */
  csSupervise: 'cs:conversation:supervise',
} as const

export type Permission = (typeof PERMS)[keyof typeof PERMS]

/** Every staff permission (the role editor's choices). */
export const STAFF_PERMISSIONS: readonly Permission[] = Object.values(PERMS)

/** Money actions: only the admin role (and roles an admin grants them to) may pay out or rule. */
export const MONEY_PERMISSIONS: readonly Permission[] = [
  PERMS.withdrawApprove,
  PERMS.withdrawReject,
  PERMS.withdrawExport,
  PERMS.withdrawList,
  PERMS.payNotifyList,
  PERMS.payMismatchList,
  PERMS.payMismatchResolve,
  PERMS.disputeRule,
  PERMS.protectionClaimDecide,
]

/** Editing who may do what. */
export const PERMISSION_ADMIN_PERMISSIONS: readonly Permission[] = [
  PERMS.roleEdit,
  PERMS.menuEdit,
  PERMS.userRole,
]

/** Staff role keys seeded with the console (the admin role is ROLE_ADMIN of shared/constants.ts). */
export const ROLE_OPERATOR = 'operator'
export const ROLE_CS = 'cs'
/** 客服主管 (docs/customer-service.md) */
export const ROLE_CS_SUPERVISOR = 'cs_supervisor'

/** 运营: everything but money actions and permission/role editing. */
export const OPERATOR_PERMISSIONS: readonly Permission[] = STAFF_PERMISSIONS.filter(
  (p) => !MONEY_PERMISSIONS.includes(p) && !PERMISSION_ADMIN_PERMISSIONS.includes(p),
)

/** 客服: disputes and users, read-only. */
export const CS_PERMISSIONS: readonly Permission[] = [
  PERMS.consoleView,
  PERMS.disputeList,
  PERMS.userList,
  PERMS.orderList,
  PERMS.csContactList,
  PERMS.feedbackList,
  PERMS.feedbackReply,
  PERMS.agencyList,
  PERMS.csAnswer,
]

/** 客服主管: what 客服 holds, plus supervising the customer-service conversations and the 工作台 figures. */
export const CS_SUPERVISOR_PERMISSIONS: readonly Permission[] = [
  ...CS_PERMISSIONS,
  PERMS.csSupervise,
  PERMS.dashboardView,
]

/**
 * Chinese names of the console permission strings (src/shared/permissions.ts) and of their modules,
 * for the role editor's tree (角色管理) and the menu editor's permission select (菜单管理). A string
 * added to PERMS needs its label here: the Record type makes a missing one a compile error.
 * Plain data: no Node, no DOM.
 */
import { STAFF_PERMISSIONS, PERMS, type Permission } from './permissions'

export const PERMISSION_LABELS: Record<Permission, string> = {
  [PERMS.consoleView]: '进入管理后台',
  [PERMS.dashboardView]: '工作台',

  [PERMS.goodsAuditList]: '商品审核：查看',
  [PERMS.goodsAuditApprove]: '商品审核：通过',
  [PERMS.goodsAuditReject]: '商品审核：驳回',
  [PERMS.goodsTakedown]: '商品审核：强制下架',

  [PERMS.withdrawList]: '提现审核：查看',
  [PERMS.payNotifyList]: '支付通知：查看',
  [PERMS.payMismatchList]: '对账差错：查看',
  [PERMS.payMismatchResolve]: '对账差错：处理',
  [PERMS.withdrawApprove]: '提现审核：打款',
  [PERMS.withdrawReject]: '提现审核：驳回',
  [PERMS.withdrawExport]: '提现审核：导出',

  [PERMS.disputeList]: '纠纷仲裁：查看',
  [PERMS.disputeRule]: '纠纷仲裁：裁决',
  [PERMS.orderList]: '订单管理：查看',
  [PERMS.orderNote]: '订单管理：备注',

  [PERMS.userList]: '用户管理：查看',
  [PERMS.userEdit]: '用户管理：编辑',
  [PERMS.userLock]: '用户管理：锁定/解锁',
  [PERMS.userResetPwd]: '用户管理：重置密码',
  [PERMS.userRole]: '用户管理：分配角色',

  [PERMS.roleList]: '角色管理：查看',
  [PERMS.roleEdit]: '角色管理：编辑',
  [PERMS.menuList]: '菜单管理：查看',
  [PERMS.menuEdit]: '菜单管理：编辑',
  [PERMS.dictList]: '字典管理：查看',
  [PERMS.dictEdit]: '字典管理：编辑',
  [PERMS.configList]: '参数设置：查看',
  [PERMS.configEdit]: '参数设置：编辑',
  [PERMS.noticeList]: '公告与攻略：查看',
  [PERMS.noticeEdit]: '公告与攻略：编辑',

  [PERMS.gameList]: '游戏管理：查看',
  [PERMS.gameEdit]: '游戏管理：编辑',

  [PERMS.oplogList]: '操作日志：查看',
  [PERMS.systemStatusView]: '系统状态：查看',
  [PERMS.loginlogList]: '登录日志：查看',

  [PERMS.realNameReview]: '实名审核',

  [PERMS.aiWorkList]: 'AI 作品：查看',
  [PERMS.aiWorkHide]: 'AI 作品：隐藏',
  [PERMS.aiWordsList]: 'AI 屏蔽词：查看',
  [PERMS.aiWordsEdit]: 'AI 屏蔽词：编辑',

  [PERMS.csContactList]: '客服账号：查看',
  [PERMS.csContactEdit]: '客服账号：编辑',
  [PERMS.feedbackList]: '反馈处理：查看',
  [PERMS.feedbackReply]: '反馈处理：回复',

  [PERMS.loveList]: '公会助力：查看',
  [PERMS.loveEdit]: '公会助力：编辑活动与公会',
  [PERMS.loveVoid]: '公会助力：作废助力',

  [PERMS.reviewList]: '评价管理：查看',
  [PERMS.reviewHide]: '评价管理：隐藏与恢复',

  [PERMS.agencyList]: '代售审核：查看',
  [PERMS.agencyVerify]: '代售审核：验号与驳回',
  [PERMS.agencyPublish]: '代售审核：定价上架',
  [PERMS.agencyDeliver]: '代售审核：查看账号与交付',

  [PERMS.protectionClaimList]: '包赔理赔：查看',
  [PERMS.protectionClaimDecide]: '包赔理赔：赔付与驳回',

  [PERMS.csAnswer]: '在线客服：接待',
  [PERMS.csSupervise]: '在线客服：主管（全部会话、转接、数据）',
}

/** The first part of a permission string → the module's name (the role editor's tree groups). */
export const PERMISSION_MODULE_LABELS: Record<string, string> = {
  console: '管理后台',
  goods: '商品',
  funds: '资金',
  trade: '交易',
  system: '系统管理',
  game: '游戏',
  monitor: '日志监控',
  user: '用户',
  ai: 'AI 绘图',
  platform: '平台运营',
  agency: '代售',
  cs: '在线客服',
}

export const permissionLabel = (permission: string): string =>
  (PERMISSION_LABELS as Record<string, string>)[permission] ?? permission

export interface PermissionGroup {
  /** the module, e.g. `goods` */
  module: string
  label: string
  permissions: Array<{ permission: Permission; label: string }>
}

/** STAFF_PERMISSIONS grouped by module, in the order of PERMS. */
export function permissionGroups(): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>()
  for (const permission of STAFF_PERMISSIONS) {
    const [module] = permission.split(':')
    let group = groups.get(module)
    if (!group) {
      group = { module, label: PERMISSION_MODULE_LABELS[module] ?? module, permissions: [] }
      groups.set(module, group)
    }
    group.permissions.push({ permission, label: PERMISSION_LABELS[permission] })
  }
  return [...groups.values()]
}

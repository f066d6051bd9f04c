/**
 * The component names a console menu row may name (菜单管理 validates against this list): every page
 * of the renderer's console registry (src/renderer/src/features/admin/registry.ts, whose keys are
 * typed by this list) and the pages seeded before they are built (they render 建设中). A new console
 * page adds its name here and its line in the registry. Directories nest with `Layout` (top level)
 * or `ParentView` (inside another directory). Plain data: no Node, no DOM.
 */
export const CONSOLE_PAGE_COMPONENTS = [
  'Dashboard',
  'GoodsAudit',
  'WithdrawAudit',
  'DisputeArbitration',
  'OrderManage',
  'NoticeManage',
  'GameManage',
  'UserManage',
  'RoleManage',
  'MenuManage',
  'DictManage',
  'ConfigManage',
  'RealNameReview',
  'FeedbackHandling',
  'CsContacts',
  'AiWorks',
  'LoveManage',
  'ReviewManage',
  'AgencyAudit',
  'ProtectionClaims',
  'OpLog',
  'LoginLog',
] as const

export type ConsolePageComponent = (typeof CONSOLE_PAGE_COMPONENTS)[number]

/** Components of a directory row (menu type M). */
export const CONSOLE_DIRECTORY_COMPONENTS = ['Layout', 'ParentView'] as const

export const isConsolePageComponent = (name: string): name is ConsolePageComponent =>
  (CONSOLE_PAGE_COMPONENTS as readonly string[]).includes(name)

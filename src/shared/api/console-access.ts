/**
 * 角色管理 and 菜单管理 of the staff console (docs/console.md, "Roles and permissions"): roles with
 * their permission strings and console menus, and the console's menu tree. Reading needs
 * system:role:list / system:menu:list, every change system:role:edit / system:menu:edit (admin only
 * by default). Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import { Type, bool, id, int, list, oneOf, optional, paging, pattern, strict, text } from './fields'

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
  /** the role's console permission strings (other strings it holds, e.g. a buyer's, are kept as they are) */
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

export const CONSOLE_ROLE = {
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

export type RoleQuery = QueryOf<typeof CONSOLE_ROLE.list>
export type RoleBody = BodyOf<typeof CONSOLE_ROLE.add>
export type RoleEditBody = BodyOf<typeof CONSOLE_ROLE.edit>

// ------------------------------------------------------------------ 菜单管理

export const MENU_LIMITS = { name: 30, path: 60, icon: 40, orderMax: 9999, activeMenu: 100 } as const
/** a top-level console row: /console/<segment>; a row inside a directory: <segment> */
export const MENU_TOP_PATH = '^/console/[a-z][A-Za-z0-9_-]{0,39}$'
export const MENU_CHILD_PATH = '^[a-z][A-Za-z0-9_-]{0,39}$'

export interface StaffMenu {
  menuId: number
  /** null: a top-level row */
  parentId: number | null
  menuName: string
  /** 'M' directory, 'C' page */
  menuType: 'M' | 'C'
  path: string
  component: string
  icon: string
  orderNum: number
  hidden: boolean
  noCache: boolean
  affix: boolean
  status: Status
  perms: string | null
  activeMenu: string | null
  children?: StaffMenu[]
}

const menuFields = {
  /** absent: a top-level row */
  parentId: optional(id('上级菜单')),
  menuName: text('菜单名称', MENU_LIMITS.name),
  menuType: oneOf('菜单类型', ['M', 'C'] as const),
  path: pattern('路由地址', '^/?[A-Za-z0-9_/-]+$', MENU_LIMITS.path),
  component: pattern('组件', '^[A-Za-z][A-Za-z0-9]{0,39}$', 40),
  icon: optional(text('图标', MENU_LIMITS.icon, 0)),
  orderNum: int('显示排序', 0, MENU_LIMITS.orderMax),
  hidden: bool('隐藏'),
  noCache: bool('不缓存'),
  affix: bool('固定标签'),
  status: oneOf('状态', STATUSES),
  /** a page's permission string (required for a page; none for a directory) */
  perms: optional(Type.String({ title: '权限字符', maxLength: 60 })),
  activeMenu: optional(
    Type.String({
      title: '高亮菜单',
      maxLength: MENU_LIMITS.activeMenu,
      pattern: '^(/console(/[A-Za-z0-9_-]+)+)?$',
    }),
  ),
}

const menuId = id('菜单编号')

export const CONSOLE_MENU = {
  /** the console's menu tree (every row, disabled and hidden ones too) */
  list: endpoint({
    method: 'GET',
    path: '/console/menu/list',
    access: 'user',
    permission: PERMS.menuList,
    answer: data<StaffMenu[]>(),
  }),
  add: endpoint({
    method: 'POST',
    path: '/console/menu/add',
    access: 'user',
    permission: PERMS.menuEdit,
    body: strict(menuFields),
    answer: data<{ menuId: number }>(),
  }),
  edit: endpoint({
    method: 'POST',
    path: '/console/menu/edit',
    access: 'user',
    permission: PERMS.menuEdit,
    body: strict({ menuId, ...menuFields }),
    answer: none(),
  }),
  /** only a row without children */
  remove: endpoint({
    method: 'POST',
    path: '/console/menu/remove',
    access: 'user',
    permission: PERMS.menuEdit,
    body: strict({ menuId }),
    answer: none(),
  }),
}

export type MenuBody = BodyOf<typeof CONSOLE_MENU.add>
export type MenuEditBody = BodyOf<typeof CONSOLE_MENU.edit>

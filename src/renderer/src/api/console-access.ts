/**
 * 角色管理 and 菜单管理 of the console (docs/console.md): query keys (root ['console', 'role'] and
 * ['console', 'menu']), query options and mutations. A change can alter what the staff member at the
 * keyboard may do, so each one also refetches the caller's getInfo and getRouters.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  CONSOLE_MENU,
  CONSOLE_ROLE,
  type MenuBody,
  type MenuEditBody,
  type RoleBody,
  type RoleEditBody,
  type RoleQuery,
  type Status,
} from '@shared/api/console-access'
import { authKeys } from './auth'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { systemKeys } from './system'

export const accessKeys = {
  roles: ['console', 'role'] as const,
  roleList: (q: RoleQuery) => ['console', 'role', 'list', q] as const,
  role: (roleId: number) => ['console', 'role', 'detail', roleId] as const,
  menuTree: ['console', 'role', 'menuTree'] as const,
  menus: ['console', 'menu'] as const,
}

export const rolesQuery = (query: RoleQuery) =>
  queryOptions({
    queryKey: accessKeys.roleList(query),
    queryFn: () => call(CONSOLE_ROLE.list, { query }),
    placeholderData: keepPreviousData,
  })

export const roleDetailQuery = (roleId: number) =>
  queryOptions({
    queryKey: accessKeys.role(roleId),
    queryFn: () => call(CONSOLE_ROLE.detail, { params: { roleId } }),
  })

export const roleMenuTreeQuery = () =>
  queryOptions({ queryKey: accessKeys.menuTree, queryFn: () => call(CONSOLE_ROLE.menuTree, {}) })

export const consoleMenusQuery = () =>
  queryOptions({ queryKey: accessKeys.menus, queryFn: () => call(CONSOLE_MENU.list, {}) })

const useAccessMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(
    fn,
    [accessKeys.roles, accessKeys.menus, ['console', 'user'], authKeys.info, systemKeys.routers],
    done,
  )

export const useAddRole = () =>
  useAccessMutation((body: RoleBody) => call(CONSOLE_ROLE.add, { body }), '角色已新增')
export const useEditRole = () =>
  useAccessMutation((body: RoleEditBody) => call(CONSOLE_ROLE.edit, { body }), '角色已保存')
export const useRoleStatus = () =>
  useAccessMutation(
    (body: { roleId: number; status: Status }) => call(CONSOLE_ROLE.status, { body }),
    '状态已更新',
  )
export const useRemoveRole = () =>
  useAccessMutation((roleId: number) => call(CONSOLE_ROLE.remove, { body: { roleId } }), '角色已删除')

export const useAddMenu = () =>
  useAccessMutation((body: MenuBody) => call(CONSOLE_MENU.add, { body }), '菜单已新增')
export const useEditMenu = () =>
  useAccessMutation((body: MenuEditBody) => call(CONSOLE_MENU.edit, { body }), '菜单已保存')
export const useRemoveMenu = () =>
  useAccessMutation((menuId: number) => call(CONSOLE_MENU.remove, { body: { menuId } }), '菜单已删除')

/** Test data of the console pages: the status dictionary they all read and a signed-in staff member. */
import type { DictData } from '@shared/api/system'
import { useSessionStore } from '@renderer/stores/session'
import { logIn } from './catalogue-fixtures'

/** sys_normal_disable: 正常 (0) and 停用 (1), the status of roles, menus, users and games. */
export const NORMAL_DISABLE: DictData[] = [
  { dictCode: 1, dictType: 'sys_normal_disable', dictLabel: '正常', dictValue: '0', dictSort: 1 },
  { dictCode: 2, dictType: 'sys_normal_disable', dictLabel: '停用', dictValue: '1', dictSort: 2 },
]

/** Signs in (the token cookie) as a staff member holding exactly `permissions`. */
export function logInStaff(permissions: string[]): void {
  logIn()
  useSessionStore.setState({ permissions })
}

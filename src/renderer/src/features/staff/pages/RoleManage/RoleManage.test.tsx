import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ROLE_STAFF, type MenuNode, type StaffRole } from '@shared/api/auth'
import { SYSTEM } from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { logInStaff, NORMAL_DISABLE } from '@renderer/testing/staff-fixtures'
import RoleManagePage from '.'

const ROLES: StaffRole[] = [
  {
    roleId: 1,
    roleName: '超级管理员',
    roleKey: 'admin',
    sort: 1,
    status: '0',
    remark: '',
    members: 1,
    builtIn: true,
  },
  {
    roleId: 3,
    roleName: '运营',
    roleKey: 'operator',
    sort: 3,
    status: '0',
    remark: '商品与内容',
    members: 2,
    builtIn: false,
  },
  {
    roleId: 9,
    roleName: '临时',
    roleKey: 'temp',
    sort: 9,
    status: '1',
    remark: '',
    members: 0,
    builtIn: false,
  },
]
const MENUS: MenuNode[] = [
  {
    menuId: 20,
    menuName: '审核中心',
    menuType: 'M',
    perms: null,
    status: '0',
    children: [
      { menuId: 21, menuName: '商品审核', menuType: 'C', perms: PERMS.goodsAuditList, status: '0' },
      { menuId: 22, menuName: '提现审核', menuType: 'C', perms: PERMS.withdrawList, status: '0' },
    ],
  },
]

let server: FakeServer
function install(permissions: string[]) {
  server = fakeServer()
    .on(ROLE_STAFF.list, { rows: ROLES, total: ROLES.length })
    .on(ROLE_STAFF.menuTree, MENUS)
    .on(ROLE_STAFF.add, { roleId: 10 })
    .on(SYSTEM.dict, NORMAL_DISABLE)
  logInStaff(permissions)
}
afterEach(() => server.restore())

describe('角色管理', () => {
  it('shows roles read-only to a holder of system:role:list only', async () => {
    install([PERMS.consoleView, PERMS.roleList])
    renderPage(<RoleManagePage />, { url: '/console/system/role' })
    expect(await screen.findByText('商品与内容')).toBeTruthy()
    expect(screen.queryByText('新增角色')).toBeNull()
    expect(screen.queryByText('编辑')).toBeNull()
    expect(screen.getAllByText('查看')).toHaveLength(3)
  })

  it('creates a role with permissions from the labelled tree and a page of the menu tree', async () => {
    install(['*:*:*'])
    renderPage(<RoleManagePage />, { url: '/console/system/role' })
    await screen.findByText('商品与内容')
    // the admin role cannot be disabled or removed; a role with members cannot be removed
    const adminRow = screen.getByText('超级管理员').closest('tr') as HTMLElement
    expect(within(adminRow).queryByText('停用')).toBeNull()
    expect(
      within(screen.getByText('商品与内容').closest('tr') as HTMLElement).getByText('删除').tagName,
    ).toBe('SPAN')

    fireEvent.click(screen.getByText('新增角色'))
    const drawer = (await screen.findByText('新增角色', { selector: '.ant-drawer-title' })).closest(
      '.ant-drawer',
    ) as HTMLElement
    await within(drawer).findByText('商品审核')
    fireEvent.change(within(drawer).getByLabelText('角色名称'), { target: { value: ' 审核专员 ' } })
    fireEvent.change(within(drawer).getByLabelText('权限字符'), { target: { value: 'auditor' } })
    fireEvent.click(within(drawer).getByText('进入管理后台'))
    fireEvent.click(within(drawer).getByText('商品审核：查看'))
    fireEvent.click(within(drawer).getByText('商品审核'))
    fireEvent.click(within(drawer).getByText('保存角色', { selector: 'button span' }))

    await waitFor(() => expect(server.callsTo(ROLE_STAFF.add)).toHaveLength(1))
    expect(server.callsTo(ROLE_STAFF.add)[0]!.body).toEqual({
      roleName: '审核专员',
      roleKey: 'auditor',
      sort: 10,
      status: '0',
      remark: '',
      permissions: [PERMS.consoleView, PERMS.goodsAuditList],
      menuIds: [21],
    })
  })
})

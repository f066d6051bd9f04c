import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MENU_STAFF, type StaffMenu } from '@shared/api/system'
import { SYSTEM } from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { logInStaff, NORMAL_DISABLE } from '@renderer/testing/staff-fixtures'
import MenuManagePage from '.'

const row = (over: Partial<StaffMenu>): StaffMenu => ({
  menuId: 1,
  parentId: null,
  menuName: '',
  menuType: 'C',
  path: '',
  component: '',
  icon: '',
  orderNum: 1,
  hidden: false,
  noCache: false,
  affix: false,
  status: '0',
  perms: null,
  activeMenu: null,
  ...over,
})

const MENUS: StaffMenu[] = [
  row({
    menuId: 30,
    menuName: '系统管理',
    menuType: 'M',
    path: '/console/system',
    component: 'Layout',
    icon: 'system',
    children: [
      row({
        menuId: 31,
        parentId: 30,
        menuName: '角色管理',
        path: 'role',
        component: 'RoleManage',
        icon: 'peoples',
        perms: PERMS.roleList,
      }),
    ],
  }),
]

let server: FakeServer
function install(permissions: string[]) {
  server = fakeServer()
    .on(MENU_STAFF.list, MENUS)
    .on(MENU_STAFF.edit, undefined)
    .on(SYSTEM.dict, NORMAL_DISABLE)
  logInStaff(permissions)
}
afterEach(() => server.restore())

describe('菜单管理', () => {
  it('shows the tree read-only to a holder of system:menu:list only', async () => {
    install([PERMS.consoleView, PERMS.menuList])
    renderPage(<MenuManagePage />, { url: '/console/system/menu' })
    expect(await screen.findByText('角色管理')).toBeTruthy()
    expect(screen.getByText('角色管理：查看')).toBeTruthy()
    expect(screen.queryByText('新增菜单')).toBeNull()
    expect(screen.queryByText('编辑')).toBeNull()
  })

  it('edits a page (hidden) and refuses to offer removal of a directory with children', async () => {
    install(['*:*:*'])
    renderPage(<MenuManagePage />, { url: '/console/system/menu' })
    const page = (await screen.findByText('角色管理')).closest('tr') as HTMLElement
    const dir = screen.getByText('系统管理').closest('tr') as HTMLElement
    expect(within(dir).getByText('删除').tagName).toBe('SPAN')
    fireEvent.click(within(page).getByText('编辑'))
    const dialog = (await screen.findByText('编辑菜单「角色管理」')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByLabelText('隐藏'))
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(server.callsTo(MENU_STAFF.edit)).toHaveLength(1))
    expect(server.callsTo(MENU_STAFF.edit)[0]!.body).toEqual({
      menuId: 31,
      parentId: 30,
      menuName: '角色管理',
      menuType: 'C',
      path: 'role',
      component: 'RoleManage',
      icon: 'peoples',
      orderNum: 1,
      hidden: true,
      noCache: false,
      affix: false,
      status: '0',
      perms: PERMS.roleList,
    })
  })
})

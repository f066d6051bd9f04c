/**
 * 角色管理 and 菜单管理 end to end (docs/console.md): the admin creates a role in the browser with
 * 进入管理后台 + 商品审核 and the 商品审核 page; a new user given that role opens the console and sees
 * only that page. The rules themselves are covered by src/server/modules/auth/roles.test.ts and
 * src/server/modules/system/menus.test.ts.
 */
import { expect, test } from '../support/test'
import { DEMO_USERS, api, loginToken, newUser } from '../support/api'
import { loginAs } from '../support/ui'

test('admin creates a role; its member sees just that console page', async ({ browser }) => {
  test.setTimeout(180_000)
  const key = `aud${Date.now().toString(36)}`
  const page = await loginAs(
    browser,
    DEMO_USERS.admin.username,
    DEMO_USERS.admin.password,
    '/console/system/role',
  )
  // the console chunks load lazily; a busy machine may take a while
  await expect(page.getByRole('cell', { name: '超级管理员', exact: true })).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: '新增角色' }).click()
  const drawer = page.locator('.ant-drawer')
  await drawer.getByLabel('角色名称').fill('审核专员')
  await drawer.getByLabel('权限字符').fill(key)
  await drawer.getByText(/^进入管理后台 /).click()
  await drawer.getByText(/^商品审核：查看 /).click()
  await drawer.getByText('商品审核', { exact: true }).click()
  await drawer.getByRole('button', { name: '保存角色' }).click()
  await expect(page.getByText('角色已新增')).toBeVisible()
  await expect(page.getByRole('cell', { name: key, exact: true })).toBeVisible()

  // 菜单管理 shows the tree
  await page.getByRole('menu', { name: '管理菜单' }).getByRole('menuitem', { name: '菜单管理' }).click()
  await expect(page.getByRole('cell', { name: 'MenuManage', exact: true })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('cell', { name: 'RoleManage', exact: true })).toBeVisible()
  await page.context().close()

  const user = await newUser('rl', 'Trade@2024', false)
  const admin = await loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)
  const info = await api('/getInfo', { token: user.token })
  const assigned = await api('/console/user/roles', {
    token: admin,
    body: { userId: info.user.userId, roleKeys: ['common', key] },
  })
  expect(assigned.code).toBe(200)

  const member = await loginAs(browser, user.username, user.password, '/console/audit/goods')
  const menu = member.getByRole('menu', { name: '管理菜单' })
  await expect(menu.getByText('审核中心')).toBeVisible()
  await expect(member.getByRole('menuitem', { name: '商品审核' })).toBeVisible()
  await expect(menu.getByText('系统管理')).toHaveCount(0)
  expect((await api('/console/user/list', { token: user.token })).code).toBe(403)
  await member.context().close()
})

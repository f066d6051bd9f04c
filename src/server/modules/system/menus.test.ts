/**
 * 菜单管理: the console's menu tree, adding / editing / hiding / disabling / removing rows with the
 * rules (paths unique among siblings, directory vs page, known components and permissions, no
 * removal with children, the menu page itself kept), the effect on getRouters at once and the
 * operation-log rows. The permission checks are in auth/roles.test.ts with the role endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouterItem } from '../../../shared/api'
import type { StaffMenu } from '../../../shared/api/system'
import { isConsolePageComponent } from '../../../shared/pages/console'
import { PERMS } from '../../../shared/permissions'
import { DEMO, call, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'

let t: TestApp
let admin: string
let operator: string
let kefu: string
let tree: StaffMenu[]

beforeAll(async () => {
  t = await startTestApp()
  admin = await tokenOf(t.app, ...DEMO.admin)
  operator = await tokenOf(t.app, ...DEMO.operator)
  kefu = await tokenOf(t.app, ...DEMO.kefu)
  tree = (await call(t.app, 'GET', '/api/console/menu/list', { token: operator })).data
})
afterAll(() => t?.close())

const post = (url: string, body: unknown) => call(t.app, 'POST', url, { token: admin, body })
const find = (name: string, nodes: StaffMenu[] = tree): StaffMenu | undefined => {
  for (const n of nodes) {
    if (n.menuName === name) return n
    const hit = find(name, n.children ?? [])
    if (hit) return hit
  }
  return undefined
}
const must = (name: string) => {
  const hit = find(name)
  if (!hit) throw new Error(`no menu ${name}`)
  return hit
}

const pageBody = (over: Partial<Json> = {}) => ({
  parentId: must('系统管理').menuId,
  menuName: '订单速查',
  menuType: 'C',
  path: 'quick',
  component: 'OrderManage',
  icon: 'list',
  orderNum: 9,
  hidden: false,
  noCache: false,
  affix: false,
  status: '0',
  perms: PERMS.orderList,
  ...over,
})

/** a user's console menu items by their full path, with hidden flags */
async function routes(token: string): Promise<Map<string, RouterItem>> {
  const items: RouterItem[] = (await call(t.app, 'GET', '/api/getRouters', { token })).data
  const out = new Map<string, RouterItem>()
  const walk = (nodes: RouterItem[], parent: string) =>
    nodes.forEach((n) => {
      const path = n.path.startsWith('/') ? n.path : `${parent}/${n.path}`
      out.set(path, n)
      walk(n.children ?? [], path)
    })
  walk(items, '')
  return out
}

const opRows = (action: string, target: number) =>
  t.app.db
    .selectFrom('op_logs')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', String(target))
    .execute()

describe('菜单管理', () => {
  it("answers the console's tree only, disabled and hidden rows included", () => {
    expect(tree.map((m) => m.path)).toEqual(expect.arrayContaining(['/console/index', '/console/system']))
    expect(tree.every((m) => m.path.startsWith('/console/'))).toBe(true)
    expect(must('系统管理')).toMatchObject({
      menuType: 'M',
      component: 'Layout',
      parentId: null,
      perms: null,
    })
    expect(must('菜单管理')).toMatchObject({
      menuType: 'C',
      path: 'menu',
      component: 'MenuManage',
      perms: PERMS.menuList,
      hidden: false,
      status: '0',
    })
    expect(must('工作台').affix).toBe(true)
  })

  it('names only known console components on the seeded pages (the list the editor offers)', () => {
    const pages: string[] = []
    const walk = (nodes: StaffMenu[]) =>
      nodes.forEach((n) => (n.menuType === 'C' ? pages.push(n.component) : walk(n.children ?? [])))
    walk(tree)
    expect(pages.filter((c) => !isConsolePageComponent(c))).toEqual([])
    expect(pages).toContain('RoleManage')
  })

  it('adds a page that the roles holding its permission see at once; edits, hides, disables and removes it', async () => {
    const added = await post('/api/console/menu/add', pageBody())
    expect(added).toMatchObject({ code: 200, msg: '菜单已新增' })
    const id = added.data.menuId
    expect((await opRows('menu-add', id))[0]).toMatchObject({ user_name: 'admin', status: 'SUCCESS' })
    // admin sees every menu; 运营 and 客服 hold trade:order:list
    expect((await routes(admin)).get('/console/system/quick')).toMatchObject({ component: 'OrderManage' })
    expect((await routes(operator)).has('/console/system/quick')).toBe(true)
    expect((await routes(kefu)).get('/console/system/quick')?.meta?.title).toBe('订单速查')

    const edit = (over: Partial<Json>) => post('/api/console/menu/edit', { menuId: id, ...pageBody(over) })
    expect(await edit({ hidden: true, noCache: true, activeMenu: '/console/trade/order' })).toMatchObject({
      code: 200,
      msg: '菜单已保存',
    })
    expect((await routes(kefu)).get('/console/system/quick')).toMatchObject({
      hidden: true,
      meta: { noCache: true, activeMenu: '/console/trade/order' },
    })
    const [row] = await opRows('menu-edit', id)
    expect(JSON.parse(row.before_json!)).toMatchObject({ hidden: false, noCache: false })
    expect(JSON.parse(row.after_json!)).toMatchObject({ hidden: true, noCache: true })

    expect((await edit({ status: '1' })).code).toBe(200)
    expect((await routes(kefu)).has('/console/system/quick')).toBe(false)
    expect((await routes(admin)).has('/console/system/quick')).toBe(false)

    expect(await post('/api/console/menu/remove', { menuId: id })).toMatchObject({
      code: 200,
      msg: '菜单已删除',
    })
    const list: StaffMenu[] = (await call(t.app, 'GET', '/api/console/menu/list', { token: admin })).data
    expect(find('订单速查', list)).toBeUndefined()
    expect(JSON.parse((await opRows('menu-remove', id))[0].before_json!)).toMatchObject({ path: 'quick' })
  })

  it('adds a top-level directory with a page inside it', async () => {
    const dir = await post('/api/console/menu/add', {
      menuName: '商城运营',
      menuType: 'M',
      path: '/console/shop',
      component: 'Layout',
      icon: 'shopping',
      orderNum: 50,
      hidden: false,
      noCache: false,
      affix: false,
      status: '0',
    })
    expect(dir.code).toBe(200)
    const child = await post(
      '/api/console/menu/add',
      pageBody({
        parentId: dir.data.menuId,
        path: 'games',
        component: 'GameManage',
        perms: PERMS.gameList,
        menuName: '游戏',
      }),
    )
    expect(child.code).toBe(200)
    // 运营 holds game:game:list (sees the directory with it), 客服 does not
    expect((await routes(operator)).get('/console/shop')?.children?.map((c) => c.path)).toEqual(['games'])
    expect((await routes(kefu)).has('/console/shop')).toBe(false)

    expect(await post('/api/console/menu/remove', { menuId: dir.data.menuId })).toMatchObject({
      code: 400,
      msg: '该菜单下还有子菜单，请先删除子菜单',
    })
    // a page cannot take children, nor can a directory with children become a page
    expect(
      await post('/api/console/menu/add', pageBody({ parentId: child.data.menuId, path: 'x' })),
    ).toMatchObject({
      code: 400,
      msg: '上级菜单必须是目录',
    })
    expect(
      await post('/api/console/menu/edit', {
        menuId: dir.data.menuId,
        ...pageBody({ parentId: undefined, path: '/console/shop', menuName: '商城运营' }),
      }),
    ).toMatchObject({ code: 400, msg: '该目录下还有子菜单，不能改为页面' })
    // nor move under its own child
    expect(
      await post('/api/console/menu/edit', {
        menuId: dir.data.menuId,
        ...pageBody({
          parentId: child.data.menuId,
          menuType: 'M',
          component: 'ParentView',
          perms: undefined,
          path: 'shop',
        }),
      }),
    ).toMatchObject({ code: 400 })
  })

  it('validates paths, components and permissions', async () => {
    const refused = async (over: Partial<Json>, msg: string) =>
      expect(await post('/api/console/menu/add', pageBody(over))).toMatchObject({ code: 400, msg })
    await refused({ path: 'role' }, '同级菜单中已有路由地址 role')
    await refused({ path: 'rOLE' }, '同级菜单中已有路由地址 rOLE')
    await refused({ component: 'NoSuchPage' }, '组件不存在：NoSuchPage')
    await refused({ perms: 'goods:goods:publish' }, '未知的权限字符：goods:goods:publish')
    await refused({ perms: undefined }, '页面的权限字符不能为空')
    await refused(
      { path: 'a/b' },
      '下级菜单的路由地址只能是一段字母、数字、- 或 _（以小写字母开头），如 goods',
    )
    await refused(
      { parentId: undefined, path: 'quick' },
      '顶级菜单的路由地址须为 /console/ 加一段字母、数字、- 或 _，如 /console/shop',
    )
    await refused({ parentId: undefined, path: '/console/index' }, '同级菜单中已有路由地址 /console/index')
    await refused({ menuType: 'M', component: 'Layout' }, '下级目录的组件必须是 ParentView')
    await refused({ menuType: 'M', component: 'ParentView' }, '目录不需要权限字符，请在其下的页面上设置')
    // a user-centre menu is not a console parent
    const buyerDir = await t.app.db
      .selectFrom('menus')
      .select('id')
      .where('path', '=', '/buyer')
      .executeTakeFirstOrThrow()
    await refused({ parentId: buyerDir.id }, '上级菜单不存在')
    expect((await post('/api/console/menu/add', pageBody({ activeMenu: 'javascript:alert(1)' }))).code).toBe(
      400,
    )
    expect((await post('/api/console/menu/edit', { menuId: buyerDir.id, ...pageBody() })).code).toBe(404)
  })

  it('never disables or removes the menu page itself or its directory', async () => {
    const self = must('菜单管理')
    const { menuId, children: _c, ...rest } = self
    const body = {
      ...rest,
      parentId: self.parentId ?? undefined,
      perms: self.perms ?? undefined,
      activeMenu: undefined,
    }
    expect(await post('/api/console/menu/edit', { menuId, ...body, status: '1' })).toMatchObject({
      code: 400,
      msg: '菜单管理页面及其目录不能停用',
    })
    expect(await post('/api/console/menu/remove', { menuId })).toMatchObject({
      code: 400,
      msg: '菜单管理页面及其目录不能删除',
    })
    const dir = must('系统管理')
    expect(
      await post('/api/console/menu/edit', {
        menuId: dir.menuId,
        menuName: dir.menuName,
        menuType: 'M',
        path: dir.path,
        component: 'Layout',
        icon: dir.icon,
        orderNum: dir.orderNum,
        hidden: false,
        noCache: false,
        affix: false,
        status: '1',
      }),
    ).toMatchObject({ code: 400, msg: '菜单管理页面及其目录不能停用' })
    // renaming it is fine
    expect((await post('/api/console/menu/edit', { menuId, ...body, menuName: '菜单配置' })).code).toBe(200)
  })
})

/**
 * 角色管理 and user roles: the permission check of every role and menu endpoint, the role rules
 * (admin role untouchable, unique keys, members block removal, console access only with
 * console:index:view, no self-escalation, the last role editor keeps the right) and that a change
 * shows in the member's getInfo / getRouters at once, with its operation-log rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouterItem } from '../../../shared/api'
import type { MenuNode as Node } from '../../../shared/api/auth'
import { MSG } from '../../../shared/messages'
import { PERMS, type Permission } from '../../../shared/permissions'
import { DEMO, call, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'
import { newUser } from '../goods/test-helpers'

let t: TestApp
let admin: string
let operator: string
let buyer: string

beforeAll(async () => {
  t = await startTestApp()
  admin = await tokenOf(t.app, ...DEMO.admin)
  operator = await tokenOf(t.app, ...DEMO.operator)
  buyer = await tokenOf(t.app, ...DEMO.buyer)
})
afterAll(() => t?.close())

const get = (url: string, token?: string) => call(t.app, 'GET', url, { token })
const post = (url: string, token: string, body: unknown) => call(t.app, 'POST', url, { token, body })

const opRows = (action: string, target: string | number) =>
  t.app.db
    .selectFrom('op_logs')
    .selectAll()
    .where('action', '=', action)
    .where('target', '=', String(target))
    .where('status', '=', 'SUCCESS')
    .execute()

/** the console menu tree's ids by title */
async function menuIds(): Promise<Map<string, number>> {
  const tree: Node[] = (await get('/api/console/role/menuTree', admin)).data
  const out = new Map<string, number>()
  const walk = (nodes: Node[]) =>
    nodes.forEach((n) => {
      out.set(n.menuName, n.menuId)
      walk(n.children ?? [])
    })
  walk(tree)
  return out
}

const roleBody = (over: Partial<Json> = {}) => ({
  roleName: '审核专员',
  roleKey: 'auditor',
  sort: 5,
  status: '0',
  remark: '只看商品审核',
  permissions: [PERMS.consoleView, PERMS.goodsAuditList],
  menuIds: [],
  ...over,
})

/** the console page titles of a user's getRouters */
async function consolePages(token: string): Promise<string[]> {
  const items: RouterItem[] = (await get('/api/getRouters', token)).data
  const out: string[] = []
  const walk = (nodes: RouterItem[], parent: string) =>
    nodes.forEach((n) => {
      const path = n.path.startsWith('/') ? n.path : `${parent}/${n.path}`
      if (!path.startsWith('/console')) return
      if (n.children) walk(n.children, path)
      else out.push(n.meta?.title ?? '')
    })
  walk(items, '')
  return out
}

const permissionsOf = async (token: string): Promise<string[]> =>
  (await get('/api/getInfo', token)).permissions

async function userWithRoles(prefix: string, roleKeys: string[]) {
  const user = await newUser(t.app, prefix, { verified: false })
  expect((await post('/api/console/user/roles', admin, { userId: user.userId, roleKeys })).code).toBe(200)
  return user
}

async function roleId(roleKey: string): Promise<number> {
  const res = await get(`/api/console/role/list?roleKey=${roleKey}`, admin)
  const row = res.rows.find((r: { roleKey: string }) => r.roleKey === roleKey)
  if (!row) throw new Error(`no role ${roleKey}`)
  return row.roleId
}

/** a menu page's fields, for the add and edit bodies below (their parent or menu does not exist) */
const NO_MENU = {
  menuName: '无',
  menuType: 'C',
  path: 'none',
  component: 'OrderManage',
  orderNum: 1,
  hidden: false,
  noCache: false,
  affix: false,
  status: '0',
  perms: PERMS.orderList,
}

/** [method, url, body, permission]: bodies name objects that do not exist, so nothing changes */
const ENDPOINTS: Array<['GET' | 'POST', string, unknown, Permission]> = [
  ['GET', '/api/console/role/list', undefined, PERMS.roleList],
  ['GET', '/api/console/role/detail/999999', undefined, PERMS.roleList],
  ['GET', '/api/console/role/menuTree', undefined, PERMS.roleList],
  [
    'POST',
    '/api/console/role/add',
    roleBody({ roleKey: 'x', permissions: ['no:such:perm'] }),
    PERMS.roleEdit,
  ],
  ['POST', '/api/console/role/edit', { roleId: 999_999, ...roleBody() }, PERMS.roleEdit],
  ['POST', '/api/console/role/status', { roleId: 999_999, status: '1' }, PERMS.roleEdit],
  ['POST', '/api/console/role/remove', { roleId: 999_999 }, PERMS.roleEdit],
  ['GET', '/api/console/menu/list', undefined, PERMS.menuList],
  ['POST', '/api/console/menu/add', { parentId: 999_999, ...NO_MENU }, PERMS.menuEdit],
  ['POST', '/api/console/menu/edit', { menuId: 999_999, ...NO_MENU }, PERMS.menuEdit],
  ['POST', '/api/console/menu/remove', { menuId: 999_999 }, PERMS.menuEdit],
  ['POST', '/api/console/user/roles', { userId: 999_999, roleKeys: [] }, PERMS.userRole],
]

describe('every role and menu endpoint checks its permission', () => {
  it.each(ENDPOINTS)('%s %s', async (method, url, body, permission) => {
    const opts = (token?: string) => ({ token, ...(body === undefined ? {} : { body }) })
    expect((await call(t.app, method, url, opts(admin))).code).not.toBe(403)
    const asOperator = (await call(t.app, method, url, opts(operator))).code
    // editing roles, menus and user roles is the admin's (PERMISSION_ADMIN_PERMISSIONS); reading is not
    if ([PERMS.roleEdit, PERMS.menuEdit, PERMS.userRole].includes(permission as never))
      expect(asOperator).toBe(403)
    else expect(asOperator).not.toBe(403)
    expect(await call(t.app, method, url, opts(buyer))).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
    expect((await call(t.app, method, url, opts())).code).toBe(401)
  })
})

describe('角色管理', () => {
  it('lists roles with member counts; the admin role is built in', async () => {
    const res = await get('/api/console/role/list', operator)
    const byKey = new Map(res.rows.map((r: Json) => [r.roleKey, r]))
    expect(byKey.get('admin')).toMatchObject({ builtIn: true, status: '0', members: 1 })
    expect(byKey.get('operator')).toMatchObject({ roleName: '运营', builtIn: false, members: 1 })
    expect((byKey.get('common') as Json).members).toBeGreaterThanOrEqual(2)
    const detail = (await get(`/api/console/role/detail/${(byKey.get('cs') as Json).roleId}`, admin)).data
    expect(detail.permissions).toEqual(expect.arrayContaining([PERMS.consoleView, PERMS.disputeList]))
    expect(detail.permissions).not.toContain(PERMS.disputeRule)
    expect(detail.menuIds.length).toBeGreaterThan(0)
  })

  it('creates a role; a member sees its permission and menu at once, and each edit at the next request', async () => {
    const ids = await menuIds()
    const created = await post('/api/console/role/add', admin, roleBody({ menuIds: [ids.get('商品审核')] }))
    expect(created).toMatchObject({ code: 200, msg: '角色已新增' })
    const id = created.data.roleId
    const [row] = await opRows('role-add', id)
    expect(row.user_name).toBe('admin')
    expect(JSON.parse(row.after_json!)).toMatchObject({
      roleKey: 'auditor',
      permissions: [PERMS.consoleView, PERMS.goodsAuditList],
      // the page's directory is granted with it
      menuIds: [ids.get('审核中心'), ids.get('商品审核')].sort((a, b) => a! - b!),
    })

    const member = await userWithRoles('aud', ['common', 'auditor'])
    expect(await permissionsOf(member.token)).toEqual(
      expect.arrayContaining([PERMS.consoleView, PERMS.goodsAuditList]),
    )
    expect(await consolePages(member.token)).toEqual(['商品审核'])
    expect((await get('/api/console/goods/list', member.token)).code).toBe(200)
    expect((await get('/api/console/user/list', member.token)).code).toBe(403)

    // the same session sees the edit at once: no cache between a role and its members
    const edited = await post('/api/console/role/edit', admin, {
      roleId: id,
      ...roleBody({
        roleName: '审核与用户',
        permissions: [PERMS.consoleView, PERMS.goodsAuditList, PERMS.userList],
        menuIds: [ids.get('商品审核'), ids.get('用户管理')],
      }),
    })
    expect(edited).toMatchObject({ code: 200, msg: '角色已保存' })
    expect(await permissionsOf(member.token)).toContain(PERMS.userList)
    expect(await consolePages(member.token)).toEqual(['商品审核', '用户管理'])
    expect((await get('/api/console/user/list', member.token)).code).toBe(200)
    const [edit] = await opRows('role-edit', id)
    expect(JSON.parse(edit.before_json!)).toMatchObject({
      roleName: '审核专员',
      permissions: [PERMS.consoleView, PERMS.goodsAuditList],
    })
    expect(JSON.parse(edit.after_json!)).toMatchObject({
      roleName: '审核与用户',
      permissions: [PERMS.consoleView, PERMS.goodsAuditList, PERMS.userList],
    })

    // disabled: the role grants nothing at the next request; enabled again: back
    expect(await post('/api/console/role/status', admin, { roleId: id, status: '1' })).toMatchObject({
      code: 200,
      msg: '已停用',
    })
    expect(await consolePages(member.token)).toEqual([])
    expect((await get('/api/console/goods/list', member.token)).code).toBe(403)
    expect(await opRows('role-disable', id)).toHaveLength(1)
    // 用户管理 still offers it (marked), so saving a member's roles does not drop it unseen
    expect((await get('/api/console/user/roleOptions', admin)).data).toContainEqual({
      roleKey: 'auditor',
      roleName: '审核与用户',
      disabled: true,
    })
    expect((await post('/api/console/role/status', admin, { roleId: id, status: '0' })).code).toBe(200)
    expect(await consolePages(member.token)).toEqual(['商品审核', '用户管理'])

    // a role with members is not removed
    expect(await post('/api/console/role/remove', admin, { roleId: id })).toMatchObject({
      code: 400,
      msg: '该角色还有 1 名成员，不能删除，请改为停用',
    })
  })

  it('gives console access only through a role holding console:index:view', async () => {
    const ids = await menuIds()
    const created = await post(
      '/api/console/role/add',
      admin,
      roleBody({
        roleName: '无入口',
        roleKey: 'noentry',
        permissions: [PERMS.goodsAuditList],
        menuIds: [ids.get('商品审核')],
      }),
    )
    expect(created.code).toBe(200)
    const user = await userWithRoles('noe', ['common', 'noentry'])
    expect(await consolePages(user.token)).toEqual([])
    expect(await permissionsOf(user.token)).not.toContain(PERMS.goodsAuditList)
    expect((await get('/api/console/goods/list', user.token)).code).toBe(403)
    // the buyer's own menus are untouched
    const titles = ((await get('/api/getRouters', user.token)).data as RouterItem[]).map((m) => m.meta?.title)
    expect(titles).toContain('买家中心')
  })

  it('keeps the admin role and the common role as they are', async () => {
    const adminId = await roleId('admin')
    expect(
      await post('/api/console/role/edit', admin, { roleId: adminId, ...roleBody({ roleKey: 'admin' }) }),
    ).toMatchObject({
      code: 400,
      msg: '超级管理员角色不能修改',
    })
    expect(await post('/api/console/role/status', admin, { roleId: adminId, status: '1' })).toMatchObject({
      code: 400,
      msg: '超级管理员角色不能停用',
    })
    expect(await post('/api/console/role/remove', admin, { roleId: adminId })).toMatchObject({
      code: 400,
      msg: '超级管理员角色不能删除',
    })
    const commonId = await roleId('common')
    expect((await post('/api/console/role/status', admin, { roleId: commonId, status: '1' })).code).toBe(400)
    expect(
      await post('/api/console/role/edit', admin, {
        roleId: commonId,
        ...roleBody({ roleKey: 'buyers', roleName: '普通用户', permissions: [] }),
      }),
    ).toMatchObject({ code: 400, msg: '普通用户角色的权限字符不能修改' })
    // editing common's console rights keeps the strings that are not the console's (the base seed
    // gives it none: a buyer's own pages check the session, not a permission string)
    await t.app.db
      .insertInto('role_permissions')
      .values({ role_id: commonId, permission: 'goods:goods:publish' })
      .execute()
    expect(
      (
        await post('/api/console/role/edit', admin, {
          roleId: commonId,
          ...roleBody({ roleKey: 'common', roleName: '普通用户', remark: '', permissions: [] }),
        })
      ).code,
    ).toBe(200)
    const kept = await t.app.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', commonId)
      .execute()
    expect(kept.map((r) => r.permission)).toContain('goods:goods:publish')
    expect(await permissionsOf(buyer)).toContain('goods:goods:publish')
  })

  it('refuses a taken key (any case) or name, unknown permissions and unknown menus; removes an unused role', async () => {
    expect(
      await post('/api/console/role/add', admin, roleBody({ roleKey: 'OPERATOR', roleName: '新运营' })),
    ).toMatchObject({
      code: 400,
      msg: '权限字符已存在：OPERATOR',
    })
    expect(
      await post('/api/console/role/add', admin, roleBody({ roleKey: 'ops2', roleName: '运营' })),
    ).toMatchObject({
      code: 400,
      msg: '角色名称已存在：运营',
    })
    expect(
      await post(
        '/api/console/role/add',
        admin,
        roleBody({ roleKey: 'ops2', roleName: '运营二', permissions: ['goods:goods:publish'] }),
      ),
    ).toMatchObject({ code: 400, msg: '未知的权限字符：goods:goods:publish' })
    // a user-centre menu is not a console menu
    const buyerMenu = await t.app.db
      .selectFrom('menus')
      .select('id')
      .where('path', '=', '/buyer')
      .executeTakeFirstOrThrow()
    expect(
      await post(
        '/api/console/role/add',
        admin,
        roleBody({ roleKey: 'ops2', roleName: '运营二', menuIds: [buyerMenu.id] }),
      ),
    ).toMatchObject({ code: 400, msg: `菜单不存在：${buyerMenu.id}` })
    expect(
      (await post('/api/console/role/add', admin, roleBody({ roleKey: 'Bad-Key', roleName: 'x' }))).code,
    ).toBe(400)

    const created = await post(
      '/api/console/role/add',
      admin,
      roleBody({ roleKey: 'temp', roleName: '临时' }),
    )
    expect(created.code).toBe(200)
    expect(await post('/api/console/role/remove', admin, { roleId: created.data.roleId })).toMatchObject({
      code: 200,
      msg: '角色已删除',
    })
    expect((await get(`/api/console/role/detail/${created.data.roleId}`, admin)).code).toBe(404)
    const [row] = await opRows('role-remove', created.data.roleId)
    expect(JSON.parse(row.before_json!)).toMatchObject({
      roleKey: 'temp',
      permissions: [PERMS.consoleView, PERMS.goodsAuditList],
    })
  })
})

describe('role editors without the admin role', () => {
  const EDITOR = [PERMS.consoleView, PERMS.roleList, PERMS.roleEdit, PERMS.userList, PERMS.userRole]
  let editorRole: number
  let editor: { token: string; userId: number; username: string }

  beforeAll(async () => {
    const created = await post(
      '/api/console/role/add',
      admin,
      roleBody({ roleKey: 'editor', roleName: '权限专员', permissions: EDITOR }),
    )
    editorRole = created.data.roleId
    editor = await userWithRoles('edt', ['common', 'editor'])
  })

  const editEditor = (token: string, permissions: string[]) =>
    post('/api/console/role/edit', token, {
      roleId: editorRole,
      ...roleBody({ roleKey: 'editor', roleName: '权限专员', permissions }),
    })

  it('grant and withdraw only what they hold, and never the admin role', async () => {
    expect(await editEditor(editor.token, [...EDITOR, PERMS.withdrawApprove])).toMatchObject({
      code: 400,
      msg: '不能授予或收回自己没有的权限：提现审核：打款',
    })
    const other = await newUser(t.app, 'oth', { verified: false })
    expect(
      await post('/api/console/user/roles', editor.token, {
        userId: other.userId,
        roleKeys: ['common', 'admin'],
      }),
    ).toMatchObject({ code: 400, msg: '只有超级管理员可以授予或移除超级管理员角色' })
    // the operator role holds rights the editor lacks
    expect(
      (
        await post('/api/console/user/roles', editor.token, {
          userId: other.userId,
          roleKeys: ['common', 'operator'],
        })
      ).code,
    ).toBe(400)
    expect(
      await post('/api/console/user/roles', editor.token, {
        userId: other.userId,
        roleKeys: ['common', 'editor'],
      }),
    ).toMatchObject({ code: 200, msg: '角色已保存' })
    const [row] = await opRows('user-roles', other.userId)
    expect(JSON.parse(row.after_json!)).toEqual({ roles: ['common', 'editor'] })
    expect(row.user_name).toBe(editor.username)
  })

  it('the last account able to edit roles cannot take that right from itself', async () => {
    // while the admin account can still edit roles, the editor may drop the right
    expect(
      (
        await editEditor(
          editor.token,
          EDITOR.filter((p) => p !== PERMS.roleEdit),
        )
      ).code,
    ).toBe(200)
    expect(await permissionsOf(editor.token)).not.toContain(PERMS.roleEdit)
    expect((await editEditor(admin, EDITOR)).code).toBe(200)

    // the other holders are locked: the editor is the last one
    const others = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('status', '=', '0')
      .where('id', '!=', editor.userId)
      .where('user_name', 'in', ['admin'])
      .execute()
    await t.app.db
      .updateTable('users')
      .set({ status: '1' })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute()
    const otherEditors = await t.app.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role_id', '=', editorRole)
      .where('user_id', '!=', editor.userId)
      .execute()
    await t.app.db
      .deleteFrom('user_roles')
      .where('role_id', '=', editorRole)
      .where('user_id', '!=', editor.userId)
      .execute()
    try {
      const last = '您是最后一个可以编辑角色的账号，不能移除自己的角色编辑权限'
      expect(
        await editEditor(
          editor.token,
          EDITOR.filter((p) => p !== PERMS.roleEdit),
        ),
      ).toMatchObject({ code: 400, msg: last })
      // console:index:view is needed for roleEdit to count
      expect(
        await editEditor(
          editor.token,
          EDITOR.filter((p) => p !== PERMS.consoleView),
        ),
      ).toMatchObject({ code: 400, msg: last })
      expect(
        await post('/api/console/role/status', editor.token, { roleId: editorRole, status: '1' }),
      ).toMatchObject({
        code: 400,
        msg: last,
      })
      expect(
        await post('/api/console/user/roles', editor.token, { userId: editor.userId, roleKeys: ['common'] }),
      ).toMatchObject({
        code: 400,
        msg: last,
      })
      // nothing changed
      expect(await permissionsOf(editor.token)).toContain(PERMS.roleEdit)
    } finally {
      await t.app.db
        .updateTable('users')
        .set({ status: '0' })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute()
      if (otherEditors.length)
        await t.app.db
          .insertInto('user_roles')
          .values(otherEditors.map((o) => ({ user_id: o.user_id, role_id: editorRole })))
          .execute()
    }
  })
})

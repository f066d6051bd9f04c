/**
 * 菜单管理 of the console (docs/console.md): the console's menu rows (those under /console; the user
 * centre's menus are not edited here) as a tree, added, edited, disabled, hidden and removed, each
 * change with its operation-log row in the change's transaction. Also the role → console menu grants
 * that 角色管理 saves (`roleMenus`), since role_menus belongs to this module.
 *
 * Rules: a directory (M) nests pages with `Layout` at the top level or `ParentView` inside another
 * directory and has no permission string; a page (C) names a known console component and a known
 * permission string; paths are unique among siblings; a row with children is not removed; the row of
 * this very page (and its directories) is never disabled or removed, or nobody could undo it.
 */
import type { Selectable } from 'kysely'
import {
  MENU_CHILD_PATH,
  MENU_TOP_PATH,
  type MenuBody,
  type MenuEditBody,
  type StaffMenu,
} from '../../../shared/api/system'
import type { MenuNode } from '../../../shared/api/auth'
import { isConsolePageComponent } from '../../../shared/pages/console'
import { STAFF_PERMISSIONS } from '../../../shared/permissions'
import { ROLE_ADMIN } from '../../../shared/constants'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import type { MenusTable } from './tables'

type MenuRow = Selectable<MenusTable>

const CONSOLE_ROOT = '/console'
/** the page that edits menus: never disabled or removed (with its directories) */
const SELF_COMPONENT = 'MenuManage'

const isConsoleTop = (row: MenuRow) =>
  row.parent_id === null && (row.path === CONSOLE_ROOT || row.path.startsWith(`${CONSOLE_ROOT}/`))

/** The console's rows of the menus table, with their tree. */
async function consoleTree(db: Db) {
  const rows = await db.selectFrom('menus').selectAll().orderBy('order_num').orderBy('id').execute()
  const byParent = new Map<number, MenuRow[]>()
  for (const row of rows)
    if (row.parent_id !== null) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row])
  const byId = new Map<number, MenuRow>()
  const visit = (row: MenuRow) => {
    byId.set(row.id, row)
    for (const child of byParent.get(row.id) ?? []) visit(child)
  }
  const tops = rows.filter(isConsoleTop)
  tops.forEach(visit)
  const children = (id: number) => byParent.get(id) ?? []
  const ancestors = (id: number): number[] => {
    const out: number[] = []
    for (let p = byId.get(id)?.parent_id ?? null; p !== null; p = byId.get(p)?.parent_id ?? null) out.push(p)
    return out
  }
  const descendants = (id: number): number[] =>
    children(id).flatMap((child) => [child.id, ...descendants(child.id)])
  return { tops, byId, children, ancestors, descendants }
}

const status = (value: string) => (value === '0' ? '0' : '1')

function toStaffMenu(row: MenuRow): StaffMenu {
  return {
    menuId: row.id,
    parentId: row.parent_id,
    menuName: row.menu_name,
    menuType: row.menu_type === 'M' ? 'M' : 'C',
    path: row.path,
    component: row.component ?? '',
    icon: row.icon,
    orderNum: Number(row.order_num),
    hidden: Number(row.hidden) === 1,
    noCache: Number(row.no_cache) === 1,
    affix: Number(row.affix) === 1,
    status: status(row.status),
    perms: row.perms ?? null,
    activeMenu: row.active_menu ?? null,
  }
}

/**
 * The console menus a role sees (`ids`) and their replacement: unknown or non-console ids are refused,
 * a page's directories are added (a page under a directory the role does not see would not show), and
 * the role's other menus (the user centre's) stay as they are.
 */
export function roleMenus(trx: Db) {
  return {
    async of(roleId: number): Promise<number[]> {
      const tree = await consoleTree(trx)
      const rows = await trx
        .selectFrom('role_menus')
        .select('menu_id')
        .where('role_id', '=', roleId)
        .execute()
      return rows.map((r) => r.menu_id).filter((id) => tree.byId.has(id))
    },
    /** every grant of a role that is removed */
    async clear(roleId: number) {
      await trx.deleteFrom('role_menus').where('role_id', '=', roleId).execute()
    },
    async set(roleId: number, menuIds: number[]): Promise<number[]> {
      const tree = await consoleTree(trx)
      for (const id of menuIds) if (!tree.byId.has(id)) throw badRequest(`菜单不存在：${id}`)
      const ids = [...new Set(menuIds.flatMap((id) => [id, ...tree.ancestors(id)]))].sort((a, b) => a - b)
      const consoleIds = [...tree.byId.keys()]
      if (consoleIds.length)
        await trx
          .deleteFrom('role_menus')
          .where('role_id', '=', roleId)
          .where('menu_id', 'in', consoleIds)
          .execute()
      if (ids.length)
        await trx
          .insertInto('role_menus')
          .values(ids.map((menu_id) => ({ role_id: roleId, menu_id })))
          .execute()
      return ids
    },
  }
}

export function menuStaffService(db: Db, now: () => number) {
  async function check(trx: Db, body: MenuBody, existing: MenuRow | null) {
    const tree = await consoleTree(trx)
    const parentId = body.parentId ?? null
    if (parentId !== null) {
      const parent = tree.byId.get(parentId)
      if (!parent) throw badRequest('上级菜单不存在')
      if (parent.menu_type !== 'M') throw badRequest('上级菜单必须是目录')
      if (existing && (parentId === existing.id || tree.descendants(existing.id).includes(parentId)))
        throw badRequest('上级菜单不能是自己或自己的下级')
    }
    const path = body.path.trim()
    if (parentId === null && !new RegExp(MENU_TOP_PATH).test(path))
      throw badRequest('顶级菜单的路由地址须为 /console/ 加一段字母、数字、- 或 _，如 /console/shop')
    if (parentId !== null && !new RegExp(MENU_CHILD_PATH).test(path))
      throw badRequest('下级菜单的路由地址只能是一段字母、数字、- 或 _（以小写字母开头），如 goods')
    const siblings = parentId === null ? tree.tops : tree.children(parentId)
    if (siblings.some((s) => s.id !== existing?.id && s.path.toLowerCase() === path.toLowerCase()))
      throw badRequest(`同级菜单中已有路由地址 ${path}`)

    const perms = body.perms?.trim() || null
    if (body.menuType === 'M') {
      const component = parentId === null ? 'Layout' : 'ParentView'
      if (body.component !== component)
        throw badRequest(
          parentId === null ? '顶级目录的组件必须是 Layout' : '下级目录的组件必须是 ParentView',
        )
      if (perms) throw badRequest('目录不需要权限字符，请在其下的页面上设置')
    } else {
      if (existing && tree.children(existing.id).length) throw badRequest('该目录下还有子菜单，不能改为页面')
      // a component no longer listed may stay on the row it is on
      if (!isConsolePageComponent(body.component) && body.component !== existing?.component)
        throw badRequest(`组件不存在：${body.component}`)
      if (!perms) throw badRequest('页面的权限字符不能为空')
      if (!(STAFF_PERMISSIONS as readonly string[]).includes(perms))
        throw badRequest(`未知的权限字符：${perms}`)
    }
    return {
      parent_id: parentId,
      menu_name: body.menuName.trim(),
      menu_type: body.menuType,
      path,
      component: body.component,
      icon: body.icon?.trim() ?? '',
      order_num: body.orderNum,
      hidden: body.hidden ? 1 : 0,
      no_cache: body.noCache ? 1 : 0,
      affix: body.affix ? 1 : 0,
      status: body.status,
      perms,
      active_menu: body.activeMenu?.trim() || null,
    }
  }

  /** the row of 菜单管理 itself, or one of its directories */
  async function guardsSelf(trx: Db, id: number): Promise<boolean> {
    const tree = await consoleTree(trx)
    return [...tree.byId.values()].some(
      (row) => row.component === SELF_COMPONENT && (row.id === id || tree.ancestors(row.id).includes(id)),
    )
  }

  async function find(trx: Db, menuId: number) {
    const tree = await consoleTree(trx)
    const row = tree.byId.get(menuId)
    if (!row) throw notFound('菜单不存在')
    return row
  }

  return {
    async list(): Promise<StaffMenu[]> {
      const tree = await consoleTree(db)
      const build = (row: MenuRow): StaffMenu => {
        const children = tree.children(row.id)
        return { ...toStaffMenu(row), ...(children.length ? { children: children.map(build) } : {}) }
      }
      return tree.tops.map(build)
    },

    async nodes(): Promise<MenuNode[]> {
      const tree = await consoleTree(db)
      const build = (row: MenuRow): MenuNode => {
        const children = tree.children(row.id)
        return {
          menuId: row.id,
          menuName: row.menu_name,
          menuType: row.menu_type === 'M' ? 'M' : 'C',
          perms: row.perms ?? null,
          status: status(row.status),
          ...(children.length ? { children: children.map(build) } : {}),
        }
      }
      return tree.tops.map(build)
    },

    /** A new row; a page is shown at once to the roles holding its permission (with its directories). */
    async add(actor: Actor, body: MenuBody): Promise<{ menuId: number }> {
      return db.transaction().execute(async (trx) => {
        const values = await check(trx, body, null)
        const { id } = await trx.insertInto('menus').values(values).returning('id').executeTakeFirstOrThrow()
        const holders = await trx
          .selectFrom('roles')
          .select('roles.id')
          .where((eb) =>
            eb.or([
              eb('roles.role_key', '=', ROLE_ADMIN),
              ...(values.perms
                ? [
                    eb(
                      'roles.id',
                      'in',
                      eb
                        .selectFrom('role_permissions')
                        .select('role_id')
                        .where('permission', '=', values.perms),
                    ),
                  ]
                : []),
            ]),
          )
          .execute()
        const tree = await consoleTree(trx)
        const ids = [id, ...tree.ancestors(id)]
        for (const { id: roleId } of holders) {
          const has = await trx
            .selectFrom('role_menus')
            .select('menu_id')
            .where('role_id', '=', roleId)
            .where('menu_id', 'in', ids)
            .execute()
          const missing = ids.filter((m) => !has.some((h) => h.menu_id === m))
          if (missing.length)
            await trx
              .insertInto('role_menus')
              .values(missing.map((menu_id) => ({ role_id: roleId, menu_id })))
              .execute()
        }
        await record(trx, {
          actor,
          module: 'system',
          action: 'menu-add',
          target: id,
          after: toStaffMenu({ ...values, id } as MenuRow),
          at: now(),
        })
        return { menuId: id }
      })
    },

    async edit(actor: Actor, body: MenuEditBody): Promise<void> {
      const { menuId, ...fields } = body
      await db.transaction().execute(async (trx) => {
        const before = await find(trx, menuId)
        const values = await check(trx, fields, before)
        if (values.status !== '0' && (await guardsSelf(trx, menuId)))
          throw badRequest('菜单管理页面及其目录不能停用')
        if (values.component !== SELF_COMPONENT && before.component === SELF_COMPONENT)
          throw badRequest('菜单管理页面的组件不能修改')
        await trx.updateTable('menus').set(values).where('id', '=', menuId).execute()
        await record(trx, {
          actor,
          module: 'system',
          action: 'menu-edit',
          target: menuId,
          before: toStaffMenu(before),
          after: toStaffMenu({ ...before, ...values }),
          at: now(),
        })
      })
    },

    async remove(actor: Actor, menuId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await find(trx, menuId)
        const tree = await consoleTree(trx)
        if (tree.children(menuId).length) throw badRequest('该菜单下还有子菜单，请先删除子菜单')
        if (await guardsSelf(trx, menuId)) throw badRequest('菜单管理页面及其目录不能删除')
        // its grants go with it (role_menus cascade)
        await trx.deleteFrom('role_menus').where('menu_id', '=', menuId).execute()
        await trx.deleteFrom('menus').where('id', '=', menuId).execute()
        await record(trx, {
          actor,
          module: 'system',
          action: 'menu-remove',
          target: menuId,
          before: toStaffMenu(before),
          at: now(),
        })
      })
    },
  }
}

export type MenuStaffService = ReturnType<typeof menuStaffService>

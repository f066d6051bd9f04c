/**
 * The menu rows are seeded from the pages' records (src/shared/pages/): a console page's row under
 * its directory, in its order, with its title, icon, component and permission, granted with its
 * directory to every staff role holding that permission; the user centre's items for every user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_DIRECTORIES, CONSOLE_PAGE_RECORDS } from '../../../shared/pages/console'
import { siteMenus } from '../../../shared/pages/site'
import { CS_PERMISSIONS, OPERATOR_PERMISSIONS, ROLE_CS, ROLE_OPERATOR } from '../../../shared/permissions'
import { startTestApp, type TestApp } from '../../test-utils'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

const menus = () => t.app.db.selectFrom('menus').selectAll().execute()

describe('menu seed', () => {
  it('seeds one row per record under its directory, in order', async () => {
    const rows = await menus()
    const byId = new Map(rows.map((r) => [r.id, r]))
    const pages = rows.filter((r) => r.menu_type === 'C' && r.perms !== null)
    expect(pages.map((r) => r.component).sort()).toEqual(CONSOLE_PAGE_RECORDS.map((p) => p.component).sort())
    for (const record of CONSOLE_PAGE_RECORDS) {
      const row = pages.find((r) => r.component === record.component)!
      const parent = row.parent_id === null ? undefined : byId.get(row.parent_id)
      expect(parent?.path, record.component).toBe(record.parent)
      const siblings = CONSOLE_PAGE_RECORDS.filter((p) => p.parent === record.parent)
      const rank = siblings.filter((p) => p.order < record.order).length + 1
      expect(row, record.component).toMatchObject({
        menu_name: record.title,
        path: record.path,
        icon: record.icon,
        perms: record.permission,
        affix: record.affix ? 1 : 0,
        ...(record.parent ? { order_num: rank } : {}),
      })
    }
    for (const dir of CONSOLE_DIRECTORIES) {
      expect(rows.find((r) => r.path === dir.path)).toMatchObject({
        menu_name: dir.title,
        menu_type: 'M',
        component: 'Layout',
        icon: dir.icon,
        parent_id: null,
      })
    }
  })

  it('grants a page and its directory to each staff role holding its permission', async () => {
    const rows = await menus()
    for (const [roleKey, held] of [
      [ROLE_OPERATOR, OPERATOR_PERMISSIONS],
      [ROLE_CS, CS_PERMISSIONS],
    ] as const) {
      const granted = await t.app.db
        .selectFrom('role_menus')
        .innerJoin('roles', 'roles.id', 'role_menus.role_id')
        .select('role_menus.menu_id')
        .where('roles.role_key', '=', roleKey)
        .execute()
      const paths = new Set(granted.map((g) => rows.find((r) => r.id === g.menu_id)!.path))
      for (const record of CONSOLE_PAGE_RECORDS) {
        const holds = (held as readonly string[]).includes(record.permission)
        expect(paths.has(record.path) && (!record.parent || paths.has(record.parent)), record.component).toBe(
          holds,
        )
      }
    }
  })

  it('seeds the user centre from the site records, for admin and every user', async () => {
    const rows = await menus()
    const top = rows.filter((r) => r.parent_id === null && !r.path.startsWith('/console'))
    expect(top.map((r) => [r.menu_name, r.path, r.icon, r.order_num])).toEqual(
      siteMenus().map((dir, i) => [dir.title, dir.path, dir.icon, i + 1]),
    )
    for (const dir of siteMenus()) {
      const id = top.find((r) => r.path === dir.path)!.id
      const items = rows.filter((r) => r.parent_id === id).sort((a, b) => a.order_num - b.order_num)
      expect(items.map((r) => [r.menu_name, r.path, r.component, r.icon])).toEqual(
        dir.children.map((item) => [item.title, item.path, item.component, item.icon]),
      )
    }
    expect(siteMenus().find((dir) => dir.path === '/buyer')?.children[0]).toEqual({
      title: '我的订单',
      path: 'buyOrder.html',
      component: 'buyer/buyOrder',
      icon: 'list',
      order: 1,
    })
  })
})

/**
 * Reference data reconciled at every start (reference.ts, docs/operations.md "Upgrades"): what the
 * code adds arrives, what it retires goes (only its own rows), what staff changed or removed stays,
 * and a second run changes nothing.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMS, ROLE_CS, ROLE_OPERATOR } from '../../../shared/permissions'
import { startTestApp, type TestApp } from '../../test-utils'
import { openDatabase, type Db } from '../index'
import { migrateToLatest } from '../migrate'
import { createScratchDatabase, dropScratchDatabase } from '../scratch'
import { codeMenus, codeReference, reconcileReference, type CodeReference } from './reference'

let t: TestApp
let db: Db
beforeAll(async () => {
  t = await startTestApp()
  db = t.app.db
})
afterAll(() => t?.close())

const NOTHING = { added: 0, removed: 0, updated: 0 }

/** The code's reference data with a console page, a dictionary entry, a parameter and a grant more. */
function withAdditions(): CodeReference {
  const code = codeReference()
  const trade = code.menus.find((m) => m.key === '/console/trade')!
  return {
    ...code,
    roles: code.roles.map((r) => (r.key === ROLE_CS ? { ...r, perms: [...r.perms, PERMS.reviewList] } : r)),
    menus: [
      ...code.menus,
      {
        ...code.menus.find((m) => m.key === '/console/trade/order')!,
        key: `${trade.key}/refund`,
        parentKey: trade.key,
        name: '退款管理',
        path: 'refund',
        component: 'RefundManage',
        order: 9,
        perms: PERMS.reviewList,
      },
    ],
    dicts: { ...code.dicts, sys_yes_no: [...code.dicts.sys_yes_no!, ['U', '未定', 'info']] },
    configs: [...code.configs, ['test.newParam', '42', '测试-新参数']],
  }
}

const menuByKey = (key: string) =>
  db.selectFrom('menus').selectAll().where('ref_key', '=', key).executeTakeFirst()
const roleId = async (key: string) =>
  (await db.selectFrom('roles').select('id').where('role_key', '=', key).executeTakeFirstOrThrow()).id
const seesMenu = async (role: string, menuId: number) =>
  (await db
    .selectFrom('role_menus')
    .select('menu_id')
    .where('role_id', '=', await roleId(role))
    .where('menu_id', '=', menuId)
    .executeTakeFirst()) !== undefined
const config = async (key: string) =>
  (await db.selectFrom('sys_config').select('config_value').where('config_key', '=', key).executeTakeFirst())
    ?.config_value
const dictEntry = (type: string, value: string) =>
  db
    .selectFrom('dict_data')
    .selectAll()
    .where('dict_type', '=', type)
    .where('dict_value', '=', value)
    .executeTakeFirst()
const grants = async (role: string) =>
  (
    await db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', await roleId(role))
      .execute()
  ).map((r) => r.permission)

/** every reference table, to compare before and after */
async function snapshot() {
  const [menus, roleMenus, dicts, configs, perms, keys] = await Promise.all([
    db.selectFrom('menus').selectAll().orderBy('id').execute(),
    db.selectFrom('role_menus').selectAll().orderBy('role_id').orderBy('menu_id').execute(),
    db.selectFrom('dict_data').selectAll().orderBy('id').execute(),
    db.selectFrom('sys_config').selectAll().orderBy('id').execute(),
    db.selectFrom('role_permissions').selectAll().orderBy('role_id').orderBy('permission').execute(),
    db.selectFrom('reference_keys').selectAll().orderBy('ref_key').execute(),
  ])
  return { menus, roleMenus, dicts, configs, perms, keys }
}

describe('reference data reconciliation', () => {
  it('changes nothing on a database that is up to date, run after run', async () => {
    const before = await snapshot()
    expect(before.keys.length).toBeGreaterThan(100)
    // every menu row of a new database is the code's
    expect(before.menus.every((m) => m.ref_key !== null)).toBe(true)
    expect(await reconcileReference(db)).toEqual(NOTHING)
    expect(await reconcileReference(db)).toEqual(NOTHING)
    expect(await snapshot()).toEqual(before)
  })

  it('adds what the code adds: a console page (with its grants), a dictionary entry, a parameter, a grant', async () => {
    expect(await reconcileReference(db, withAdditions())).toEqual({ added: 4, removed: 0, updated: 0 })
    const page = await menuByKey('/console/trade/refund')
    expect(page).toMatchObject({ menu_name: '退款管理', component: 'RefundManage', perms: PERMS.reviewList })
    const trade = await menuByKey('/console/trade')
    expect(page!.parent_id).toBe(trade!.id)
    // admin, and the roles holding its permission: operator, and cs from the new grant
    expect(await grants(ROLE_CS)).toContain(PERMS.reviewList)
    for (const role of ['admin', ROLE_OPERATOR, ROLE_CS])
      expect(await seesMenu(role, page!.id), role).toBe(true)
    expect(await seesMenu('common', page!.id)).toBe(false)
    expect(await dictEntry('sys_yes_no', 'U')).toMatchObject({
      dict_label: '未定',
      builtin: 1,
      is_default: 'N',
    })
    expect(await config('test.newParam')).toBe('42')
    // and only once
    expect(await reconcileReference(db, withAdditions())).toEqual(NOTHING)
  })

  it('keeps what staff changed: a renamed menu, a disabled entry, a parameter value, a menu of their own', async () => {
    const page = (await menuByKey('/console/trade/refund'))!
    await db
      .updateTable('menus')
      .set({ menu_name: '退款处理', order_num: 1 })
      .where('id', '=', page.id)
      .execute()
    await db
      .updateTable('dict_data')
      .set({ status: '1', dict_label: '待定' })
      .where('dict_type', '=', 'sys_yes_no')
      .where('dict_value', '=', 'U')
      .execute()
    await db
      .updateTable('sys_config')
      .set({ config_value: '7' })
      .where('config_key', '=', 'test.newParam')
      .execute()
    const system = (await menuByKey('/console/system'))!
    const { id: own } = await db
      .insertInto('menus')
      .values({
        parent_id: system.id,
        menu_name: '自建页面',
        menu_type: 'C',
        path: 'mine',
        component: 'OpLog',
        icon: 'log',
        order_num: 99,
        hidden: 0,
        no_cache: 0,
        status: '0',
        perms: PERMS.oplogList,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // a structural field staff changed by hand follows the code again
    await db.updateTable('menus').set({ component: 'OpLog' }).where('id', '=', page.id).execute()

    expect(await reconcileReference(db, withAdditions())).toEqual({ added: 0, removed: 0, updated: 1 })
    expect(await menuByKey('/console/trade/refund')).toMatchObject({
      menu_name: '退款处理',
      order_num: 1,
      component: 'RefundManage',
    })
    expect(await dictEntry('sys_yes_no', 'U')).toMatchObject({ status: '1', dict_label: '待定' })
    expect(await config('test.newParam')).toBe('7')
    expect(await db.selectFrom('menus').select('id').where('id', '=', own).executeTakeFirst()).toBeDefined()
  })

  it('does not give again what staff removed: a code menu, a grant', async () => {
    const page = (await menuByKey('/console/trade/refund'))!
    await db.deleteFrom('role_menus').where('menu_id', '=', page.id).execute()
    await db.deleteFrom('menus').where('id', '=', page.id).execute()
    await db
      .deleteFrom('role_permissions')
      .where('role_id', '=', await roleId(ROLE_CS))
      .where('permission', '=', PERMS.reviewList)
      .execute()
    expect(await reconcileReference(db, withAdditions())).toEqual(NOTHING)
    expect(await menuByKey('/console/trade/refund')).toBeUndefined()
    expect(await grants(ROLE_CS)).not.toContain(PERMS.reviewList)
  })

  it('removes what the code retired — its own rows only — and a staff menu stays', async () => {
    // the additions are retired again, and 登录日志 with them
    const code = codeReference()
    const retired = { ...code, menus: code.menus.filter((m) => m.key !== '/console/monitor/logininfor') }
    const loginLog = (await menuByKey('/console/monitor/logininfor'))!
    // the grant of the additions was removed by staff above; give it again to see it retired
    await db
      .insertInto('role_permissions')
      .values({ role_id: await roleId(ROLE_CS), permission: PERMS.reviewList })
      .execute()
    // a staff entry in a code dictionary
    await db
      .insertInto('dict_data')
      .values({
        dict_type: 'sys_yes_no',
        dict_label: '也许',
        dict_value: 'M',
        dict_sort: 9,
        list_class: '',
        css_class: '',
        is_default: 'N',
        status: '0',
        builtin: 0,
      })
      .execute()
    // a per-game parameter staff set
    await db
      .insertInto('sys_config')
      .values({ config_key: 'agency.commissionPercent.1', config_value: '8', config_name: '代售佣金' })
      .execute()

    // removed: the 登录日志 row, the entry U, the parameter, cs's grant
    expect(await reconcileReference(db, retired)).toEqual({ added: 0, removed: 4, updated: 0 })
    expect(await menuByKey('/console/monitor/logininfor')).toBeUndefined()
    expect(
      await db.selectFrom('role_menus').select('role_id').where('menu_id', '=', loginLog.id).execute(),
    ).toEqual([])
    expect(await dictEntry('sys_yes_no', 'U')).toBeUndefined()
    expect(await config('test.newParam')).toBeUndefined()
    expect(await grants(ROLE_CS)).not.toContain(PERMS.reviewList)
    expect(await dictEntry('sys_yes_no', 'M')).toBeDefined()
    expect(await config('agency.commissionPercent.1')).toBe('8')
    expect(
      await db.selectFrom('menus').select('id').where('menu_name', '=', '自建页面').executeTakeFirst(),
    ).toBeDefined()
    expect(await reconcileReference(db, retired)).toEqual(NOTHING)

    // the code brings 登录日志 back: a page it retired and brings back is added again
    expect(await reconcileReference(db)).toEqual({ added: 1, removed: 0, updated: 0 })
    const back = (await menuByKey('/console/monitor/logininfor'))!
    expect(await seesMenu(ROLE_CS, back.id)).toBe(false)
    expect(await seesMenu('admin', back.id)).toBe(true)
  })

  it('adopts a row staff made by hand where the code now puts its page', async () => {
    const code = withAdditions()
    const trade = (await menuByKey('/console/trade'))!
    await db
      .insertInto('menus')
      .values({
        parent_id: trade.id,
        menu_name: '手工退款页',
        menu_type: 'C',
        path: 'Refund',
        component: 'OrderManage',
        icon: 'money',
        order_num: 5,
        hidden: 0,
        no_cache: 0,
        status: '0',
        perms: PERMS.orderList,
      })
      .execute()
    // the ledger still lists the page (removed by staff above): forget it, as in a database older than the ledger
    await db.deleteFrom('reference_keys').where('ref_key', '=', 'menu:/console/trade/refund').execute()
    const summary = await reconcileReference(db, code)
    expect(summary.updated).toBe(1)
    expect(await menuByKey('/console/trade/refund')).toMatchObject({
      menu_name: '手工退款页',
      path: 'refund',
      component: 'RefundManage',
      perms: PERMS.reviewList,
    })
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes starting at once (PostgreSQL)', () => {
  it('reconcile one after the other: the first adds everything, the second nothing', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!
    const name = `market_reference_${randomBytes(6).toString('hex')}`
    const url = await createScratchDatabase(adminUrl, name)
    const [a, b] = [
      openDatabase({ dataDir: '', databaseUrl: url }),
      openDatabase({ dataDir: '', databaseUrl: url }),
    ]
    try {
      await migrateToLatest(a!)
      const [first, second] = await Promise.all([reconcileReference(a!.db), reconcileReference(b!.db)])
      expect([first.added, second.added].sort((x, y) => x - y)[0]).toBe(0)
      expect(first.added + second.added).toBeGreaterThan(100)
      const menus = await a!.db.selectFrom('menus').select('ref_key').execute()
      expect(menus.length).toBe(codeMenus().length)
      expect(new Set(menus.map((m) => m.ref_key)).size).toBe(menus.length)
    } finally {
      await a!.db.destroy()
      await b!.db.destroy()
      await dropScratchDatabase(adminUrl, name)
    }
  }, 60_000)
})

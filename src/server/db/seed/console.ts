/**
 * The staff console's base rows (docs/console.md): the staff roles with their permission strings,
 * the console's menu tree (run-time routes of getRouters) and which role sees which menu; demo: the
 * operator and customer-service accounts.
 *
 * The menu tree is derived from the pages' records (src/shared/pages/console.ts): a new console page
 * adds its record there, nothing here.
 */
import { WITHDRAW_STATUS_LABELS } from '../../../shared/api/funds'
import { DISPUTE_STATE_LABELS, RULING_DECISION_LABELS } from '../../../shared/api/warrant'
import { ROLE_ADMIN } from '../../../shared/constants'
import { CONSOLE_DIRECTORIES, CONSOLE_PAGE_RECORDS } from '../../../shared/pages/console'
import { CS_PERMISSIONS, OPERATOR_PERMISSIONS, ROLE_CS, ROLE_OPERATOR } from '../../../shared/permissions'
import { hashPassword } from '../../modules/auth/password'
import { newUserCode } from '../../modules/auth/service'
import type { Db } from '../index'

const DAY = 24 * 60 * 60 * 1000

export interface ConsoleMenu {
  name: string
  /** a directory's absolute path (/console/…) or a page's path relative to its directory */
  path: string
  /** a page's name in the renderer's registry (a directory: Layout) */
  component: string
  icon: string
  /** the permission that shows the menu item (a directory: shown when one of its pages is) */
  perms?: string
  affix?: boolean
  noCache?: boolean
  hidden?: boolean
  activeMenu?: string
  children?: ConsoleMenu[]
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order

/** A page's menu row, from its record. */
const pageMenu = (record: (typeof CONSOLE_PAGE_RECORDS)[number]): ConsoleMenu => ({
  name: record.title,
  path: record.path,
  component: record.component,
  icon: record.icon,
  perms: record.permission,
  ...(record.affix ? { affix: true } : {}),
})

/** The console's menu tree: the directories with their pages and the top-level pages, in order. */
export const CONSOLE_MENUS: ConsoleMenu[] = [
  ...CONSOLE_PAGE_RECORDS.filter((record) => !record.parent).map((record) => ({
    order: record.order,
    menu: pageMenu(record),
  })),
  ...CONSOLE_DIRECTORIES.map((dir) => ({
    order: dir.order,
    menu: {
      name: dir.title,
      path: dir.path,
      component: 'Layout',
      icon: dir.icon,
      children: CONSOLE_PAGE_RECORDS.filter((record) => record.parent === dir.path)
        .sort(byOrder)
        .map(pageMenu),
    },
  })),
]
  .sort(byOrder)
  .map(({ menu }) => menu)

/** The console's dictionaries ([value, label, listClass]), read by useDict / DictTag. */
export const CONSOLE_DICTS: Record<string, DictEntries> = {
  // the console says 已打款 where the member reads 已通过
  withdraw_status: labelDict(
    WITHDRAW_STATUS_LABELS,
    {
      PENDING: 'warning',
      APPROVED: 'success',
      PAYING: 'primary',
      PAID: 'success',
      FAILED: 'danger',
      REJECTED: 'danger',
    },
    { APPROVED: '已打款' },
  ),
  dispute_state: labelDict(DISPUTE_STATE_LABELS, { OPEN: 'danger', RULED: 'success' }),
  // the console says 全额退款 where the parties read 退款给买家
  ruling_decision: labelDict(
    RULING_DECISION_LABELS,
    { RELEASE: 'primary', REFUND: 'warning', SPLIT: 'info' },
    { REFUND: '全额退款' },
  ),
  op_log_status: [
    ['SUCCESS', '成功', 'success'],
    ['DENIED', '拒绝', 'danger'],
  ],
}

/** The staff roles besides admin (admin holds `*:*:*` and sees every menu). */
export const STAFF_ROLES = [
  {
    key: ROLE_OPERATOR,
    name: '运营',
    sort: 3,
    remark: '商品、内容与用户；不含资金操作与权限编辑',
    perms: OPERATOR_PERMISSIONS,
  },
  { key: ROLE_CS, name: '客服', sort: 4, remark: '纠纷与用户，只读', perms: CS_PERMISSIONS },
] as const

/** A dictionary's entries, [value, label, listClass], in sort order (the first is the default). */
export type DictEntries = ReadonlyArray<readonly [string, string, string]>

/**
 * A dictionary whose labels are a shared constant's (src/shared/api/…_LABELS, what the site shows):
 * one entry per key of `classes` (their tag colours), in its order. `wording` names the few values
 * the console words differently; every other label is the constant's.
 */
export function labelDict<V extends string>(
  labels: Record<V, string>,
  classes: Record<V, string>,
  wording: Partial<Record<V, string>> = {},
): DictEntries {
  return (Object.keys(classes) as V[]).map((value) => [
    value,
    wording[value] ?? labels[value],
    classes[value],
  ])
}

/** Inserts dictionaries: one row per entry, sorted as given, the first of each type its default. */
export async function insertDicts(trx: Db, dicts: Record<string, DictEntries>) {
  const rows = Object.entries(dicts).flatMap(([dictType, entries]) =>
    entries.map(([value, label, listClass], i) => ({
      dict_type: dictType,
      dict_label: label,
      dict_value: value,
      dict_sort: i + 1,
      list_class: listClass,
      css_class: '',
      is_default: i === 0 ? 'Y' : 'N',
      status: '0',
    })),
  )
  if (rows.length) await trx.insertInto('dict_data').values(rows).execute()
}

/**
 * Inserts one console menu (and its children) and grants it to every role holding its permission
 * (admin sees every menu anyway). Other seed files call this for their own console pages.
 */
export async function addConsoleMenu(
  trx: Db,
  menu: ConsoleMenu,
  order: number,
  parentId: number | null = null,
) {
  const { id } = await trx
    .insertInto('menus')
    .values({
      parent_id: parentId,
      menu_name: menu.name,
      menu_type: menu.children ? 'M' : 'C',
      path: menu.path,
      component: menu.component,
      icon: menu.icon,
      order_num: order,
      hidden: menu.hidden ? 1 : 0,
      no_cache: menu.noCache ? 1 : 0,
      status: '0',
      perms: menu.perms ?? null,
      active_menu: menu.activeMenu ?? null,
      affix: menu.affix ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [i, child] of (menu.children ?? []).entries()) await addConsoleMenu(trx, child, i + 1, id)
  // a page: the roles holding its permission; a directory: the roles that see one of its pages
  const perms = menu.children ? menu.children.map((c) => c.perms).filter(Boolean) : [menu.perms]
  const roles = await trx
    .selectFrom('role_permissions')
    .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
    .select('roles.id')
    .distinct()
    .where('role_permissions.permission', 'in', perms.length ? (perms as string[]) : ['-'])
    .where('roles.role_key', '!=', ROLE_ADMIN)
    .execute()
  const admin = await trx
    .selectFrom('roles')
    .select('id')
    .where('role_key', '=', ROLE_ADMIN)
    .executeTakeFirst()
  const grantees = [...new Set([...(admin ? [admin.id] : []), ...roles.map((r) => r.id)])]
  if (grantees.length)
    await trx
      .insertInto('role_menus')
      .values(grantees.map((role_id) => ({ role_id, menu_id: id })))
      .execute()
  return id
}

/** Base seed: staff roles, their permissions, the console menu tree. */
export async function seedConsole(db: Db) {
  await db.transaction().execute(async (trx) => {
    for (const role of STAFF_ROLES) {
      const { id } = await trx
        .insertInto('roles')
        .values({
          role_key: role.key,
          role_name: role.name,
          sort: role.sort,
          status: '0',
          remark: role.remark,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('role_permissions')
        .values(role.perms.map((permission) => ({ role_id: id, permission })))
        .execute()
    }
    await insertDicts(trx, CONSOLE_DICTS)
    const last = await trx
      .selectFrom('menus')
      .select((eb) => eb.fn.max('order_num').as('n'))
      .where('parent_id', 'is', null)
      .executeTakeFirst()
    const start = Number(last?.n ?? 0)
    for (const [i, menu] of CONSOLE_MENUS.entries()) await addConsoleMenu(trx, menu, start + i + 1)
  })
}

export const CONSOLE_DEMO_ACCOUNTS = [
  { userName: 'operator', password: 'Operator@123', nickName: '运营小周', role: ROLE_OPERATOR },
  { userName: 'kefu', password: 'Kefu@1234', nickName: '客服小林', role: ROLE_CS },
] as const

/** Creates a demo account (registered 30 days ago) holding the role `account.role`; answers its id. */
export async function insertDemoAccount(
  trx: Db,
  account: { userName: string; nickName: string; phone?: string; role: string },
  passwordHash: string,
  now: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      user_name: account.userName,
      nick_name: account.nickName,
      password_hash: passwordHash,
      avatar: '',
      phone: account.phone ?? '',
      email: `${account.userName}@example.com`,
      user_code: newUserCode(),
      status: '0',
      created_at: now - 30 * DAY,
      updated_at: now - 30 * DAY,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const role = await trx
    .selectFrom('roles')
    .select('id')
    .where('role_key', '=', account.role)
    .executeTakeFirstOrThrow()
  await trx.insertInto('user_roles').values({ user_id: id, role_id: role.id }).execute()
  return id
}

/** Demo seed: the operator and customer-service accounts. */
export async function seedConsoleDemo(db: Db, now: number) {
  const hashes = await Promise.all(CONSOLE_DEMO_ACCOUNTS.map((a) => hashPassword(a.password)))
  await db.transaction().execute(async (trx) => {
    for (const [i, account] of CONSOLE_DEMO_ACCOUNTS.entries())
      await insertDemoAccount(trx, account, hashes[i]!, now)
  })
}

/**
 * The staff console's base rows (docs/console.md): the staff roles with their permission strings,
 * the console's menu tree (run-time routes of getRouters) and which role sees which menu; demo: the
 * operator and customer-service accounts.
 *
 * To add a console page: one entry in CONSOLE_MENUS (or in your own seed file, with
 * `addConsoleMenu`), its permission string in src/shared/permissions.ts, and the page in the
 * renderer's registry (src/renderer/src/features/admin/registry.ts).
 */
import { ROLE_ADMIN } from '../../../shared/constants'
import {
  CS_PERMISSIONS,
  OPERATOR_PERMISSIONS,
  PERMS,
  ROLE_CS,
  ROLE_OPERATOR,
} from '../../../shared/permissions'
import { hashPassword } from '../../modules/auth/password'
import { newUserCode } from '../../modules/auth/service'
import type { Db } from '../index'

const DAY = 24 * 60 * 60 * 1000

/** The console's root path: every console menu path starts with it. */
export const CONSOLE_ROOT = '/console'

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

const page = (name: string, path: string, component: string, icon: string, perms: string): ConsoleMenu => ({
  name,
  path,
  component,
  icon,
  perms,
})

export const CONSOLE_MENUS: ConsoleMenu[] = [
  {
    name: '工作台',
    path: `${CONSOLE_ROOT}/index`,
    component: 'Dashboard',
    icon: 'dashboard',
    perms: PERMS.dashboardView,
    affix: true,
  },
  {
    name: '审核中心',
    path: `${CONSOLE_ROOT}/audit`,
    component: 'Layout',
    icon: 'audit',
    children: [
      page('商品审核', 'goods', 'GoodsAudit', 'goods', PERMS.goodsAuditList),
      page('提现审核', 'withdraw', 'WithdrawAudit', 'money', PERMS.withdrawList),
    ],
  },
  {
    name: '交易管理',
    path: `${CONSOLE_ROOT}/trade`,
    component: 'Layout',
    icon: 'shopping',
    children: [
      page('纠纷仲裁', 'dispute', 'DisputeArbitration', 'warning', PERMS.disputeList),
      page('订单管理', 'order', 'OrderManage', 'list', PERMS.orderList),
    ],
  },
  {
    name: '内容管理',
    path: `${CONSOLE_ROOT}/content`,
    component: 'Layout',
    icon: 'guide',
    children: [
      page('公告与攻略', 'notice', 'NoticeManage', 'message', PERMS.noticeList),
      page('游戏管理', 'game', 'GameManage', 'game', PERMS.gameList),
    ],
  },
  {
    name: '系统管理',
    path: `${CONSOLE_ROOT}/system`,
    component: 'Layout',
    icon: 'system',
    children: [
      page('用户管理', 'user', 'UserManage', 'user', PERMS.userList),
      page('角色管理', 'role', 'RoleManage', 'peoples', PERMS.roleList),
      page('菜单管理', 'menu', 'MenuManage', 'tree-table', PERMS.menuList),
      page('字典管理', 'dict', 'DictManage', 'dict', PERMS.dictList),
      page('参数设置', 'config', 'ConfigManage', 'edit', PERMS.configList),
    ],
  },
  {
    name: '平台运营',
    path: `${CONSOLE_ROOT}/platform`,
    component: 'Layout',
    icon: 'people',
    children: [
      page('实名审核', 'realname', 'RealNameReview', 'user', PERMS.realNameReview),
      page('反馈处理', 'feedback', 'FeedbackHandling', 'message', PERMS.feedbackList),
      page('客服账号', 'cs', 'CsContacts', 'peoples', PERMS.csContactList),
      page('AI 作品管理', 'ai', 'AiWorks', 'picture', PERMS.aiWorkList),
    ],
  },
  {
    name: '日志监控',
    path: `${CONSOLE_ROOT}/monitor`,
    component: 'Layout',
    icon: 'monitor',
    children: [
      page('操作日志', 'oplog', 'OpLog', 'form', PERMS.oplogList),
      page('登录日志', 'logininfor', 'LoginLog', 'logininfor', PERMS.loginlogList),
    ],
  },
]

/** The console's dictionaries ([value, label, listClass]), read by useDict / DictTag. */
export const CONSOLE_DICTS: Record<string, Array<[string, string, string]>> = {
  withdraw_status: [
    ['PENDING', '待审核', 'warning'],
    ['APPROVED', '已打款', 'success'],
    ['REJECTED', '已驳回', 'danger'],
  ],
  dispute_state: [
    ['OPEN', '待裁决', 'danger'],
    ['RULED', '已裁决', 'success'],
  ],
  ruling_decision: [
    ['RELEASE', '放款给卖家', 'primary'],
    ['REFUND', '全额退款', 'warning'],
    ['SPLIT', '部分退款', 'info'],
  ],
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
 * Adds a console page (see addConsoleMenu) last in the directory at `dirPath` (e.g.
 * `/console/platform`); nothing when that directory does not exist.
 */
export async function addConsolePage(trx: Db, dirPath: string, menu: ConsoleMenu) {
  const dir = await trx.selectFrom('menus').select('id').where('path', '=', dirPath).executeTakeFirst()
  if (!dir) return
  const last = await trx
    .selectFrom('menus')
    .select((eb) => eb.fn.max('order_num').as('n'))
    .where('parent_id', '=', dir.id)
    .executeTakeFirst()
  await addConsoleMenu(trx, menu, Number(last?.n ?? 0) + 1, dir.id)
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

/** Demo seed: the operator and customer-service accounts. */
export async function seedConsoleDemo(db: Db, now: number) {
  const hashes = await Promise.all(CONSOLE_DEMO_ACCOUNTS.map((a) => hashPassword(a.password)))
  await db.transaction().execute(async (trx) => {
    for (const [i, account] of CONSOLE_DEMO_ACCOUNTS.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          user_name: account.userName,
          nick_name: account.nickName,
          password_hash: hashes[i],
          avatar: '',
          phone: '',
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
    }
  })
}

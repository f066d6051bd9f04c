/**
 * The staff console's reference data (docs/console.md): the staff roles with their permission strings,
 * the console's menu tree (run-time routes of getRouters), its dictionaries — written and kept up to
 * date by reference.ts at every start; demo: the operator and customer-service accounts.
 *
 * The menu tree is derived from the pages' records (src/shared/pages/console.ts): a new console page
 * adds its record there, nothing here.
 */
import { WITHDRAW_STATUS_LABELS } from '../../../shared/api/funds'
import { DISPUTE_STATE_LABELS, RULING_DECISION_LABELS } from '../../../shared/api/warrant'
import { CONSOLE_DIRECTORIES, CONSOLE_PAGE_RECORDS } from '../../../shared/pages/console'
import { CS_TEAM_LABELS } from '../../../shared/api/cs'
import {
  CS_PERMISSIONS,
  CS_SUPERVISOR_PERMISSIONS,
  OPERATOR_PERMISSIONS,
  ROLE_CS,
  ROLE_CS_SUPERVISOR,
  ROLE_OPERATOR,
} from '../../../shared/permissions'
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
  // 在线客服 teams (docs/customer-service.md): canned replies belong to one
  cs_team: labelDict(CS_TEAM_LABELS, { GENERAL: 'primary', TRADE: 'success', FUNDS: 'warning' }),
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
  { key: ROLE_CS, name: '客服', sort: 4, remark: '纠纷与用户，只读；在线客服接待', perms: CS_PERMISSIONS },
  {
    key: ROLE_CS_SUPERVISOR,
    name: '客服主管',
    sort: 5,
    remark: '客服的一切，另可查看全部会话、转接、快捷回复与客服数据',
    perms: CS_SUPERVISOR_PERMISSIONS,
  },
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

/**
 * A seed file's reference data: dictionaries and parameters ([key, default value, name]), reconciled
 * into every database at every start (reference.ts, docs/operations.md "Upgrades").
 */
export interface SeedReference {
  dicts: Record<string, DictEntries>
  configs: ReadonlyArray<readonly [string, string, string]>
}

export const CONSOLE_DEMO_ACCOUNTS = [
  { userName: 'operator', password: 'Operator@123', nickName: '运营小周', role: ROLE_OPERATOR },
  { userName: 'kefu', password: 'Kefu@1234', nickName: '客服小林', role: ROLE_CS },
  { userName: 'kefuzhuguan', password: 'Kefu@1234', nickName: '客服主管老陈', role: ROLE_CS_SUPERVISOR },
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

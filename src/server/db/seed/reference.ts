/**
 * Reference data — the built-in roles and their permission grants, the menus (user centre and
 * console), the dictionaries and the parameters with their defaults — reconciled with the code at
 * every start, in one transaction after the migrations (docs/operations.md, "Upgrades"). A new
 * database gets all of it this way too, so a kept old database and a new one end up alike.
 *
 * The rule, per entry with its code key (menus: the full path; dictionary entries: type and value;
 * parameters: the key; roles: the role key; grants: role key and permission):
 * - an entry the database has never been given (not in `reference_keys`) is added, and recorded;
 * - an entry given before whose row is gone was removed by staff: it stays removed;
 * - an entry the code no longer has is removed — only rows the code made: menus with a `ref_key`
 *   (never those staff created), built-in dictionary entries, recorded parameters and grants;
 * - rows that exist are never edited where staff may edit them (a menu's name, icon, order,
 *   visibility and status; a dictionary entry's label, colour, order and status; a parameter's value
 *   and name): only a menu's structure follows the code (parent, type, path, component, permission).
 * Roles are added, never removed.
 *
 * Cheap when nothing changed: seven reads and no write but the lock. Two processes starting at once
 * run it one after the other (an advisory lock on PostgreSQL; SQLite's write lock, taken first).
 *
 * Long (over 400 lines) on purpose: the five kinds of entry share one bookkeeping (`reference_keys`,
 * "given before", "retired") inside one transaction, and the rule above reads as one piece only when
 * its five applications stand beside it; split per kind, each file would repeat that bookkeeping.
 *
 * Long (~540 lines) because it is the one list of roles, grants, menus, dictionaries and parameters
 * that every start reconciles; the reconcile code itself is the short part at the end.
 */
import { PostgresAdapter, sql } from 'kysely'
import { ALL_PERMISSION, ROLE_ADMIN } from '../../../shared/constants'
import { siteMenus } from '../../../shared/pages/site'
import { ROLE_COMMON } from '../../modules/auth/service'
import type { Db } from '../index'
import { AGENCY_REFERENCE } from './agency'
import { AI_REFERENCE } from './ai'
import { CONSOLE_DICTS, CONSOLE_MENUS, STAFF_ROLES, type ConsoleMenu, type DictEntries } from './console'
import { LOVE_REFERENCE } from './love'
import { PLATFORM_REFERENCE } from './platform'
import { PROTECTION_REFERENCE } from './protection'
import { REVIEWS_REFERENCE } from './reviews'
import { CONFIGS, DICTS } from './system'

/** The roles the code knows, with the permission strings a new role of that key is given. */
export const BUILTIN_ROLES: ReadonlyArray<{
  key: string
  name: string
  sort: number
  remark: string
  perms: readonly string[]
}> = [
  { key: ROLE_ADMIN, name: '超级管理员', sort: 1, remark: '', perms: [ALL_PERMISSION] },
  { key: ROLE_COMMON, name: '普通用户', sort: 2, remark: '', perms: [] },
  ...STAFF_ROLES.map((r) => ({ key: r.key, name: r.name, sort: r.sort, remark: r.remark, perms: r.perms })),
]

const SEED_REFERENCES = [
  AI_REFERENCE,
  PLATFORM_REFERENCE,
  LOVE_REFERENCE,
  REVIEWS_REFERENCE,
  AGENCY_REFERENCE,
  PROTECTION_REFERENCE,
]

/** Every dictionary of the code: [value, label, listClass] per type, the first its default. */
export function referenceDicts(): Record<string, DictEntries> {
  const out: Record<string, DictEntries> = {}
  // in the order the seeds of before inserted them (the console lists types by their first row)
  const [ai, ...others] = SEED_REFERENCES.map((r) => r.dicts)
  for (const dicts of [DICTS, ai!, CONSOLE_DICTS, ...others])
    for (const [type, entries] of Object.entries(dicts)) {
      if (out[type]) throw new Error(`dictionary ${type} declared twice`)
      out[type] = entries
    }
  return out
}

/** Every parameter of the code: [key, default value, name]. */
export function referenceConfigs(): ReadonlyArray<readonly [string, string, string]> {
  const out = [...CONFIGS, ...SEED_REFERENCES.flatMap((r) => r.configs)]
  const keys = new Set(out.map(([key]) => key))
  if (keys.size !== out.length) throw new Error('a parameter declared twice')
  return out
}

/** A menu row of the code: `key` its full path (`/buyer/myReviews.html`, `/console/audit/goods`). */
export interface CodeMenu {
  key: string
  parentKey: string | null
  name: string
  type: 'M' | 'C'
  path: string
  component: string
  icon: string
  /** its order_num when added */
  order: number
  perms: string | null
  affix: boolean
  hidden: boolean
  noCache: boolean
  activeMenu: string | null
  /** the user centre's (seen by every role) or the console's (admin and the roles holding perms) */
  site: boolean
}

/** The menus of the code, each directory before its pages: the user centre's, then the console's. */
export function codeMenus(): CodeMenu[] {
  const out: CodeMenu[] = []
  const site = siteMenus()
  const plain = { perms: null, affix: false, hidden: false, noCache: false, activeMenu: null, site: true }
  for (const [i, dir] of site.entries()) {
    out.push({
      ...plain,
      key: dir.path,
      parentKey: null,
      name: dir.title,
      type: 'M',
      path: dir.path,
      component: 'Layout',
      icon: dir.icon,
      order: i + 1,
    })
    for (const [j, child] of dir.children.entries())
      out.push({
        ...plain,
        key: `${dir.path}/${child.path}`,
        parentKey: dir.path,
        name: child.title,
        type: 'C',
        path: child.path,
        component: child.component,
        icon: child.icon,
        order: j + 1,
      })
  }
  const visit = (menu: ConsoleMenu, order: number, parentKey: string | null) => {
    const key = parentKey === null ? menu.path : `${parentKey}/${menu.path}`
    out.push({
      key,
      parentKey,
      name: menu.name,
      type: menu.children ? 'M' : 'C',
      path: menu.path,
      component: menu.component,
      icon: menu.icon,
      order,
      perms: menu.perms ?? null,
      affix: menu.affix ?? false,
      hidden: menu.hidden ?? false,
      noCache: menu.noCache ?? false,
      activeMenu: menu.activeMenu ?? null,
      site: false,
    })
    for (const [i, child] of (menu.children ?? []).entries()) visit(child, i + 1, key)
  }
  for (const [i, menu] of CONSOLE_MENUS.entries()) visit(menu, site.length + i + 1, null)
  return out
}

/** The reference data of the code (tests reconcile with a changed copy). */
export interface CodeReference {
  roles: typeof BUILTIN_ROLES
  menus: CodeMenu[]
  dicts: Record<string, DictEntries>
  configs: ReadonlyArray<readonly [string, string, string]>
}

export const codeReference = (): CodeReference => ({
  roles: BUILTIN_ROLES,
  menus: codeMenus(),
  dicts: referenceDicts(),
  configs: referenceConfigs(),
})

/** What one reconciliation changed (all 0: nothing to do). */
export interface ReconcileSummary {
  added: number
  removed: number
  updated: number
}

/** any number of the app's own: the advisory lock of reconciliation on PostgreSQL */
const PG_LOCK = 730_210_032

const CHUNK = 500

/** Reconciles the reference data with the code (the rule: this file's head). */
export async function reconcileReference(
  db: Db,
  code: CodeReference = codeReference(),
): Promise<ReconcileSummary> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  return db.transaction().execute(async (trx) => {
    // one at a time: PostgreSQL waits on the lock; SQLite takes its write lock before reading
    if (postgres) await sql`select pg_advisory_xact_lock(${PG_LOCK})`.execute(trx)
    else await trx.deleteFrom('reference_keys').where('ref_key', '=', '#lock').execute()
    const ledger = new Set(
      (await trx.selectFrom('reference_keys').select('ref_key').execute()).map((r) => r.ref_key),
    )
    const run = new Run(trx, ledger, code)
    await run.roles()
    await run.menus()
    await run.dicts()
    await run.configs()
    await run.saveLedger()
    return run.summary
  })
}

class Run {
  summary: ReconcileSummary = { added: 0, removed: 0, updated: 0 }
  private readonly add = new Set<string>()
  private readonly drop = new Set<string>()
  private roleIds = new Map<string, number>()
  /** the permission strings an older database already knew (its grants and its menus') */
  private known = new Set<string>()

  constructor(
    private readonly trx: Db,
    private readonly ledger: Set<string>,
    private readonly code: CodeReference,
  ) {}

  /** keys of the ledger of one kind that the code no longer has */
  private retiredKeys(prefix: string, code: Set<string>) {
    return [...this.ledger].filter((key) => key.startsWith(prefix) && !code.has(key))
  }

  /** Built-in roles (added, never removed), then their grants. */
  async roles() {
    const { trx, ledger } = this
    const roles = await trx.selectFrom('roles').select(['id', 'role_key']).execute()
    this.roleIds = new Map(roles.map((r) => [r.role_key, Number(r.id)]))
    for (const role of this.code.roles) {
      const key = `role:${role.key}`
      if (ledger.has(key)) continue
      this.add.add(key)
      if (this.roleIds.has(role.key)) continue
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
      this.roleIds.set(role.key, Number(id))
      this.summary.added++
    }

    const grants = await trx.selectFrom('role_permissions').select(['role_id', 'permission']).execute()
    const held = new Set(grants.map((g) => `${g.role_id} ${g.permission}`))
    const menuPerms = await trx.selectFrom('menus').select('perms').where('perms', 'is not', null).execute()
    this.known = new Set([...grants.map((g) => g.permission), ...menuPerms.map((m) => m.perms!)])
    // a database reconciled for the first time has no record of what it was given: a grant missing
    // there is new only when the database never knew the permission (else staff took it away)
    const firstRun = ledger.size === 0
    const code = new Set<string>()
    const rows: Array<{ role_id: number; permission: string }> = []
    for (const role of this.code.roles)
      for (const permission of role.perms) {
        const key = `grant:${role.key}:${permission}`
        code.add(key)
        if (ledger.has(key)) continue
        this.add.add(key)
        const roleId = this.roleIds.get(role.key)
        if (roleId === undefined || held.has(`${roleId} ${permission}`)) continue
        if (firstRun && this.known.has(permission)) continue
        rows.push({ role_id: roleId, permission })
      }
    if (rows.length) await trx.insertInto('role_permissions').values(rows).execute()
    this.summary.added += rows.length

    for (const key of this.retiredKeys('grant:', code)) {
      const [roleKey, ...rest] = key.slice('grant:'.length).split(':')
      const roleId = this.roleIds.get(roleKey!)
      if (roleId !== undefined) {
        const r = await trx
          .deleteFrom('role_permissions')
          .where('role_id', '=', roleId)
          .where('permission', '=', rest.join(':'))
          .executeTakeFirst()
        this.summary.removed += Number(r.numDeletedRows)
      }
      this.drop.add(key)
    }
  }

  async menus() {
    const { trx, ledger } = this
    const rows = await trx
      .selectFrom('menus')
      .select(['id', 'parent_id', 'ref_key', 'menu_type', 'path', 'component', 'perms'])
      .execute()
    const byKey = new Map(rows.filter((r) => r.ref_key !== null).map((r) => [r.ref_key!, r]))
    const parentOf = new Map(
      rows.map((r) => [Number(r.id), r.parent_id === null ? null : Number(r.parent_id)]),
    )
    const { menus } = this.code
    const code = new Set(menus.map((m) => `menu:${m.key}`))
    const inserted: Array<{ id: number; menu: CodeMenu }> = []

    for (const menu of menus) {
      const key = `menu:${menu.key}`
      const parentRow = menu.parentKey === null ? null : byKey.get(menu.parentKey)
      // its directory is gone (staff removed it): nothing to hang it on
      if (parentRow === undefined) continue
      const parentId = parentRow === null ? null : Number(parentRow.id)
      const structure = {
        parent_id: parentId,
        menu_type: menu.type,
        path: menu.path,
        component: menu.component,
        perms: menu.perms,
      }
      // the code's row, or one staff made at its place (say, by hand before an upgrade brought it)
      const row =
        byKey.get(menu.key) ??
        (ledger.has(key)
          ? undefined
          : rows.find(
              (r) =>
                r.ref_key === null &&
                (r.parent_id === null ? null : Number(r.parent_id)) === parentId &&
                r.path.toLowerCase() === menu.path.toLowerCase(),
            ))
      if (row) {
        if (!ledger.has(key)) this.add.add(key)
        const same =
          row.ref_key === menu.key &&
          (row.parent_id === null ? null : Number(row.parent_id)) === parentId &&
          row.menu_type === menu.type &&
          row.path === menu.path &&
          row.component === menu.component &&
          (row.perms ?? null) === menu.perms
        if (!same) {
          await trx
            .updateTable('menus')
            .set({ ...structure, ref_key: menu.key })
            .where('id', '=', row.id)
            .execute()
          this.summary.updated++
          Object.assign(row, structure, { ref_key: menu.key })
          byKey.set(menu.key, row)
          parentOf.set(Number(row.id), parentId)
        }
        continue
      }
      if (ledger.has(key)) continue // given before and removed by staff
      this.add.add(key)
      const { id } = await trx
        .insertInto('menus')
        .values({
          ...structure,
          ref_key: menu.key,
          menu_name: menu.name,
          icon: menu.icon,
          order_num: menu.order,
          hidden: menu.hidden ? 1 : 0,
          no_cache: menu.noCache ? 1 : 0,
          status: '0',
          active_menu: menu.activeMenu,
          affix: menu.affix ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const added = { id, ref_key: menu.key, ...structure }
      byKey.set(menu.key, added)
      parentOf.set(Number(id), parentId)
      inserted.push({ id: Number(id), menu })
      this.summary.added++
    }
    await this.grantMenus(inserted, parentOf)

    // retired: the code's rows it no longer has, deepest first; a directory still holding staff's rows stays
    const depth = (id: number): number => {
      const p = parentOf.get(id)
      return p === null || p === undefined ? 0 : 1 + depth(p)
    }
    const retired = rows
      .filter((r) => r.ref_key !== null && !code.has(`menu:${r.ref_key}`))
      .sort((a, b) => depth(Number(b.id)) - depth(Number(a.id)))
    for (const row of retired) {
      const id = Number(row.id)
      if ([...parentOf.values()].includes(id)) continue
      await trx.deleteFrom('role_menus').where('menu_id', '=', id).execute()
      await trx.deleteFrom('menus').where('id', '=', id).execute()
      parentOf.delete(id)
      this.drop.add(`menu:${row.ref_key}`)
      this.summary.removed++
    }
    const present = new Set(rows.map((r) => `menu:${r.ref_key}`))
    for (const key of this.retiredKeys('menu:', code)) if (!present.has(key)) this.drop.add(key)
  }

  /**
   * A new menu row is shown to admin and — a user centre's row — every common user, or — a console
   * page — every role holding its permission; each with the row's directories.
   */
  private async grantMenus(
    inserted: Array<{ id: number; menu: CodeMenu }>,
    parentOf: Map<number, number | null>,
  ) {
    if (!inserted.length) return
    const { trx } = this
    const grants = await trx
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .select(['roles.id', 'role_permissions.permission'])
      .execute()
    const admin = this.roleIds.get(ROLE_ADMIN)
    const common = this.roleIds.get(ROLE_COMMON)
    const pairs = new Map<string, { role_id: number; menu_id: number }>()
    for (const { id, menu } of inserted) {
      const roles = new Set<number>(admin === undefined ? [] : [admin])
      if (menu.site && common !== undefined) roles.add(common)
      if (!menu.site && menu.perms)
        for (const g of grants) if (g.permission === menu.perms) roles.add(Number(g.id))
      const chain: number[] = []
      for (let m: number | null | undefined = id; m !== null && m !== undefined; m = parentOf.get(m))
        chain.push(m)
      for (const role_id of roles)
        for (const menu_id of chain) pairs.set(`${role_id} ${menu_id}`, { role_id, menu_id })
    }
    const values = [...pairs.values()]
    for (let i = 0; i < values.length; i += CHUNK)
      await trx
        .insertInto('role_menus')
        .values(values.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
        .execute()
  }

  async dicts() {
    const { trx, ledger } = this
    const rows = await trx
      .selectFrom('dict_data')
      .select(['id', 'dict_type', 'dict_value', 'builtin'])
      .execute()
    const have = new Map(rows.map((r) => [`dict:${r.dict_type}:${r.dict_value}`, r]))
    const types = new Set(rows.map((r) => r.dict_type))
    const code = new Set<string>()
    const values = []
    for (const [type, entries] of Object.entries(this.code.dicts))
      for (const [i, [value, label, listClass]] of entries.entries()) {
        const key = `dict:${type}:${value}`
        code.add(key)
        const row = have.get(key)
        if (row) {
          if (!ledger.has(key)) this.add.add(key)
          // an entry staff added that the code now uses: its value is fixed from now on
          if (Number(row.builtin) !== 1) {
            await trx.updateTable('dict_data').set({ builtin: 1 }).where('id', '=', row.id).execute()
            this.summary.updated++
          }
          continue
        }
        if (ledger.has(key)) continue
        this.add.add(key)
        values.push({
          dict_type: type,
          dict_label: label,
          dict_value: value,
          dict_sort: i + 1,
          list_class: listClass,
          css_class: '',
          is_default: i === 0 && !types.has(type) ? 'Y' : 'N',
          status: '0',
        })
      }
    for (let i = 0; i < values.length; i += CHUNK)
      await trx
        .insertInto('dict_data')
        .values(values.slice(i, i + CHUNK))
        .execute()
    this.summary.added += values.length

    const retired = rows.filter(
      (r) => Number(r.builtin) === 1 && !code.has(`dict:${r.dict_type}:${r.dict_value}`),
    )
    if (retired.length)
      await trx
        .deleteFrom('dict_data')
        .where(
          'id',
          'in',
          retired.map((r) => r.id),
        )
        .execute()
    this.summary.removed += retired.length
    for (const r of retired) this.drop.add(`dict:${r.dict_type}:${r.dict_value}`)
    for (const key of this.retiredKeys('dict:', code)) this.drop.add(key)
  }

  async configs() {
    const { trx, ledger } = this
    const have = new Set(
      (await trx.selectFrom('sys_config').select('config_key').execute()).map((r) => r.config_key),
    )
    const code = new Set<string>()
    const values = []
    for (const [configKey, value, name] of this.code.configs) {
      const key = `config:${configKey}`
      code.add(key)
      if (have.has(configKey)) {
        if (!ledger.has(key)) this.add.add(key)
        continue
      }
      if (ledger.has(key)) continue
      this.add.add(key)
      values.push({ config_key: configKey, config_value: value, config_name: name })
    }
    if (values.length) await trx.insertInto('sys_config').values(values).execute()
    this.summary.added += values.length
    // only parameters recorded as the code's: per-game ones (agency.commissionPercent.<id>) are staff's
    for (const key of this.retiredKeys('config:', code)) {
      const r = await trx
        .deleteFrom('sys_config')
        .where('config_key', '=', key.slice('config:'.length))
        .executeTakeFirst()
      this.summary.removed += Number(r.numDeletedRows)
      this.drop.add(key)
    }
  }

  async saveLedger() {
    const { trx } = this
    const add = [...this.add].filter((key) => !this.drop.has(key)).map((ref_key) => ({ ref_key }))
    for (let i = 0; i < add.length; i += CHUNK)
      await trx
        .insertInto('reference_keys')
        .values(add.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('ref_key').doNothing())
        .execute()
    const drop = [...this.drop]
    for (let i = 0; i < drop.length; i += CHUNK)
      await trx
        .deleteFrom('reference_keys')
        .where('ref_key', 'in', drop.slice(i, i + CHUNK))
        .execute()
  }
}

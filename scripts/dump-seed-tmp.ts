// temporary (not committed): dumps the seeded menus, role menus, role permissions and dictionaries
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../src/server/app'

const dir = await mkdtemp(join(tmpdir(), 'dump-'))
const app = await buildApp({ dataDir: dir, captchaEnabled: false, tradeSweepMs: 0 })
const db = app.db
const menus = await db.selectFrom('menus').selectAll().orderBy('id').execute()
const byId = new Map(menus.map((m) => [m.id, m]))
const full = (id: number | null): string => {
  if (id === null) return ''
  const m = byId.get(id)!
  return `${full(m.parent_id)}>${m.path}`
}
const lines: string[] = []
for (const m of menus) {
  const { id, parent_id, ...rest } = m as Record<string, unknown> & { id: number; parent_id: number | null }
  void id
  lines.push(`menu ${full(m.id)} parent=${full(parent_id)} ${JSON.stringify(rest)}`)
}
const rm_ = await db
  .selectFrom('role_menus')
  .innerJoin('roles', 'roles.id', 'role_menus.role_id')
  .select(['roles.role_key', 'role_menus.menu_id'])
  .execute()
for (const r of rm_.map((r) => `role_menu ${r.role_key} ${full(r.menu_id)}`).sort()) lines.push(r)
const rp = await db
  .selectFrom('role_permissions')
  .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
  .select(['roles.role_key', 'role_permissions.permission'])
  .execute()
for (const r of rp.map((r) => `role_perm ${r.role_key} ${r.permission}`).sort()) lines.push(r)
const dicts = await db.selectFrom('dict_data').selectAll().orderBy('dict_type').orderBy('dict_sort').execute()
for (const d of dicts) {
  const { dict_code, ...rest } = d as Record<string, unknown>
  void dict_code
  lines.push(`dict ${JSON.stringify(rest)}`)
}
console.log(lines.join('\n'))
await app.close()
await rm(dir, { recursive: true, force: true })

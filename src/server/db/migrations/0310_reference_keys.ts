import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

interface MenuRow {
  id: number
  parent_id: number | null
  path: string
}

/**
 * Reference data reconciled at every start (docs/operations.md, "Upgrades"; src/server/db/seed/reference.ts):
 * `reference_keys` lists the code's entries this database has been given (a menu, a dictionary entry,
 * a parameter, a built-in role and its grants), so that an entry staff removed is not given again and
 * an entry the code retired is found; `menus.ref_key` names the code's entry a menu row is (its full
 * path: `/buyer/myReviews.html`, `/console/audit/goods`), null for rows staff created.
 *
 * The rows already there get their key from their path, except those the operation log says staff
 * added (menu-add): a database made before this migration has no other record of who made a row.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('reference_keys')
      .addColumn('ref_key', 'text', (col) => col.primaryKey())
      .execute()
    await db.schema.alterTable('menus').addColumn('ref_key', 'text').execute()
    await db.schema.createIndex('menus_ref_key_uq').on('menus').column('ref_key').unique().execute()

    const { rows } = await sql<MenuRow>`select id, parent_id, path from menus`.execute(db)
    const added = await sql<{ target: string }>`
      select target from op_logs where module = 'system' and action = 'menu-add'`.execute(db)
    const staffAdded = new Set(added.rows.map((r) => String(r.target)))
    const byId = new Map(rows.map((r) => [Number(r.id), r]))
    const fullPath = (row: MenuRow, depth = 0): string | null => {
      if (row.parent_id === null) return row.path
      const parent = byId.get(Number(row.parent_id))
      const base = parent && depth < 10 ? fullPath(parent, depth + 1) : null
      return base === null ? null : `${base}/${row.path}`
    }
    const taken = new Set<string>()
    for (const row of rows) {
      if (staffAdded.has(String(row.id))) continue
      const key = fullPath(row)
      if (key === null || taken.has(key)) continue
      taken.add(key)
      await sql`update menus set ref_key = ${key} where id = ${row.id}`.execute(db)
    }
  },
})

export default migration

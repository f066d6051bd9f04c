import { Migrator, sql } from 'kysely'
import type { DatabaseHandle } from './index'
import { migrationsFor } from './migrations'

/** Runs the pending migrations; `isNew` tells whether the database was empty before (then it may be seeded). */
export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<{ isNew: boolean }> {
  const migrations = migrationsFor(dialect)
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const isNew = (await migrator.getMigrations()).every((m) => m.executedAt === undefined)
  const { error } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`)
  return { isNew }
}

const knownNames: Partial<Record<DatabaseHandle['dialect'], string[]>> = {}

/**
 * The migrations this build knows that the database has not run (readiness, plugins/health.ts; the
 * 系统状态 page): one read of Kysely's table, no introspection. A database without the table has
 * run none.
 */
export async function pendingMigrations({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const known = (knownNames[dialect] ??= Object.keys(migrationsFor(dialect)))
  let done: Set<string>
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    done = new Set(rows.map((r) => r.name))
  } catch (err) {
    if (
      await sql`select 1`.execute(db).then(
        () => true,
        () => false,
      )
    )
      done = new Set()
    else throw err
  }
  return known.filter((name) => !done.has(name))
}

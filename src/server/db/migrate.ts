import { Migrator } from 'kysely'
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

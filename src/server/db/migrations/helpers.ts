import type { Kysely, Migration } from 'kysely'
import type { DbDialect } from '../index'

/** A migration that may need to know the dialect (only the id column differs). */
export type MigrationFactory = (dialect: DbDialect) => Migration

/** CREATE TABLE with an auto-increment integer primary key `id`, portable between SQLite and PostgreSQL. */
export function createTableWithId(db: Kysely<unknown>, table: string, dialect: DbDialect) {
  const builder = db.schema.createTable(table)
  return dialect === 'sqlite'
    ? builder.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : builder.addColumn('id', 'serial', (col) => col.primaryKey())
}

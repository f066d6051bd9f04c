/**
 * The Kysely instance: an embedded SQLite file (DATA_DIR/market.db) by default, PostgreSQL when a
 * database URL is given. Both run the same migrations (see migrate.ts).
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema'

export type DbDialect = 'sqlite' | 'postgres'
export type Db = Kysely<Database>

export interface DatabaseHandle {
  db: Db
  dialect: DbDialect
}

export function openDatabase(opts: { dataDir: string; databaseUrl?: string }): DatabaseHandle {
  if (opts.databaseUrl) {
    // int8 (bigint timestamps, count(*)) as JS numbers: epoch ms stay far below 2^53.
    const types = new pg.TypeOverrides()
    types.setTypeParser(pg.types.builtins.INT8, Number)
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types })
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) is dropped
    // from the pool and replaced on the next query; without this listener it would crash the process.
    pool.on('error', (err) => console.warn(`PostgreSQL: idle connection closed (${err.message})`))
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' }
  }
  const file = join(opts.dataDir, 'market.db')
  // owner-only, like the keys: SQLite gives its -wal and -shm files the database file's mode
  closeSync(openSync(file, 'a', 0o600))
  chmodSync(file, 0o600)
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  for (const side of ['-wal', '-shm']) if (existsSync(file + side)) chmodSync(file + side, 0o600)
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // a real page cache and memory-mapped reads: the catalogue's indexes are read far more than written
  sqlite.pragma('cache_size = -65536')
  sqlite.pragma('mmap_size = 1073741824')
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' }
}

/** A unique-constraint violation, in either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/**
 * The Kysely instance: an embedded SQLite file (DATA_DIR/market.db) by default, PostgreSQL when a
 * database URL is given. Both run the same migrations (see migrate.ts).
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely'
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
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  }
}

/** Prepared statements kept per SQL text (at most this many). */
const STATEMENT_CACHE_SIZE = 2000

/**
 * Kysely prepares every query it runs; preparing costs more than running most of ours (a quarter of
 * the server's time on the order and payment path). Statements are reused by their SQL text: the
 * driver runs each to completion synchronously (all/run), so one statement is never used twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text)
      if (!statement) {
        statement = sqlite.prepare(text)
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
        cache.set(text, statement)
      }
      return statement
    },
  }
}

/** A unique-constraint violation, in either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

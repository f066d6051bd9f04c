/**
 * The Kysely instance: an embedded SQLite file (DATA_DIR/market.db) by default, PostgreSQL when a
 * database URL is given. Both run the same migrations (see migrate.ts).
 */
import { chmodSync, closeSync, existsSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely'
import pg from 'pg'
import { withCommitHooks } from './after-commit'
import { nameHotStatements } from './pg-named'
import type { Database } from './schema'

export type DbDialect = 'sqlite' | 'postgres'
export type Db = Kysely<Database>

/** The PostgreSQL pool's use (the metrics, 系统状态). */
export interface PoolUse {
  total: number
  idle: number
  waiting: number
  max: number
}

export interface DatabaseHandle {
  db: Db
  dialect: DbDialect
  /** the pool's use now (PostgreSQL); absent on SQLite (one connection, no pool) */
  pool?: () => PoolUse
}

/** `sqlProfile`: SQL_PROFILE (config.ts), where the SQLite statements' timings go */
export function openDatabase(opts: {
  dataDir: string
  databaseUrl?: string
  sqlProfile?: string
}): DatabaseHandle {
  if (opts.databaseUrl) {
    // int8 (bigint timestamps, count(*)) as JS numbers: epoch ms stay far below 2^53.
    const types = new pg.TypeOverrides()
    types.setTypeParser(pg.types.builtins.INT8, Number)
    // JIT off: our queries are short index reads, where compiling them would cost more than running them
    const max = 10
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max, types, options: '-c jit=off' })
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) is dropped
    // from the pool and replaced on the next query; without this listener it would crash the process.
    pool.on('error', (err) => console.warn(`PostgreSQL: idle connection closed (${err.message})`))
    // statements run often are prepared once per connection (parsed and planned once): pg-named.ts
    nameHotStatements(pool)
    return {
      db: withCommitHooks(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })),
      dialect: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    }
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
    db: withCommitHooks(
      new Kysely<Database>({
        dialect: new SqliteDialect({ database: withStatementCache(sqlite, opts.sqlProfile) }),
      }),
    ),
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
function withStatementCache(sqlite: SQLite.Database, profilePath: string | undefined): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>()
  const profile = profilePath ? sqlProfile(profilePath) : null
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text)
      if (!statement) {
        let prepared = sqlite.prepare(text)
        if (profile) prepared = profile.wrap(text, prepared)
        statement = prepared.reader ? rowsBuiltInJs(prepared) : prepared
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
        cache.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * A reader statement whose rows are read as arrays and made objects by one function compiled for its
 * columns. better-sqlite3 builds each row object in C++, setting every column by name; reading the
 * row as an array and building the object in JavaScript (one shape for all rows) takes about half the
 * time: 20 list rows of 23 columns took 237 µs as objects, 131 µs this way (docs/scaling.md, "The list
 * endpoint").
 * Rows are what better-sqlite3 gives: a repeated column name keeps its last value.
 */
function rowsBuiltInJs(statement: SQLite.Statement): SqliteStatement {
  const names = statement.columns().map((c) => c.name)
  const row = new Function(
    'r',
    `return {${names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}}`,
  ) as (values: unknown[]) => unknown
  statement.raw(true)
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters) as unknown[]
      for (let i = 0; i < rows.length; i++) rows[i] = row(rows[i] as unknown[])
      return rows
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters)) yield row(values as unknown[])
    },
  }
}

/** databases opened with SQL_PROFILE in this process: each writes its own file (a bench opens several) */
let profiled = 0

/**
 * `SQL_PROFILE=<path>`: time every SQLite statement by its SQL text and write the totals (calls, ms,
 * sorted by time) to <path>.<pid>.json when the process exits — how the order and payment path was profiled
 * (docs/scaling.md "Payments at database speed"). Off unless set.
 */
function sqlProfile(file: string) {
  const totals = new Map<string, { calls: number; ms: number }>()
  const n = ++profiled
  process.once('exit', () => {
    const rows = [...totals].map(([sql, t]) => ({ ms: Math.round(t.ms), calls: t.calls, sql }))
    rows.sort((a, b) => b.ms - a.ms)
    writeFileSync(`${file}.${process.pid}${n > 1 ? `.${n}` : ''}.json`, JSON.stringify(rows, null, 1))
  })
  const timed =
    <A extends unknown[], R>(text: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      const t0 = performance.now()
      try {
        return fn(...args)
      } finally {
        const t = totals.get(text) ?? { calls: 0, ms: 0 }
        t.calls++
        t.ms += performance.now() - t0
        totals.set(text, t)
      }
    }
  return {
    wrap(text: string, statement: SQLite.Statement): SQLite.Statement {
      return new Proxy(statement, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target) as unknown
          if (prop === 'all' || prop === 'run' || prop === 'get')
            return timed(text, (value as (...a: unknown[]) => unknown).bind(target))
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value
        },
      })
    },
  }
}

/** A unique-constraint violation, in either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

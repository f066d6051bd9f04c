/**
 * Hot queries compiled once (docs/scaling.md, "Payments at database speed"). Kysely builds and
 * compiles a query's SQL on every call; for the few statements every request or every paid order
 * runs (the session look-up, the order read, the message and live-event inserts) `prepared` builds
 * it once per dialect with placeholders and afterwards only puts the call's values in. It runs on
 * the Kysely instance given: the database or a transaction.
 *
 * The build function must hand its parameters to Kysely as values, unchanged (no arithmetic, no
 * branching on them): at compile time they are placeholders.
 */
import type { CompiledQuery, Compilable, Kysely } from 'kysely'
import type { Database } from './schema'

/** A placeholder: which of the call's parameters goes where this object ends up. */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>
  /** per compiled parameter: the call's parameter index, or -1 for a constant of the query */
  slots: number[]
}

export function prepared<P extends unknown[], R>(
  build: (db: Kysely<Database>, ...params: P) => Compilable<R>,
) {
  // one compiled form per dialect (the adapter's class: SQLite or PostgreSQL)
  const byDialect = new Map<unknown, Compiled<R>>()

  function compiledFor(db: Kysely<Database>, arity: number): Compiled<R> {
    const dialect = db.getExecutor().adapter.constructor
    let c = byDialect.get(dialect)
    if (!c) {
      const placeholders = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as P
      const query = build(db, ...placeholders).compile()
      const slots = query.parameters.map((p) => (p instanceof Slot ? p.index : -1))
      if (slots.filter((s) => s >= 0).length < arity)
        throw new Error(`prepared: a parameter was not passed to Kysely as a value: ${query.sql}`)
      c = { query, slots }
      byDialect.set(dialect, c)
    }
    return c
  }

  async function run(db: Kysely<Database>, params: P) {
    const { query, slots } = compiledFor(db, params.length)
    const parameters = slots.map((s, i) => (s >= 0 ? params[s] : query.parameters[i]))
    return db.executeQuery<R>({ ...query, parameters })
  }

  return {
    /** every row */
    async all(db: Kysely<Database>, ...params: P): Promise<R[]> {
      return (await run(db, params)).rows
    },
    /** the first row, or undefined */
    async first(db: Kysely<Database>, ...params: P): Promise<R | undefined> {
      return (await run(db, params)).rows[0]
    },
  }
}

/**
 * PostgreSQL: the statements a process runs often go out as named (server-side prepared) statements,
 * so each connection parses and plans them once instead of on every call (docs/scaling.md, "Search on
 * PostgreSQL"). Kysely sends every query unnamed; on a busy list or search, parsing and planning was
 * much of the database's time.
 *
 * - A statement text becomes named on its `after`-th run (one-off texts, e.g. an IN list of a rare
 *   length, stay unnamed) and at most `max` texts are ever named: each connection keeps one prepared
 *   statement per named text it has run, so its memory stays bounded.
 * - PostgreSQL still chooses per statement between a plan for the given values and the generic one
 *   (plan_cache_mode auto), so a skewed filter keeps a plan fit for its values.
 * - A schema change that alters a named statement's result (a column added under `select *`, during
 *   a rolling deploy) makes PostgreSQL refuse the cached plan: that text is run unnamed from then on
 *   (inside a transaction the refusal has already aborted it: that one transaction fails).
 */
import { createHash } from 'node:crypto'
import type pg from 'pg'

/** PostgreSQL's "cached plan must not change result type" (its SQLSTATE 0A000 names other refusals too) */
const planChanged = (err: { code?: string; message?: string }) =>
  err?.code === '0A000' && /cached plan must not change result type/.test(err.message ?? '')

export function nameHotStatements(
  pool: pg.Pool,
  opts: { after: number; max: number } = { after: 3, max: 1000 },
) {
  const runs = new Map<string, number>()
  const names = new Map<string, string>()
  const refused = new Set<string>()

  function nameOf(text: string): string | undefined {
    const name = names.get(text)
    if (name !== undefined || names.size >= opts.max || refused.has(text)) return name
    const count = (runs.get(text) ?? 0) + 1
    if (count < opts.after) {
      if (runs.size >= 10 * opts.max) runs.clear()
      runs.set(text, count)
      return undefined
    }
    runs.delete(text)
    const named = `yx_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    names.set(text, named)
    return named
  }

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    // Kysely calls query(text, values) and awaits the promise; every other form passes through
    ;(client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
        return query(...args)
      const name = nameOf(text)
      if (name === undefined) return query(text, values)
      return (query({ name, text, values }) as Promise<unknown>).catch((err: { code?: string }) => {
        if (!planChanged(err)) throw err
        names.delete(text)
        refused.add(text)
        return query(text, values)
      })
    }
  })
  return { named: () => names.size }
}

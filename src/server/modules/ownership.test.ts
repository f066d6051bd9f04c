/**
 * Modules own their data (docs/architecture.md, "Server modules own their data"): a module writes only
 * the tables its `tables.ts` declares (the keys of its `*Tables` interface, which db/schema.ts unions);
 * another module's rows change through that module's service. This test reads the sources and names
 * every file that writes a table it does not own.
 *
 * A write is a Kysely `insertInto`, `updateTable`, `deleteFrom`, `replaceInto` or `mergeInto` on a table
 * name, or `insert into`, `update`, `delete from` in raw SQL text. Reads are free (joins across modules
 * are how lists are built). Every non-test source file of src/server is checked:
 * - a module's files (modules/<name>/…) against the tables of its tables.ts; a module without one
 *   (discover, seller-tools, ssr) owns no table;
 * - the files that are no module — modules/catalogue.ts (it wires the catalogue's services), app.ts,
 *   plugins/, cluster/… — own no table either: they reach data through the services;
 * - db/ alone is not checked: its migrations create every table, and the seeding writes every
 *   module's demo rows in bulk, as an installation would through the services.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const MODULES = join(import.meta.dirname)
const SERVER = join(MODULES, '..')

/** module name → the tables its tables.ts declares in its `*Tables` interface */
function ownedTables(): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>()
  for (const entry of readdirSync(MODULES, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const tables = new Set<string>()
    let text = ''
    try {
      text = readFileSync(join(MODULES, entry.name, 'tables.ts'), 'utf8')
    } catch {
      // no tables.ts: the module owns no table
    }
    const body = /export interface \w+Tables\s*\{([^}]*)\}/.exec(text)?.[1] ?? ''
    for (const m of body.matchAll(/^\s*(\w+)\??\s*:/gm)) tables.add(m[1])
    owners.set(entry.name, tables)
  }
  return owners
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f))
}

/** the tables a source text writes: Kysely builders and raw SQL (in sql`` templates or strings) */
export function writtenTables(text: string): string[] {
  const found = new Set<string>()
  const patterns = [
    /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`](\w+)/g,
    /\binsert\s+(?:or\s+\w+\s+)?into\s+"?(\w+)/gi,
    /\bupdate\s+"?(\w+)"?\s+(?:(?:as\s+)?\w+\s+)?set\b/gi,
    /\bdelete\s+from\s+"?(\w+)/gi,
  ]
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(m[1])
  return [...found]
}

describe('module data ownership', () => {
  const owners = ownedTables()
  const allTables = new Set([...owners.values()].flatMap((t) => [...t]))

  it('reads every module and its tables', () => {
    expect(owners.get('goods')).toContain('goods')
    expect(owners.get('auth')).toContain('users')
    expect(allTables.size).toBeGreaterThan(60)
  })

  it('gives every table one owner', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const [module, own] of owners)
      for (const table of own) {
        const first = seen.get(table)
        if (first) twice.push(`${table}: ${first} and ${module}`)
        seen.set(table, module)
      }
    expect(twice).toEqual([])
  })

  it('recognises writes in Kysely and in raw SQL', () => {
    expect(
      writtenTables(
        "db.insertInto('a').values(x); trx.updateTable(\"b\"); sql`UPDATE c AS x SET x = 1`; sql`delete from d where`; sql`insert into e (x)`; db.selectFrom('f')",
      ).sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('no module writes a table of another module', () => {
    const violations: string[] = []
    for (const file of sourceFiles(SERVER)) {
      const [top, module, rest] = relative(SERVER, file).split(sep)
      if (top === 'db') continue
      const own = (top === 'modules' && rest !== undefined && owners.get(module)) || new Set<string>()
      for (const table of writtenTables(readFileSync(file, 'utf8'))) {
        // words after `update`/`insert into` in comments or messages that are not tables are ignored
        if (!allTables.has(table) || own.has(table)) continue
        violations.push(`${relative(SERVER, file)} writes ${table}`)
      }
    }
    expect(violations).toEqual([])
  })
})

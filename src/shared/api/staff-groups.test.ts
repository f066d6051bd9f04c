/**
 * The one convention for staff endpoints (docs/api-conventions.md, "Staff endpoints"): an endpoint
 * that declares a permission lives in its domain's `<GROUP>_STAFF` object, and every endpoint of such
 * an object declares one. A staff endpoint added to a public group (or a public one to a staff group)
 * fails here.
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const files = readdirSync(__dirname)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -'.ts'.length))

interface Declared {
  method: string
  path: string
  permission?: string
}

const isEndpoint = (v: unknown): v is Declared =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v

async function groups() {
  const found: Array<{ file: string; group: string; key: string; endpoint: Declared }> = []
  for (const file of files) {
    const mod = (await import(/* @vite-ignore */ `./${file}.ts`)) as Record<string, unknown>
    for (const [group, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null) continue
      for (const [key, endpoint] of Object.entries(value)) {
        if (isEndpoint(endpoint)) found.push({ file, group, key, endpoint })
      }
    }
  }
  return found
}

describe('staff endpoints', () => {
  it('are the endpoints of the <GROUP>_STAFF objects, each with its permission', async () => {
    const all = await groups()
    const misplaced = all
      .filter(({ group, endpoint }) => group.endsWith('_STAFF') !== Boolean(endpoint.permission))
      .map(({ file, group, key }) => `${file}: ${group}.${key}`)
    expect(misplaced).toEqual([])
    expect(all.filter(({ group }) => group.endsWith('_STAFF')).length).toBeGreaterThan(100)
  })

  it('no file is grouped by audience any more', () => {
    expect(files.filter((f) => /^console|admin/.test(f))).toEqual([])
  })
})

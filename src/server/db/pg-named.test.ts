/**
 * Named statements on PostgreSQL (pg-named.ts), on a real server: which texts become prepared
 * statements of the connection, the cap, and a cached plan refused after a schema change. Runs when
 * TEST_DATABASE_URL is set.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nameHotStatements } from './pg-named'

const url = process.env.TEST_DATABASE_URL
if (!url)
  console.info('pg-named.test.ts skipped: set TEST_DATABASE_URL=postgres://user@host:port/db to run it')

describe.skipIf(!url)('named statements on PostgreSQL', () => {
  let pool: pg.Pool
  let client: pg.PoolClient
  let naming: ReturnType<typeof nameHotStatements>
  // one connection, queried as Kysely does (query(text, values) on a checked-out client), so the
  // prepared statements seen are the ones this test made
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1 })
    naming = nameHotStatements(pool, { after: 2, max: 2 })
    client = await pool.connect()
  })
  afterAll(async () => {
    client.release()
    await pool.end()
  })

  const prepared = async () =>
    (await client.query(`select statement from pg_prepared_statements order by statement`)).rows.map(
      (r: { statement: string }) => r.statement,
    )

  it('prepares a text on its second run, answers the same, and names at most max texts', async () => {
    const add = 'select $1::int + 1 as n'
    expect((await client.query(add, [1])).rows).toEqual([{ n: 2 }])
    expect(await prepared()).toEqual([])
    expect((await client.query(add, [2])).rows).toEqual([{ n: 3 }])
    expect(await prepared()).toEqual([add])
    expect((await client.query(add, [3])).rows).toEqual([{ n: 4 }])

    const twice = 'select $1::int * 2 as n'
    const thrice = 'select $1::int * 3 as n'
    for (const text of [twice, twice, thrice, thrice, thrice]) await client.query(text, [5])
    expect(naming.named()).toBe(2)
    // the third text is past the cap: it runs, unnamed
    expect(await prepared()).toEqual([add, twice].sort())
    expect((await client.query(thrice, [5])).rows).toEqual([{ n: 15 }])
    // a statement without values (begin, commit, DDL) is never named
    await client.query('select 1 as one')
  })

  it('runs a text unnamed once the schema changed its result', async () => {
    const local = new pg.Pool({ connectionString: url, max: 1 })
    const localNaming = nameHotStatements(local, { after: 1, max: 10 })
    const one = await local.connect()
    try {
      await one.query('create temporary table named_t (a int)')
      await one.query('insert into named_t values (1)')
      const text = 'select * from named_t where a = $1'
      expect((await one.query(text, [1])).rows).toEqual([{ a: 1 }])
      expect(localNaming.named()).toBe(1)
      await one.query('alter table named_t add column b int default 7')
      // PostgreSQL refuses the cached plan (0A000); the text runs again unnamed, with the new column
      expect((await one.query(text, [1])).rows).toEqual([{ a: 1, b: 7 }])
      expect(localNaming.named()).toBe(0)
      expect((await one.query(text, [1])).rows).toEqual([{ a: 1, b: 7 }])
    } finally {
      one.release()
      await local.end()
    }
  })
})

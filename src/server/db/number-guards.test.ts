/**
 * The database's own guard on money and stock (migration 0030): whatever a service does, a table
 * refuses a non-integer, infinite or negative price, stock, amount or balance. SQLite here; the same
 * constraints on PostgreSQL when TEST_DATABASE_URL is set. Also: the SQLite files are owner-only.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, startTestAppOn, type TestApp } from '../test-utils'

async function expectRefused(t: TestApp, statement: string) {
  await expect(sql.raw(statement).execute(t.app.db)).rejects.toThrow()
}

function guardTests(open: () => Promise<TestApp>, refused: string[]) {
  let t: TestApp
  let goodsId: number
  beforeAll(async () => {
    t = await open()
    goodsId = (await t.app.db.selectFrom('goods').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  })
  afterAll(() => t?.close())

  it.each(refused)('refuses goods.stock = %s', async (value) => {
    // without the guard SQLite would store 'Infinity' and 1e400 as a REAL ∞, and -1 or 2.5 as given
    await expectRefused(t, `update goods set stock = ${value} where id = ${goodsId}`)
  })

  it('refuses a negative price, order amount, balance or withdrawal', async () => {
    await expectRefused(t, `update goods set price = -100 where id = ${goodsId}`)
    await expectRefused(t, `update wallets set available = -1`)
    await expectRefused(t, `update orders set amount = -1`)
    await expectRefused(t, `update orders set quantity = -1`)
  })

  it('accepts ordinary values', async () => {
    await sql.raw(`update goods set stock = 3, price = 12800 where id = ${goodsId}`).execute(t.app.db)
    const row = await t.app.db
      .selectFrom('goods')
      .select(['stock', 'price'])
      .where('id', '=', goodsId)
      .executeTakeFirstOrThrow()
    expect({ stock: Number(row.stock), price: Number(row.price) }).toEqual({ stock: 3, price: 12800 })
  })
}

describe('SQLite', () => {
  guardTests(() => startTestApp(), ["'Infinity'", '-1', '2.5', "'abc'", '1e400'])

  it('keeps the database and its WAL owner-only', async () => {
    const t = await startTestApp()
    try {
      for (const name of ['market.db', 'market.db-wal']) {
        const mode = statSync(join(t.dataDir, name)).mode & 0o777
        expect(mode.toString(8)).toBe('600')
      }
    } finally {
      await t.close()
    }
  })
})

const adminUrl = process.env.TEST_DATABASE_URL
describe.skipIf(!adminUrl)('PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined
  afterAll(() => drop?.())
  guardTests(async () => {
    const started = await startTestAppOn('postgres', 'guard')
    drop = started.drop
    return started.t
    // (an integer column of PostgreSQL rounds 2.5 itself: it can only ever hold an integer)
  }, ["'Infinity'", '-1', "'abc'", '1e400'])
})

/**
 * SQLite rows built in JavaScript (db/index.ts, rowsBuiltInJs): the same rows better-sqlite3 gives,
 * through Kysely's ways of reading (execute, streaming) and writing (with and without returning).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from './index'

describe('SQLite rows built in JavaScript', () => {
  let dir: string
  let db: Db

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-rows-'))
    db = openDatabase({ dataDir: dir }).db
    await sql`create table t (id integer primary key, name text, price bigint, note text)`.execute(db)
    await sql`insert into t (id, name, price, note) values (1, '王者', 1999, null), (2, 'b', 0, 'x')`.execute(
      db,
    )
  })
  afterAll(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers the rows better-sqlite3 answers, nulls and aliases included', async () => {
    const query = 'select t.id, t.name as title, t.price, t.note from t order by t.id'
    const { rows } = await sql.raw(query).execute(db)
    const direct = new SQLite(join(dir, 'market.db'), { readonly: true })
    try {
      expect(rows).toEqual(direct.prepare(query).all())
    } finally {
      direct.close()
    }
    expect(rows).toEqual([
      { id: 1, title: '王者', price: 1999, note: null },
      { id: 2, title: 'b', price: 0, note: 'x' },
    ])
  })

  it('keeps the last value of a repeated column name, as better-sqlite3 does', async () => {
    const { rows } = await sql.raw('select 1 as a, 2 as a').execute(db)
    expect(rows).toEqual([{ a: 2 }])
  })

  it('answers writes as before: the inserted id, and the rows of a returning clause', async () => {
    const inserted = await sql`insert into t (id, name, price) values (3, 'c', 7)`.execute(db)
    expect(inserted.insertId).toBe(3n)
    const { rows } = await sql`insert into t (id, name, price) values (4, 'd', 8) returning id, name`.execute(
      db,
    )
    expect(rows).toEqual([{ id: 4, name: 'd' }])
    await sql`delete from t where id > 2`.execute(db)
  })

  it('streams rows as objects, and a statement read again after a write gives fresh rows', async () => {
    const streamed: unknown[] = []
    for await (const row of db
      .selectFrom('t' as never)
      .select(['id' as never])
      .orderBy('id' as never)
      .stream())
      streamed.push(row)
    expect(streamed).toEqual([{ id: 1 }, { id: 2 }])
    await sql`update t set price = 5 where id = 2`.execute(db)
    const { rows } = await sql
      .raw('select t.id, t.name as title, t.price, t.note from t order by t.id')
      .execute(db)
    expect((rows[1] as { price: number }).price).toBe(5)
  })
})

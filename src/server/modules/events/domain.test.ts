/** Domain events: `within` handlers share the change's transaction, `after` ones wait for its commit. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../db'
import { createDomainEvents } from './domain'

let db: Db
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'domain-events-'))
  db = openDatabase({ dataDir: dir }).db
  await sql`create table marks (what text not null)`.execute(db)
})
afterAll(async () => {
  await db.destroy()
  await rm(dir, { recursive: true, force: true })
})

const marks = async () =>
  (await sql<{ what: string }>`select what from marks`.execute(db)).rows.map((r) => r.what)

describe('domain events', () => {
  it('runs within handlers in the transaction and after handlers once it committed', async () => {
    await sql`delete from marks`.execute(db)
    const logged: unknown[] = []
    const events = createDomainEvents((err) => logged.push(err))
    const seen: string[] = []
    events.within('goods.onSale', async (trx, { goodsId }) => {
      await sql`insert into marks (what) values (${`queued ${goodsId}`})`.execute(trx)
    })
    events.after('goods.onSale', async ({ goodsId }) => {
      // the commit happened: the row is visible outside the transaction
      seen.push(`after ${goodsId}: ${(await marks()).join(',')}`)
    })
    await db.transaction().execute(async (trx) => {
      expect(await events.publish(trx, 'goods.onSale', { goodsId: 7, kind: 'NEW' })).toBe(1)
      expect(seen).toEqual([]) // not before the commit
    })
    expect(seen).toEqual(['after 7: queued 7'])
    expect(logged).toEqual([])
  })

  it('rolls the change back when a within handler throws, and runs no after handler', async () => {
    await sql`delete from marks`.execute(db)
    const events = createDomainEvents(() => undefined)
    let after = 0
    events.within('goods.saved', async () => {
      throw new Error('包赔期限只能选择 7 / 15 / 30 天')
    })
    events.after('goods.saved', () => void after++)
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into marks (what) values ('listing')`.execute(trx)
        await events.publish(trx, 'goods.saved', {
          goodsId: 1,
          sellerId: 2,
          goodsType: 'ACCOUNT',
          protectionDays: 9,
        })
      }),
    ).rejects.toThrow('包赔期限')
    expect(await marks()).toEqual([])
    expect(after).toBe(0)
  })

  it('drops the after handlers of a transaction rolled back later, and logs a failing after handler', async () => {
    const logged: string[] = []
    const events = createDomainEvents((err, type) => logged.push(`${type}: ${(err as Error).message}`))
    let after = 0
    events.after('goods.changed', () => void after++)
    await expect(
      db.transaction().execute(async (trx) => {
        await events.publish(trx, 'goods.changed', { goodsIds: [1] })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(after).toBe(0)

    events.after('goods.changed', () => {
      throw new Error('cache away')
    })
    // outside a transaction the after handlers run at once
    await events.publish(db, 'goods.changed', {})
    expect(after).toBe(1)
    expect(logged).toEqual(['goods.changed: cache away'])
    expect(events.listens('goods.changed')).toBe(true)
    expect(events.listens('order.settled')).toBe(false)
  })
})

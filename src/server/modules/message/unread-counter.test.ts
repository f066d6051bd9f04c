import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { startTestAppOn, TEST_DIALECTS, type TestApp } from '../../test-utils'
import { messageService } from './service'

// the unread count is a number kept per user (repo.ts, migration 0240): it must always equal the count
describe.each(TEST_DIALECTS)('the kept unread count on %s', (dialect) => {
  let t: TestApp
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ t, drop } = await startTestAppOn(dialect, 'unread'))
  })
  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  const userId = async (name: string) =>
    (await t.app.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow())
      .id
  /** the count the counter stands for, counted */
  const counted = async (user: number) =>
    Number(
      (
        await t.app.db
          .selectFrom('web_messages')
          .where('user_id', '=', user)
          .where('deleted', '=', 0)
          .where('is_read', '=', 0)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('equals the count of unread messages after create, createAll, read, remove', async () => {
    const buyer = await userId('buyer')
    const seller = await userId('seller')
    const messages = messageService(t.app.db)
    const same = async () => {
      for (const u of [buyer, seller]) expect(await messages.unreadCount(u)).toBe(await counted(u))
    }
    // the seed's messages
    await same()
    expect(await messages.unreadCount(buyer)).toBeGreaterThan(0)

    const ids: number[] = []
    for (let i = 0; i < 4; i++) ids.push(await messages.create(buyer, { title: `t${i}`, content: 'c' }))
    await messages.createAll([
      { to: buyer, title: 'a', content: 'c' },
      { to: seller, title: 'b', content: 'c' },
    ])
    await same()

    expect(await messages.markRead(buyer, [ids[0], ids[1]])).toBe(2)
    // read again, another user's, a missing one: nothing changes
    expect(await messages.markRead(buyer, [ids[0]])).toBe(0)
    expect(await messages.markRead(seller, [ids[2], 99999999])).toBe(0)
    await same()

    // a read one and an unread one removed: only the unread one comes off
    const before = await messages.unreadCount(buyer)
    expect(await messages.remove(buyer, [ids[1], ids[2]])).toBe(2)
    expect(await messages.unreadCount(buyer)).toBe(before - 1)
    expect(await messages.remove(buyer, [ids[1], ids[2]])).toBe(0)
    expect(await messages.remove(seller, [ids[3]])).toBe(0)
    await same()

    // read everything
    const all = await t.app.db.selectFrom('web_messages').select('id').where('user_id', '=', buyer).execute()
    await messages.markRead(
      buyer,
      all.map((r) => r.id),
    )
    expect(await messages.unreadCount(buyer)).toBe(0)
    await same()
  })

  it('is 0 for a user who never had a message', async () => {
    const messages = messageService(t.app.db)
    expect(await messages.unreadCount(2147483000)).toBe(0)
  })
})

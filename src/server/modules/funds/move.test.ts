import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test-utils'
import { fundsRepo, type Movement } from './repo'

// move creates the wallet only when its update finds none (repo.ts): the first movement of a user
describe('a balance change (move)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const movement = (available: number, frozen = 0): Movement => ({
    type: 'TOPUP',
    available,
    frozen,
    remark: 'test',
    at: Date.now(),
  })

  it('creates a missing wallet on the first movement, refuses to go below zero, writes one ledger row per change', async () => {
    const { id: userId } = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow()
    await t.app.db.deleteFrom('wallets').where('user_id', '=', userId).execute()
    await t.app.db.deleteFrom('ledger').where('user_id', '=', userId).execute()
    const move = (m: Movement) => t.app.db.transaction().execute((trx) => fundsRepo(trx).move(userId, m))
    const wallet = () => fundsRepo(t.app.db).wallet(userId)
    const ledger = () =>
      t.app.db
        .selectFrom('ledger')
        .select(['amount', 'frozen_amount', 'available_after', 'frozen_after'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()

    // below zero with no wallet: nothing moves (an empty wallet may be left), no ledger row
    expect(await move(movement(-1))).toBe(false)
    expect(await ledger()).toEqual([])

    expect(await move(movement(500))).toBe(true)
    expect(await move(movement(-200, 200))).toBe(true)
    expect(await move(movement(-301))).toBe(false)
    expect(await move(movement(0, -201))).toBe(false)
    expect(await wallet()).toMatchObject({ available: 300, frozen: 200 })
    expect((await ledger()).map((r) => Object.values(r).map(Number))).toEqual([
      [500, 0, 500, 0],
      [-200, 200, 300, 200],
    ])
  })
})

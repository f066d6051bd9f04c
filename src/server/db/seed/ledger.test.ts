/**
 * The demo data must be possible data (issue 33): replaying each user's ledger in time order gives
 * every row's balances after it, never goes below zero, and ends at the wallet. A row written out of
 * time order (a top-up dated after the payments it is listed before) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test-utils'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t?.close())

describe('the seeded ledger', () => {
  it('replays in time order to every balance-after and to the wallet, never below zero', async () => {
    const rows = await t.app.db
      .selectFrom('ledger')
      .select([
        'id',
        'user_id',
        'type',
        'amount',
        'frozen_amount',
        'available_after',
        'frozen_after',
        'created_at',
      ])
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    expect(rows.length).toBeGreaterThan(5)
    const running = new Map<number, { available: number; frozen: number; lastId: number }>()
    const problems: string[] = []
    for (const r of rows) {
      const was = running.get(r.user_id) ?? { available: 0, frozen: 0, lastId: 0 }
      const now = {
        available: was.available + Number(r.amount),
        frozen: was.frozen + Number(r.frozen_amount),
        lastId: Number(r.id),
      }
      const at = `user ${r.user_id} row ${r.id} (${r.type}, ${new Date(Number(r.created_at)).toISOString()})`
      if (Number(r.id) < was.lastId) problems.push(`${at}: written after a later row`)
      if (now.available < 0 || now.frozen < 0) problems.push(`${at}: below zero`)
      if (Number(r.available_after) !== now.available || Number(r.frozen_after) !== now.frozen)
        problems.push(
          `${at}: after ${r.available_after}/${r.frozen_after}, the running sum ${now.available}/${now.frozen}`,
        )
      running.set(r.user_id, now)
    }
    expect(problems).toEqual([])
    const wallets = await t.app.db.selectFrom('wallets').select(['user_id', 'available', 'frozen']).execute()
    for (const w of wallets) {
      const r = running.get(w.user_id) ?? { available: 0, frozen: 0 }
      expect({ user: w.user_id, available: Number(w.available), frozen: Number(w.frozen) }).toEqual({
        user: w.user_id,
        available: r.available,
        frozen: r.frozen,
      })
    }
  })
})

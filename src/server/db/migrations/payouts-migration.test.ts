/**
 * Migration 0293 on an install made before it (seeded, then migrated): the new withdrawal states in
 * the console's dictionary and the automatic approval threshold (off) in 参数设置; a new database
 * gets them from the seed instead (no duplicates).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { openDatabase } from '../index'
import { migrateToLatest } from '../migrate'
import { seedBase } from '../seed'
import { migrationsFor } from './index'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function database() {
  const dir = await mkdtemp(join(tmpdir(), 'mig-0293-'))
  dirs.push(dir)
  return openDatabase({ dataDir: dir })
}
const facts = async (handle: Awaited<ReturnType<typeof database>>) => ({
  states: (
    await handle.db
      .selectFrom('dict_data')
      .select('dict_value')
      .where('dict_type', '=', 'withdraw_status')
      .orderBy('dict_sort')
      .execute()
  ).map((r) => r.dict_value),
  threshold: (
    await handle.db
      .selectFrom('sys_config')
      .select('config_value')
      .where('config_key', '=', 'funds.withdraw.autoApproveMax')
      .execute()
  ).map((r) => r.config_value),
})

it('adds the payout states and the threshold to an install seeded before it, once', async () => {
  const old = await database()
  const migrations = migrationsFor(old.dialect)
  const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } })
  expect((await migrator.migrateTo('0290_pay')).error).toBeUndefined()
  await seedBase(old.db, Date.now())
  // the seed of today holds them already: as an install of before, without them
  await old.db.deleteFrom('dict_data').where('dict_value', 'in', ['PAYING', 'PAID', 'FAILED']).execute()
  await old.db.deleteFrom('sys_config').where('config_key', '=', 'funds.withdraw.autoApproveMax').execute()
  await migrateToLatest(old)
  const after = await facts(old)
  expect({ ...after, states: after.states.sort() }).toEqual({
    states: ['APPROVED', 'FAILED', 'PAID', 'PAYING', 'PENDING', 'REJECTED'],
    threshold: ['0'],
  })
  await old.db.destroy()

  const fresh = await database()
  expect(await migrateToLatest(fresh)).toEqual({ isNew: true })
  await seedBase(fresh.db, Date.now())
  expect(await facts(fresh)).toEqual({
    states: ['PENDING', 'APPROVED', 'PAYING', 'PAID', 'FAILED', 'REJECTED'],
    threshold: ['0'],
  })
  await fresh.db.destroy()
})

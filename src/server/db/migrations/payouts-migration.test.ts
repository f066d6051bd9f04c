/**
 * Migration 0293 on an install made before it (seeded, then migrated): the new withdrawal states in
 * the console's dictionary and the automatic approval threshold (off) in 参数设置; a new database
 * gets them from the seed instead (no duplicates), and the reconciliation at each start adds none.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { openDatabase } from '../index'
import { migrateToLatest } from '../migrate'
import { seedBase } from '../seed'
import { reconcileReference } from '../seed/reference'
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
  // the withdrawal dictionary as the seed of before wrote it (today's seed needs the later migrations)
  await old.db
    .insertInto('dict_data')
    .values(
      (['PENDING', 'APPROVED', 'REJECTED'] as const).map((value, i) => ({
        dict_type: 'withdraw_status',
        dict_label: value,
        dict_value: value,
        dict_sort: i + 1,
        list_class: '',
        css_class: '',
        is_default: i === 0 ? 'Y' : 'N',
        status: '0',
      })),
    )
    .execute()
  await migrateToLatest(old)
  const after = await facts(old)
  expect({ ...after, states: after.states.sort() }).toEqual({
    states: ['APPROVED', 'FAILED', 'PAID', 'PAYING', 'PENDING', 'REJECTED'],
    threshold: ['0'],
  })
  // and the reconciliation of the next start (db/seed/reference.ts) adds neither again
  await reconcileReference(old.db)
  const reconciled = await facts(old)
  expect({ ...reconciled, states: reconciled.states.sort() }).toEqual({
    ...after,
    states: after.states.sort(),
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

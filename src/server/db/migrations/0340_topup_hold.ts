import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

/**
 * The top-up hold (docs/trading-rules.md, "Withdrawals"): `topups.unspent` is what of a paid top-up
 * is still in the balance unspent (fen; spending takes it first-in-first-out, a refund to the channel
 * takes it back out). Top-ups paid before this migration count as spent (0). `withdrawals.held_topup`:
 * the unspent top-up money that stayed out of a withdrawal's reach when it was asked;
 * `withdrawals.name_checked`: 1 when its payee name was matched against the verified real name.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('topups')
      .addColumn('unspent', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await sql`create index topups_unspent on topups (user_id, paid_at) where unspent > 0`.execute(db)
    await db.schema
      .alterTable('withdrawals')
      .addColumn('held_topup', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('withdrawals')
      .addColumn('name_checked', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('withdrawals').dropColumn('name_checked').execute()
    await db.schema.alterTable('withdrawals').dropColumn('held_topup').execute()
    await db.schema.dropIndex('topups_unspent').execute()
    await db.schema.alterTable('topups').dropColumn('unspent').execute()
  },
})

export default migration

import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Trust fixes (docs/trading-rules.md):
 * - wallets.pay_check_until: one payment-password check at a time per user (a short lease), so only
 *   wrong answers count toward the lock and parallel guesses still cannot exceed it;
 * - goods.auto_delivery: the seller's choice to hand the saved delivery account over at payment;
 *   orders.auto_delivered / delivery_corrections: how the order was delivered and corrected;
 * - order_events: what happened to an order besides its state (delivery, corrections, automatic
 *   delivery), for the buyer, the seller and staff;
 * - user names unique whatever their letter case (older duplicates get their id appended).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema.alterTable('wallets').addColumn('pay_check_until', 'bigint').execute()
    await db.schema
      .alterTable('goods')
      .addColumn('auto_delivery', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()

    await db.schema
      .alterTable('orders')
      .addColumn('auto_delivered', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('orders')
      .addColumn('delivery_corrections', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()

    await createTableWithId(db, 'order_events', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'integer')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('detail', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('order_events_order_idx')
      .on('order_events')
      .columns(['order_no', 'id'])
      .execute()

    // older names that differ only in case: every one after the first keeps its id as a suffix
    await sql`
      update users set user_name = user_name || '_' || cast(id as text)
      where exists (
        select 1 from users u2 where lower(u2.user_name) = lower(users.user_name) and u2.id < users.id
      )`.execute(db)
    await sql`create unique index users_user_name_ci on users (lower(user_name))`.execute(db)
  },
})
export default migration

import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * Refunds to the channel a payment came through (docs/payments.md, "Refunds"): one row per refund,
 * our refund number being the provider's out_request_no / out_refund_no (asking twice refunds once).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'pay_refunds', dialect)
      .addColumn('refund_no', 'text', (c) => c.notNull().unique())
      .addColumn('attempt_no', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('order_no', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('fail_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('pay_refunds_attempt_idx').on('pay_refunds').column('attempt_no').execute()
    await db.schema.createIndex('pay_refunds_order_idx').on('pay_refunds').column('order_no').execute()
    // the refunds job reads the pending ones, oldest first
    await db.schema
      .createIndex('pay_refunds_status_idx')
      .on('pay_refunds')
      .columns(['status', 'created_at'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('pay_refunds').execute()
  },
})

export default migration

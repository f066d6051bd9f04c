import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * The pay module (docs/payments.md): one row per payment attempt (our attempt number is the
 * provider's out_trade_no; a top-up or an order may have several attempts, at most one paid) and
 * every notification received with its verdict.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'pay_attempts', dialect)
      .addColumn('attempt_no', 'text', (c) => c.notNull().unique())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('biz_type', 'text', (c) => c.notNull())
      .addColumn('biz_no', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('scene', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_trade_no', 'text')
      .addColumn('paid_at', 'bigint')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('pay_attempts_biz_idx')
      .on('pay_attempts')
      .columns(['biz_type', 'biz_no'])
      .execute()
    // the chasing job reads the waiting attempts, oldest first
    await db.schema
      .createIndex('pay_attempts_status_idx')
      .on('pay_attempts')
      .columns(['status', 'created_at'])
      .execute()
    await createTableWithId(db, 'pay_notifications', dialect)
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('notify_id', 'text', (c) => c.notNull())
      .addColumn('attempt_no', 'text', (c) => c.notNull())
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('needs_staff', 'integer', (c) => c.notNull())
      .addColumn('raw', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('pay_notifications_staff_idx')
      .on('pay_notifications')
      .columns(['needs_staff', 'id'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('pay_notifications').execute()
    await db.schema.dropTable('pay_attempts').execute()
  },
})

export default migration

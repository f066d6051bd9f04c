import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * Daily reconciliation of the pay module (docs/payments.md, "Reconciliation"): which providers'
 * bills were reconciled for which day (a day runs once per channel), and the mismatches found,
 * open until staff resolve them (对账差错).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'pay_bill_runs', dialect)
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('bill_lines', 'integer', (c) => c.notNull())
      .addColumn('our_lines', 'integer', (c) => c.notNull())
      .addColumn('mismatches', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('pay_bill_runs_day_uq', ['channel', 'day'])
      .execute()
    await createTableWithId(db, 'pay_mismatches', dialect)
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('mismatch_key', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('line_kind', 'text', (c) => c.notNull())
      .addColumn('our_no', 'text', (c) => c.notNull())
      .addColumn('our_amount', 'bigint')
      .addColumn('their_amount', 'bigint')
      .addColumn('our_state', 'text')
      .addColumn('provider_no', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('resolved_by', 'integer')
      .addColumn('resolved_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // a day stored twice stores each mismatch once
      .addUniqueConstraint('pay_mismatches_line_uq', ['channel', 'day', 'mismatch_key'])
      .execute()
    // the console lists the open ones, newest first; the dashboard counts them
    await db.schema
      .createIndex('pay_mismatches_status_idx')
      .on('pay_mismatches')
      .columns(['status', 'id'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('pay_mismatches').execute()
    await db.schema.dropTable('pay_bill_runs').execute()
  },
})

export default migration

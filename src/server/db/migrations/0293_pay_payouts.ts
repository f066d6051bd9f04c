import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * Payouts (docs/payments.md, "Payouts"): one row per transfer to a person's account, owned by the pay
 * module — our payout number is the provider's out_biz_no, written PAYING before the provider is
 * called, so a payout is never sent twice; `biz` (the withdrawal number) is unique: one payout per
 * withdrawal. withdrawals.payee_name: the payee account's real name the user typed (checked against
 * the verified real name; Alipay checks it against the account).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'pay_payouts', dialect)
      .addColumn('payout_no', 'text', (c) => c.notNull().unique())
      .addColumn('biz', 'text', (c) => c.notNull().unique())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_no', 'text')
      .addColumn('fail_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    // the polling job reads the PAYING payouts, oldest first
    await db.schema
      .createIndex('pay_payouts_status_idx')
      .on('pay_payouts')
      .columns(['status', 'updated_at'])
      .execute()
    await db.schema
      .alterTable('withdrawals')
      .addColumn('payee_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('withdrawals').dropColumn('payee_name').execute()
    await db.schema.dropTable('pay_payouts').execute()
  },
})

export default migration

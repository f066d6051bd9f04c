import { sql } from 'kysely'
import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * Payouts (docs/payments.md, "Payouts"): one row per transfer to a person's account, owned by the pay
 * module — our payout number is the provider's out_biz_no, written PAYING before the provider is
 * called, so a payout is never sent twice; `biz` (the withdrawal number) is unique: one payout per
 * withdrawal. withdrawals.payee_name: the payee account's real name the user typed (checked against
 * the verified real name; Alipay checks it against the account).
 *
 * An existing install (its base data seeded — the withdrawal dictionary is there; a new database is
 * seeded after its migrations, from db/seed, and earlier migrations already put rows in sys_config) gets the new withdrawal states in the console's dictionary and the 参数设置 value of the
 * automatic approval threshold, off (0).
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

    const states: Array<[string, string, string, number]> = [
      ['PAYING', '打款中', 'primary', 4],
      ['PAID', '已到账', 'success', 5],
      ['FAILED', '打款失败', 'danger', 6],
    ]
    for (const [value, label, listClass, sort] of states)
      await sql`
        insert into dict_data (dict_type, dict_label, dict_value, dict_sort, list_class, css_class, is_default, status)
        select 'withdraw_status', ${label}, ${value}, ${sort}, ${listClass}, '', 'N', '0'
        where exists (select 1 from dict_data where dict_type = 'withdraw_status')
          and not exists (select 1 from dict_data where dict_type = 'withdraw_status' and dict_value = ${value})`.execute(
        db,
      )
    await sql`
      insert into sys_config (config_key, config_value, config_name)
      select 'funds.withdraw.autoApproveMax', '0', '提现-自动审核打款上限（分，0 为关闭）'
      where exists (select 1 from dict_data where dict_type = 'withdraw_status')
        and not exists (select 1 from sys_config where config_key = 'funds.withdraw.autoApproveMax')`.execute(
      db,
    )
  },
  async down(db) {
    await db.schema.alterTable('withdrawals').dropColumn('payee_name').execute()
    await db.schema.dropTable('pay_payouts').execute()
  },
})

export default migration

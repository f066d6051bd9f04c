import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

/**
 * Funds fixes:
 * - topups.return_to: where the payment gateway sends the user back (a same-site path of an allowed
 *   page, rules/return-to.ts), e.g. the order's payment page when the top-up started there; null:
 *   the balance page;
 * - withdrawals.account_kind: BANK_CARD or ALIPAY (rules/payee-account.ts); requests made before
 *   the kinds existed are OTHER. The reject reason stays in withdrawals.remark;
 * - the demo data's third-party login address was a placeholder host: cleared, so the header hides
 *   the link until a real provider is configured.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('topups').addColumn('return_to', 'text').execute()
    await db.schema
      .alterTable('withdrawals')
      .addColumn('account_kind', 'text', (col) => col.notNull().defaultTo('OTHER'))
      .execute()
    await sql`
      update sys_config set config_value = ''
      where config_key = 'third.loginUrl' and config_value = 'https://passport.example.com/oauth/authorize'`.execute(
      db,
    )
  },
})
export default migration

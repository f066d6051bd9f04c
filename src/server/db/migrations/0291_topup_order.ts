import type { MigrationFactory } from './helpers'

/**
 * topups.order_no: a top-up started on an order's payment page with 支付宝 or 微信支付 (and the
 * balance for the rest) pays that order once it is credited (docs/payments.md, "Paying an order").
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('topups').addColumn('order_no', 'text').execute()
  },
  async down(db) {
    await db.schema.alterTable('topups').dropColumn('order_no').execute()
  },
})

export default migration

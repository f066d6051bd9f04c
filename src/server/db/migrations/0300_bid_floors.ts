import type { MigrationFactory } from './helpers'

/**
 * The seller's minimum bid per listing (docs/trading-rules.md, "Bids"): one row per listing whose
 * seller set one; a listing without a row takes trade.bid.floorPercent of its price.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('bid_floors')
      .addColumn('goods_id', 'integer', (c) => c.primaryKey())
      .addColumn('seller_id', 'integer', (c) => c.notNull())
      .addColumn('min_price', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('bid_floors').execute()
  },
})

export default migration

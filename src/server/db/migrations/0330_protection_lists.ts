import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'

/**
 * 包赔 in lists and at checkout (docs/recovery-protection.md, "In lists" and "额外包赔"):
 * - goods.protection_days: the listing's 包赔 days copied onto the listing (0: none), so the list's
 *   badge and its 包赔 filter read the goods table alone; filled from goods_protection;
 * - goods_protection.extra_fee / extra_days: the seller's optional 额外包赔 offer (fen; days added
 *   to the period), 0: none;
 * - orders.protection_fee: the fee of the 额外包赔 the buyer added at checkout (part of the amount);
 * - order_protections.extra_days / extra_fee: what the order's terms got from it.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('goods')
      .addColumn('protection_days', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await sql`update goods set protection_days = coalesce((select p.days from goods_protection p
      where p.goods_id = goods.id), 0) where goods_type = 'ACCOUNT'`.execute(db)
    await db.schema
      .alterTable('goods_protection')
      .addColumn('extra_fee', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('goods_protection')
      .addColumn('extra_days', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('orders')
      .addColumn('protection_fee', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('order_protections')
      .addColumn('extra_days', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('order_protections')
      .addColumn('extra_fee', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db) {
    await db.schema.alterTable('order_protections').dropColumn('extra_fee').execute()
    await db.schema.alterTable('order_protections').dropColumn('extra_days').execute()
    await db.schema.alterTable('orders').dropColumn('protection_fee').execute()
    await db.schema.alterTable('goods_protection').dropColumn('extra_days').execute()
    await db.schema.alterTable('goods_protection').dropColumn('extra_fee').execute()
    await db.schema.alterTable('goods').dropColumn('protection_days').execute()
  },
})

export default migration

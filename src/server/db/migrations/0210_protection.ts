import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * 包赔 (docs/recovery-protection.md): the protection an account listing offers (goods_protection), the
 * protection of each sold order with its deposit (order_protections) and the buyers' claims
 * (protection_claims; one open claim per order: open_order_no is unique and set only while open).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('goods_protection')
      .addColumn('goods_id', 'integer', (col) => col.primaryKey().references('goods.id').onDelete('cascade'))
      .addColumn('seller_id', 'integer', (col) => col.notNull())
      .addColumn('days', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addCheckConstraint('goods_protection_days_ck', sql`days between 1 and 365`)
      .execute()

    await createTableWithId(db, 'order_protections', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('goods_id', 'integer', (col) => col.notNull())
      .addColumn('buyer_id', 'integer', (col) => col.notNull())
      .addColumn('seller_id', 'integer', (col) => col.notNull())
      .addColumn('days', 'integer', (col) => col.notNull())
      /** the deposit of the terms (fen) and what is frozen now */
      .addColumn('deposit', 'bigint', (col) => col.notNull())
      .addColumn('deposit_held', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('starts_at', 'bigint', (col) => col.notNull())
      .addColumn('ends_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addCheckConstraint('order_protections_held_ck', sql`deposit_held >= 0 and deposit_held <= deposit`)
      .execute()
    await db.schema
      .createIndex('order_protections_order_uq')
      .on('order_protections')
      .column('order_no')
      .unique()
      .execute()
    await db.schema
      .createIndex('order_protections_due_idx')
      .on('order_protections')
      .columns(['status', 'ends_at'])
      .execute()

    await createTableWithId(db, 'protection_claims', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('buyer_id', 'integer', (col) => col.notNull())
      .addColumn('seller_id', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      /** JSON array of image ids */
      .addColumn('image_ids', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      /** the order number while the claim is open, else null: one open claim per order */
      .addColumn('open_order_no', 'text')
      .addColumn('paid_amount', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('from_deposit', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('from_balance', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('owed_amount', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('reject_reason', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addCheckConstraint(
        'protection_claims_paid_ck',
        sql`paid_amount = from_deposit + from_balance and from_deposit >= 0 and from_balance >= 0 and owed_amount >= 0`,
      )
      .execute()
    await db.schema
      .createIndex('protection_claims_open_uq')
      .on('protection_claims')
      .column('open_order_no')
      .unique()
      .execute()
    await db.schema
      .createIndex('protection_claims_order_idx')
      .on('protection_claims')
      .columns(['order_no', 'created_at'])
      .execute()
    await db.schema
      .createIndex('protection_claims_status_idx')
      .on('protection_claims')
      .columns(['status', 'created_at'])
      .execute()
  },
})

export default migration

import { sql } from 'kysely'
import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * 评价 (docs/trading-rules.md, "Reviews"): one review per completed order by its buyer, the seller's
 * one reply, staff hiding; and the reports of reviews (one per user and review).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'order_reviews', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('buyer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('goods_id', 'integer', (col) => col.notNull())
      /** the order's title at rating time */
      .addColumn('goods_title', 'text', (col) => col.notNull())
      .addColumn('stars', 'integer', (col) => col.notNull())
      /** JSON array of review_tag dictionary values */
      .addColumn('tags', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'bigint')
      .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('hidden_reason', 'text')
      .addColumn('hidden_by', 'integer')
      .addColumn('hidden_at', 'bigint')
      .addColumn('report_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint('order_reviews_stars_ck', sql`stars between 1 and 5`)
      .execute()
    await db.schema
      .createIndex('order_reviews_order_uq')
      .on('order_reviews')
      .column('order_no')
      .unique()
      .execute()
    await db.schema
      .createIndex('order_reviews_seller_idx')
      .on('order_reviews')
      .columns(['seller_id', 'hidden', 'created_at'])
      .execute()
    await db.schema
      .createIndex('order_reviews_buyer_idx')
      .on('order_reviews')
      .columns(['buyer_id', 'created_at'])
      .execute()

    await createTableWithId(db, 'review_reports', dialect)
      .addColumn('review_id', 'integer', (col) =>
        col.notNull().references('order_reviews.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('review_reports_uq')
      .on('review_reports')
      .columns(['review_id', 'user_id'])
      .unique()
      .execute()
    await db.schema
      .createIndex('review_reports_user_idx')
      .on('review_reports')
      .columns(['user_id', 'created_at'])
      .execute()
  },
})

export default migration

import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/** Batch-publish previews, encrypted delivery accounts and goods pushes. */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('goods_batches')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id'))
      .addColumn('goods_type', 'text', (col) => col.notNull())
      .addColumn('rows_json', 'text', (col) => col.notNull())
      .addColumn('total_rows', 'integer', (col) => col.notNull())
      .addColumn('valid_rows', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('published_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('goods_batches_expires_idx')
      .on('goods_batches')
      .column('expires_at')
      .execute()

    await db.schema
      .createTable('goods_delivery_accounts')
      .addColumn('goods_id', 'integer', (col) => col.primaryKey().references('goods.id').onDelete('cascade'))
      .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id'))
      .addColumn('fields_enc', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()

    await createTableWithId(db, 'goods_pushes', dialect)
      .addColumn('goods_id', 'integer', (col) => col.notNull().references('goods.id').onDelete('cascade'))
      .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id'))
      .addColumn('hours', 'integer', (col) => col.notNull())
      .addColumn('start_at', 'bigint', (col) => col.notNull())
      .addColumn('end_at', 'bigint', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('goods_pushes_seller_idx')
      .on('goods_pushes')
      .columns(['seller_id', 'day'])
      .execute()
    await db.schema.createIndex('goods_pushes_goods_idx').on('goods_pushes').column('goods_id').execute()
  },
})

export default migration

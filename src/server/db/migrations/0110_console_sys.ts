import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Console 订单管理 and 字典管理 (docs/console.md): staff notes on orders (never shown to the parties),
 * and whether a dictionary entry is one the app's code uses (`builtin`: its value is fixed and it
 * cannot be deleted). Every entry that exists when this runs, and every one a seed or a migration
 * inserts later without saying otherwise, is built in; entries staff add in the console are not.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'order_notes', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'integer', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('order_notes_order_idx')
      .on('order_notes')
      .columns(['order_no', 'id'])
      .execute()

    await db.schema
      .alterTable('dict_data')
      .addColumn('builtin', 'integer', (col) => col.notNull().defaultTo(1))
      .execute()
  },
})

export default migration

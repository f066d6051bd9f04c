import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/** Site notices (help pages, agreements, announcements), in-site messages and guaranteed-order messages. */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('notices')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('notice_type', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('notices_type_idx')
      .on('notices')
      .columns(['notice_type', 'created_at'])
      .execute()

    await createTableWithId(db, 'web_messages', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('message_type', 'text', (col) => col.notNull())
      .addColumn('is_read', 'integer', (col) => col.notNull())
      .addColumn('deleted', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('web_messages_user_idx')
      .on('web_messages')
      .columns(['user_id', 'deleted', 'is_read'])
      .execute()

    await createTableWithId(db, 'warrant_messages', dialect)
      .addColumn('order_no', 'text', (col) => col.notNull())
      .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recipient_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('read_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('warrant_messages_recipient_idx')
      .on('warrant_messages')
      .columns(['recipient_id', 'read_at'])
      .execute()
  },
})

export default migration

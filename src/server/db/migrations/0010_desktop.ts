import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Tables of the desktop-client issue: the per-user live event log (the SSE stream resumes from it
 * with Last-Event-ID), the files the server generated for a user (the only files
 * /api/common/download serves), and the messages left for customer service outside its hours.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'live_events', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema.createIndex('live_events_user_idx').on('live_events').columns(['user_id', 'id']).execute()

    await createTableWithId(db, 'exports', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('exports_user_file_unique', ['user_id', 'file_name'])
      .execute()
    await db.schema.createIndex('exports_expires_idx').on('exports').column('expires_at').execute()

    await createTableWithId(db, 'cs_leave_messages', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('contact', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('client', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('cs_leave_messages_status_idx')
      .on('cs_leave_messages')
      .columns(['status', 'created_at'])
      .execute()
  },
})

export default migration

import type { MigrationFactory } from './helpers'
import { recountUnread } from '../../modules/message/repo'

/**
 * The unread count of each user's in-site messages, kept as a number (docs/scaling.md, "Payments at
 * database speed"): web_message_unread.unread equals the count of the user's messages with
 * is_read = 0 and deleted = 0, changed in the same transaction as every insert, read and removal
 * (message/repo.ts). A missing row means 0. Filled here from the messages already stored.
 */
const migration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('web_message_unread')
      .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('unread', 'integer', (col) => col.notNull())
      .execute()
    await recountUnread(db)
  },
  async down(db) {
    await db.schema.dropTable('web_message_unread').execute()
  },
})

export default migration

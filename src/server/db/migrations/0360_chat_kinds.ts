import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * Pre-sale chat beyond text (docs/pre-sale-chat.md, "Message kinds"): each message has a kind
 * (TEXT for every older row) and, for a listing card or an image, its JSON payload; sellers keep
 * a short list of quick replies.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .alterTable('chat_messages')
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('TEXT'))
      .execute()
    await db.schema.alterTable('chat_messages').addColumn('payload', 'text').execute()

    await createTableWithId(db, 'chat_quick_replies', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('chat_quick_replies_user_idx')
      .on('chat_quick_replies')
      .columns(['user_id', 'id'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('chat_quick_replies').execute()
    await db.schema.alterTable('chat_messages').dropColumn('payload').execute()
    await db.schema.alterTable('chat_messages').dropColumn('kind').execute()
  },
})

export default migration

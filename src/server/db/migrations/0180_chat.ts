import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * 售前咨询 (docs/pre-sale-chat.md): one conversation per (listing, buyer) with a read marker per
 * side, and its text messages.
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'chat_conversations', dialect)
      .addColumn('goods_id', 'integer', (col) => col.notNull())
      .addColumn('buyer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('seller_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_message_id', 'integer')
      .addColumn('last_message_at', 'bigint')
      .addColumn('buyer_read_id', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('seller_read_id', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createIndex('chat_conversations_goods_buyer_uq')
      .on('chat_conversations')
      .columns(['goods_id', 'buyer_id'])
      .unique()
      .execute()
    await db.schema
      .createIndex('chat_conversations_buyer_idx')
      .on('chat_conversations')
      .columns(['buyer_id', 'last_message_at'])
      .execute()
    await db.schema
      .createIndex('chat_conversations_seller_idx')
      .on('chat_conversations')
      .columns(['seller_id', 'last_message_at'])
      .execute()

    await createTableWithId(db, 'chat_messages', dialect)
      .addColumn('conversation_id', 'integer', (col) =>
        col.notNull().references('chat_conversations.id').onDelete('cascade'),
      )
      .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('chat_messages_conversation_idx')
      .on('chat_messages')
      .columns(['conversation_id', 'id'])
      .execute()
    await db.schema
      .createIndex('chat_messages_sender_idx')
      .on('chat_messages')
      .columns(['sender_id', 'created_at'])
      .execute()
  },
  async down(db) {
    await db.schema.dropTable('chat_messages').execute()
    await db.schema.dropTable('chat_conversations').execute()
  },
})

export default migration

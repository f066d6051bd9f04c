import { sql } from 'kysely'
import { createTableWithId, type MigrationFactory } from './helpers'

/**
 * 在线客服 (docs/customer-service.md): conversations between a user and platform support, their
 * messages, the agents' profiles (staff name and 工号) and the canned replies of each team.
 * At most one open (not ENDED) conversation per user: a partial unique index (both dialects).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'cs_conversations', dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('client', 'varchar(16)', (c) => c.notNull().defaultTo('web'))
      .addColumn('attach_kind', 'varchar(16)')
      .addColumn('attach_order_no', 'varchar(40)')
      .addColumn('attach_goods_id', 'integer')
      .addColumn('attach_dispute_id', 'integer')
      .addColumn('attach_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('agent_id', 'integer')
      .addColumn('left_message', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('wait_from', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('assigned_at', 'bigint')
      .addColumn('first_response_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('ended_by', 'varchar(8)')
      .addColumn('rating_score', 'integer')
      .addColumn('rating_text', 'varchar(200)')
      .addColumn('rated_at', 'bigint')
      .addColumn('last_message_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_message_at', 'bigint')
      .addColumn('last_preview', 'varchar(80)')
      .addColumn('user_read_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createIndex('cs_conversations_open_uq')
      .on('cs_conversations')
      .column('user_id')
      .unique()
      .where(sql.ref('status'), '<>', 'ENDED')
      .execute()
    await db.schema
      .createIndex('cs_conversations_user_idx')
      .on('cs_conversations')
      .columns(['user_id', 'id'])
      .execute()
    await db.schema
      .createIndex('cs_conversations_status_idx')
      .on('cs_conversations')
      .columns(['status', 'agent_id'])
      .execute()
    await db.schema
      .createIndex('cs_conversations_created_idx')
      .on('cs_conversations')
      .column('created_at')
      .execute()

    await createTableWithId(db, 'cs_messages', dialect)
      .addColumn('conversation_id', 'integer', (c) => c.notNull())
      .addColumn('sender', 'varchar(8)', (c) => c.notNull())
      .addColumn('sender_id', 'integer')
      .addColumn('sender_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('staff_no', 'varchar(16)')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('image_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('cs_messages_conversation_idx')
      .on('cs_messages')
      .columns(['conversation_id', 'id'])
      .execute()
    await db.schema
      .createIndex('cs_messages_sender_idx')
      .on('cs_messages')
      .columns(['sender_id', 'created_at'])
      .execute()

    await db.schema
      .createTable('cs_agents')
      .addColumn('user_id', 'integer', (c) => c.primaryKey())
      .addColumn('staff_no', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('team', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('max_load', 'integer', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()

    await createTableWithId(db, 'cs_canned_replies', dialect)
      .addColumn('team', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(64)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('cs_canned_team_idx')
      .on('cs_canned_replies')
      .columns(['team', 'sort'])
      .execute()
  },
  async down(db) {
    for (const t of ['cs_canned_replies', 'cs_agents', 'cs_messages', 'cs_conversations'])
      await db.schema.dropTable(t).execute()
  },
})

export default migration
